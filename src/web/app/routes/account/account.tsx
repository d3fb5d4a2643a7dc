import AddressBook from '#web/features/account/components/address-book.tsx';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { ROLE_LABELS } from '#web/features/auth/roles.ts';
import { formatDate } from '#web/lib/format.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';

export default function AccountRoute() {
  const { user } = useAuth();
  const store = useStoreInfo();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <title>{`My account · ${store.name}`}</title>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">My account</h1>
      <dl className="mt-4 grid gap-3 rounded-xl border border-slate-200 bg-white p-5 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">Name</dt>
          <dd className="font-medium text-slate-900">{user.name}</dd>
        </div>
        <div>
          <dt className="text-slate-500">E-mail</dt>
          <dd className="font-medium break-all text-slate-900">{user.email}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Account</dt>
          <dd className="font-medium text-slate-900">
            {ROLE_LABELS[user.role]} since {formatDate(user.createdAt)}
          </dd>
        </div>
      </dl>
      <div className="mt-8">
        <AddressBook />
      </div>
    </div>
  );
}
