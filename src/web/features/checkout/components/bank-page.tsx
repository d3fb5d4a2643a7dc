import { useState } from 'react';
import { formatPrice } from '#shared/money.ts';
import type { PaymentResult, PaymentWithOrder } from '#shared/schemas/orders.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { Loading } from '#web/components/ui/loading.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import type { CheckoutApi } from '../api/checkout-api.ts';

interface BankPageProps<D> {
  /** the member's or the guest's calls */
  api: CheckoutApi<D>;
  paymentId: number;
  /** the payment's order, when the address names it (a guest's token is the order's) */
  orderId?: number;
  onDone: (result: PaymentResult, orderId: number) => void;
}

/** The sandbox's stand-in for a bank's Net Banking page, for a member's payment or a guest's. */
export function BankPage<D>({ api, paymentId, orderId, onDone }: BankPageProps<D>) {
  const payment = api.usePayment(orderId, paymentId);

  return (
    <div className="px-4 py-10">
      <title>Net Banking · Test mode</title>
      {payment.isPending ? (
        <Loading label="Connecting to your bank…" />
      ) : payment.isError ? (
        <p role="alert" className="text-red-800">
          {payment.error.message}
        </p>
      ) : (
        <BankForm api={api} paymentId={paymentId} data={payment.data} onDone={onDone} />
      )}
    </div>
  );
}

/** The bank's page once the payment is loaded: its bank, order and amount, and the sandbox's two answers. */
function BankForm<D>({
  api,
  paymentId,
  data,
  onDone,
}: Pick<BankPageProps<D>, 'api' | 'paymentId' | 'onDone'> & { data: PaymentWithOrder }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const { payment: p, order } = data;

  async function answer(outcome: 'success' | 'failure') {
    setBusy(true);
    setError(undefined);
    try {
      onDone(await api.answerBank(order.id, paymentId, outcome), order.id);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The bank could not be reached. Please try again.');
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto max-w-md rounded-2xl border-2 border-dashed border-amber-400 bg-white p-6 text-center shadow-sm">
      <p className="text-xs font-bold tracking-wide text-amber-800 uppercase">Test mode · simulated bank page</p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{p.details.bank ?? 'Your bank'}</h1>
      <p className="mt-1 text-slate-600">Net Banking payment to Circuit Bazaar</p>
      <dl className="mt-4 space-y-1 text-sm">
        <div className="flex justify-between">
          <dt className="text-slate-600">Order</dt>
          <dd className="font-medium">{order.number}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-slate-600">Amount</dt>
          <dd className="font-bold">{formatPrice(p.amount)}</dd>
        </div>
      </dl>
      {error && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-2 text-sm text-red-800">
          {error}
        </p>
      )}
      {p.status === 'created' ? (
        <div className="mt-6 grid grid-cols-2 gap-3">
          <button type="button" disabled={busy} onClick={() => void answer('success')} className={buttonClass('primary', 'lg')}>
            Success
          </button>
          <button type="button" disabled={busy} onClick={() => void answer('failure')} className={buttonClass('secondary', 'lg')}>
            Failure
          </button>
        </div>
      ) : (
        <p className="mt-4 text-sm text-slate-700">This payment is already {p.status}.</p>
      )}
    </div>
  );
}
