import { useLocation } from 'react-router';
import { linkToken } from '#web/features/auth/api/password-reset.ts';
import { ConfirmReturnPanel } from '#web/features/orders/components/confirm-return-panel.tsx';
import { useStoreInfo } from '#web/lib/store-info.ts';

/** The link mailed to confirm a guest's return request: /track/confirm-return#token=… (after #, so it stays out of logs and Referer). */
export default function ConfirmReturnRoute() {
  const store = useStoreInfo();
  const { hash } = useLocation();
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 lg:py-8">
      <title>{`Confirm your return · ${store.name}`}</title>
      <h1 className="mb-5 text-2xl font-bold text-slate-900 sm:text-3xl">Confirm your return</h1>
      <ConfirmReturnPanel token={linkToken(hash)} />
    </div>
  );
}
