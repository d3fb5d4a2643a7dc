import { useNavigate, useParams } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { BankPage } from '#web/features/checkout/components/bank-page.tsx';
import NotFound from '../not-found.tsx';

export default function BankRoute() {
  const { paymentId = '' } = useParams();
  const navigate = useNavigate();
  if (!/^[1-9]\d{0,14}$/.test(paymentId)) return <NotFound />;
  return (
    <div className="px-4 py-10">
      <title>Net Banking · Test mode</title>
      <BankPage
        paymentId={Number(paymentId)}
        onDone={(result, orderId) =>
          void navigate(result.next === 'done' ? `${paths.orderSuccess()}?order=${orderId}` : `${paths.checkout()}?order=${orderId}&failed=1`, { replace: true })
        }
      />
    </div>
  );
}
