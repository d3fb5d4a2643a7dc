import { useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { memberCheckout } from '#web/features/checkout/api/checkout.ts';
import { guestCheckout } from '#web/features/checkout/api/guest-checkout.ts';
import { BankPage } from '#web/features/checkout/components/bank-page.tsx';
import NotFound from '../not-found.tsx';

const ID = /^[1-9]\d{0,14}$/;

export default function BankRoute() {
  const { paymentId = '' } = useParams();
  const navigate = useNavigate();
  if (!ID.test(paymentId)) return <NotFound />;
  return (
    <BankPage
      api={memberCheckout}
      paymentId={Number(paymentId)}
      onDone={(result, orderId) =>
        void navigate(
          result.next === 'done' ? `${paths.orderSuccess()}?order=${orderId}` : `${paths.checkout()}?order=${orderId}&failed=1`,
          { replace: true },
        )
      }
    />
  );
}

/** A guest's Net Banking payment: the same bank page, with the order's token (the order named in the address). */
export function GuestBankRoute() {
  const { paymentId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const order = params.get('order') ?? '';
  if (!ID.test(paymentId) || !ID.test(order)) return <NotFound />;
  return (
    <BankPage
      api={guestCheckout}
      paymentId={Number(paymentId)}
      orderId={Number(order)}
      onDone={(result, orderId) =>
        void navigate(`${paths.guestOrder(orderId)}${result.next === 'done' ? '' : '&failed=1'}`, { replace: true })
      }
    />
  );
}
