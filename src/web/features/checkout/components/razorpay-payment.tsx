import { useCallback, useEffect, useRef, useState } from 'react';
import { formatPrice } from '#shared/money.ts';
import type { PaymentResult, PaymentWithOrder } from '#shared/schemas/orders.ts';
import type { RazorpayCheckout, RazorpayHandlerInput } from '#shared/schemas/payment-gateway.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { formatTime } from '#web/lib/format.ts';
import type { CheckoutApi } from '../api/checkout-api.ts';
import { loadRazorpay, type RazorpayConstructor, type RazorpayInstance, razorpayOptions } from '../api/razorpay-checkout.ts';

/** How often a payment that has not settled is asked about. */
export const POLL_MS = 3_000;

type Phase =
  /** loading the script and opening Razorpay's window */
  | 'opening'
  /** the shopper is in Razorpay's window */
  | 'open'
  /** Razorpay says paid: our server checks its signature */
  | 'verifying'
  /** the window is closed, or its answer was lost: asking our server until the payment settles */
  | 'waiting'
  | 'failed'
  /** the order's time to pay is over */
  | 'expired'
  /** Razorpay's script would not load */
  | 'unavailable';

/**
 * What our server's answer means here: paid (captured, or the order confirmed by a webhook),
 * expired (the order cancelled), failed (once Razorpay's window, which offers another try, is
 * closed), or nothing yet.
 */
function verdictOf(data: PaymentWithOrder | undefined, phase: Phase): 'paid' | 'failed' | 'expired' | undefined {
  if (!data) return undefined;
  const { payment, order } = data;
  if (payment.status === 'captured' || (order.status !== 'pending_payment' && order.status !== 'cancelled')) return 'paid';
  if (order.status === 'cancelled') return 'expired';
  if ((payment.status === 'failed' || payment.status === 'cancelled' || payment.abandoned) && phase === 'waiting') return 'failed';
  return undefined;
}

export interface RazorpayPaymentProps<D> {
  api: CheckoutApi<D>;
  orderId: number;
  orderNumber: string;
  /** the end of the order's time to pay (ISO), after which it is cancelled */
  payBy: string | null;
  /** the attempt our server made, with its Razorpay order */
  attempt: PaymentResult & { razorpay: RazorpayCheckout };
  checkoutScriptUrl: string;
  onPaid: (orderId: number) => void;
  /** a new attempt with the same method, once this one has failed */
  onRetry: () => void;
  onChooseAnother: () => void;
}

/**
 * Paying one attempt in Razorpay's Standard Checkout. Its handler's answer is verified by our
 * server; when the window is closed, a payment fails or that answer is lost, our server is asked
 * every few seconds until the payment is captured or failed (a webhook may settle it meanwhile)
 * or the time to pay runs out. The status is announced, and takes the focus as it changes.
 */
export function RazorpayPayment<D>({
  api,
  orderId,
  orderNumber,
  payBy,
  attempt,
  checkoutScriptUrl,
  onPaid,
  onRetry,
  onChooseAnother,
}: RazorpayPaymentProps<D>) {
  const paymentId = attempt.payment.id;
  const [phase, setPhase] = useState<Phase>('opening');
  const [failure, setFailure] = useState<string>();
  const [polling, setPolling] = useState(false);
  const checkout = useRef<RazorpayInstance | undefined>(undefined);
  const status = useRef<HTMLDivElement>(null);
  const finished = useRef(false);
  const polled = api.usePayment(orderId, paymentId, (data) =>
    polling && phase !== 'failed' && phase !== 'expired' && verdictOf(data, phase) === undefined ? POLL_MS : false,
  );
  // What our server says of the payment, while it is asked, over what this page last knew.
  const verdict = polling ? verdictOf(polled.data, phase) : undefined;
  const shownPhase: Phase = verdict === 'failed' || verdict === 'expired' ? verdict : phase;
  const settled = shownPhase === 'failed' || shownPhase === 'expired';

  // The parent's callback as it is now, without reopening Razorpay's window when it changes.
  const paid = useRef(onPaid);
  const refetchNow = useRef(polled.refetch);
  useEffect(() => {
    paid.current = onPaid;
    refetchNow.current = polled.refetch;
  });
  const finish = useCallback(() => {
    if (finished.current) return;
    finished.current = true;
    checkout.current?.close();
    paid.current(orderId);
  }, [orderId]);

  const verify = useCallback(
    async (response: RazorpayHandlerInput) => {
      setPhase('verifying');
      try {
        const answer = await api.confirmRazorpay(orderId, paymentId, response);
        if (answer.next === 'done') return finish();
        if (answer.next === 'retry') {
          setFailure(answer.payment.failureReason ?? 'The payment failed');
          return setPhase('failed');
        }
      } catch {
        // The answer was lost or refused: what the payment became is asked below.
      }
      setPhase('waiting');
      setPolling(true);
    },
    [api, finish, orderId, paymentId],
  );

  // Opens Razorpay's window on the attempt's Razorpay order (the same order again on a retry, so it is never paid twice).
  const open = useCallback(() => {
    const show = (Razorpay: RazorpayConstructor) => {
      const instance = new Razorpay(
        razorpayOptions(attempt.razorpay, {
          onPaid: (response) => void verify(response),
          onDismiss: () => {
            setPhase((current) => (current === 'open' ? 'waiting' : current));
            setPolling(true);
            void refetchNow.current();
          },
        }),
      );
      instance.on('payment.failed', (event) => {
        setFailure(event.error.description ?? 'The payment failed');
        setPolling(true);
      });
      checkout.current = instance;
      instance.open();
      setPhase('open');
    };
    const unavailable = (error: Error) => {
      setFailure(error.message);
      setPhase('unavailable');
    };
    loadRazorpay(checkoutScriptUrl).then(show).catch(unavailable);
  }, [attempt.razorpay, checkoutScriptUrl, verify]);

  useEffect(() => {
    open();
    return () => checkout.current?.close();
  }, [open]);

  useEffect(() => {
    if (verdict === 'paid') finish();
    else if (verdict === 'expired') checkout.current?.close();
  }, [verdict, finish]);

  // The time to pay ends: the order is cancelled by the server, and nothing here can pay it.
  const { refetch } = polled;
  useEffect(() => {
    if (!payBy || settled) return;
    const expire = () => {
      checkout.current?.close();
      setPhase('expired');
    };
    // Asked once more at the end: a payment made in its last seconds still counts.
    const timer = window.setTimeout(
      () => void refetch().then((last) => (last.data?.payment.status === 'captured' ? finish() : expire())),
      Math.max(0, Date.parse(payBy) - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [payBy, settled, refetch, finish]);

  useEffect(() => {
    if (shownPhase !== 'opening' && shownPhase !== 'open') status.current?.focus();
  }, [shownPhase]);

  const amount = formatPrice(attempt.razorpay.amount);
  const message: Record<Phase, { title: string; detail?: string }> = {
    opening: { title: 'Opening Razorpay’s secure checkout…' },
    open: failure
      ? { title: 'That payment did not go through.', detail: `${failure}. You can try again in Razorpay’s window.` }
      : { title: 'Complete the payment in Razorpay’s window.', detail: `Pay ${amount} for order ${orderNumber}.` },
    verifying: { title: 'Confirming your payment…' },
    waiting: {
      title: 'Waiting for your payment…',
      detail: `If you paid in your UPI app or with the QR code, this page moves on by itself once the payment is confirmed${payBy ? `. Order ${orderNumber} is kept for you until ${formatTime(payBy)} (India time)` : ''}.`,
    },
    failed: {
      title: 'The payment failed.',
      detail: `${polled.data?.payment.failureReason ?? failure ?? 'The payment failed'}. Your order is saved; you can try again.`,
    },
    expired: {
      title: 'The time to pay for this order has passed.',
      detail: `Order ${orderNumber} is cancelled. If money left your account for it, it is refunded to you automatically.`,
    },
    unavailable: { title: 'Razorpay’s checkout could not be opened.', detail: failure },
  };
  const shown = message[shownPhase];
  const problem = shownPhase === 'failed' || shownPhase === 'unavailable' || shownPhase === 'expired';

  return (
    <div className="space-y-4">
      <div
        ref={status}
        tabIndex={-1}
        role="status"
        aria-live="polite"
        className={`rounded-lg border p-4 text-sm focus:outline-none focus-visible:ring-3 focus-visible:ring-brand-500 ${problem ? 'border-red-200 bg-red-50 text-red-900' : 'border-slate-200 bg-slate-50 text-slate-900'}`}
      >
        <p className="flex items-center gap-2 font-semibold">
          {(shownPhase === 'waiting' || shownPhase === 'verifying' || shownPhase === 'opening') && (
            <span aria-hidden="true" className="size-3 shrink-0 animate-pulse rounded-full bg-brand-600" />
          )}
          {shown.title}
        </p>
        {shown.detail && <p className="mt-1 wrap-break-word">{shown.detail}</p>}
      </div>
      {shownPhase !== 'opening' && shownPhase !== 'verifying' && shownPhase !== 'expired' && (
        <div className="flex flex-wrap gap-2">
          {shownPhase !== 'open' && (
            <button
              type="button"
              onClick={
                shownPhase === 'failed'
                  ? onRetry
                  : () => {
                      setPhase('opening');
                      open();
                    }
              }
              className={buttonClass('accent')}
            >
              {shownPhase === 'failed' ? `Retry · ${amount}` : 'Retry'}
            </button>
          )}
          <button
            type="button"
            onClick={() => {
              checkout.current?.close();
              onChooseAnother();
            }}
            className={buttonClass('ghost')}
          >
            Choose another way to pay
          </button>
        </div>
      )}
    </div>
  );
}
