import { type ReactNode, useRef, useState } from 'react';
import type { AppliedBankOffer } from '#shared/bank-offers.ts';
import { formatPrice } from '#shared/money.ts';
import type { CartLineInput } from '#shared/schemas/cart.ts';
import type { BuyerGstInput, Order, PaymentInput, PaymentResult } from '#shared/schemas/orders.ts';
import type { HostedPaymentInput } from '#shared/schemas/payment-gateway.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { formatTime } from '#web/lib/format.ts';
import { useRememberedCoupon } from '#web/lib/remembered-coupon.ts';
import type { CheckoutApi } from '../api/checkout-api.ts';
import { useReview } from '../api/checkout.ts';
import { rememberBuyNowOrder } from '../buy-now.ts';
import { AddressLines, type ShownAddress } from './address-lines.tsx';
import { CheckoutStep } from './checkout-step.tsx';
import { CheckoutSummary } from './checkout-summary.tsx';
import { isCouponRefusal } from './coupon-refusal.ts';
import { PaymentStep } from './payment-step.tsx';
import { ResumedOrder } from './resumed-order.tsx';
import { ReviewItemsStep } from './review-items-step.tsx';
import { useIdempotencyKey } from './use-idempotency-key.ts';

type Step = 'contact' | 'address' | 'review' | 'payment';

export interface CheckoutFlowProps<D> {
  /** the member's or the guest's calls; `D` is where the order goes */
  api: CheckoutApi<D>;
  lines: CartLineInput[];
  /** the session storage key of this checkout's idempotency key */
  keyName: string;
  /** a guest first gives the e-mail for the order's mails and tracking (a member has the account's) */
  contact?: { summary: string; render: (onDone: () => void) => ReactNode };
  /** the delivery address step: calls onChosen with where the order goes, which moves on to the review */
  renderAddressStep: (chosen: D | undefined, onChosen: (destination: D, shown: ShownAddress) => void) => ReactNode;
  /** above the steps (a guest's "Have an account? Sign in") */
  notice?: ReactNode;
  /** pay for an existing order awaiting payment instead of the lines */
  resumeOrderId?: number;
  /** "Buy now": `lines` is one offer, not the cart; the cart's coupon is not used and the cart is left as it is */
  buyNow?: boolean;
  initialError?: string;
  /** where an order that can no longer be paid is seen: a member's order page, a guest's tracking */
  orderPath: (order: Order) => string;
  onPaid: (orderId: number) => void;
  onBank: (paymentId: number, orderId: number) => void;
}

/**
 * The checkout's steps, the same for a member and a guest: (a guest's e-mail,) the delivery
 * address, the review of the items with the cart's coupon and a business's GSTIN, and payment by
 * any method. The order is placed when the shopper pays; its total is the one reviewed.
 */
export function CheckoutFlow<D>({
  api,
  lines,
  keyName,
  contact,
  renderAddressStep,
  notice,
  resumeOrderId,
  buyNow = false,
  initialError,
  orderPath,
  onPaid,
  onBank,
}: CheckoutFlowProps<D>) {
  const options = api.useOptions();
  const resumed = api.useOrder(resumeOrderId);
  // The coupon applied in the cart, priced with the lines and sent with the order.
  const [cartCoupon, setCouponCode] = useRememberedCoupon();
  const couponCode = buyNow ? null : cartCoupon;
  const [couponRefusal, setCouponRefusal] = useState<string | undefined>();
  const [announcement, setAnnouncement] = useState('');
  const summaryHeading = useRef<HTMLHeadingElement>(null);
  const review = useReview(resumeOrderId === undefined ? lines : [], couponCode);
  const idempotencyKey = useIdempotencyKey(lines, keyName);
  const [step, setStep] = useState<Step>(resumeOrderId !== undefined ? 'payment' : contact ? 'contact' : 'address');
  const [buyerGst, setBuyerGst] = useState<BuyerGstInput | undefined>();
  const [destination, setDestination] = useState<{ to: D; shown: ShownAddress } | undefined>();
  const [placed, setOrder] = useState<Order | undefined>();
  // The order being paid: the one placed here, or the one resumed.
  const order = placed ?? resumed.data;
  const [otpFor, setOtpFor] = useState<number | undefined>();
  // An attempt paid in Razorpay's checkout, from "Pay" until it settles or another method is chosen.
  const [hosted, setHosted] = useState<PaymentResult | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(initialError);
  // The bank offer the card being entered gets: the summary shows it, so its total is the Pay button's.
  const [bankOffer, setBankOffer] = useState<AppliedBankOffer | undefined>();

  const cashOnDelivery = api.useCashOnDelivery(order?.id, step === 'payment' ? destination?.to : undefined, lines);
  const quote = review.data;
  const quoteSettled = quote !== undefined && !review.isPlaceholderData;
  const couponApplied = quoteSettled && couponCode !== null && quote.coupon?.code === couponCode ? quote.coupon : null;
  const couponProblem =
    couponRefusal ??
    (quoteSettled && couponCode !== null && !couponApplied
      ? (quote.couponError ?? `${couponCode} cannot be used on this order`)
      : undefined);
  const blocked = quote?.items.some((line) => line.status !== 'ok') ?? false;
  const total = order?.total ?? quote?.total ?? 0;
  const itemCount = (order?.items ?? quote?.items ?? []).length;
  const n = contact ? 1 : 0;

  function outcome(result: PaymentResult, orderId: number) {
    setHosted(result.next === 'razorpay' ? result : undefined);
    if (result.next === 'done') onPaid(orderId);
    else if (result.next === 'razorpay') setOtpFor(undefined);
    else if (result.next === 'otp') setOtpFor(result.payment.id);
    else if (result.next === 'bank') onBank(result.payment.id, orderId);
    else {
      setOtpFor(undefined);
      setError(`${result.payment.failureReason ?? 'The payment failed'}. Your order is saved; you can try again with any payment method.`);
    }
  }

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Something went wrong. Please check your connection and try again.');
      if (e instanceof ApiError && e.status === 409 && !order) setStep('review');
    } finally {
      setBusy(false);
    }
  }

  const pay = (input: PaymentInput | HostedPaymentInput) =>
    run(async () => {
      let current = order;
      if (!current) {
        if (!destination) throw new Error('Please choose a delivery address');
        if (!quoteSettled) throw new Error('The total is being updated. Please try again in a moment.');
        // Sent only when the review applied it: the total shown is the total ordered.
        const couponToSend = couponRefusal ? undefined : couponApplied?.code;
        try {
          current = await api.place(destination.to, {
            idempotencyKey,
            items: lines,
            ...(buyerGst ? { buyerGst } : {}),
            ...(couponToSend ? { couponCode: couponToSend } : {}),
          });
        } catch (e) {
          if (couponToSend === undefined || !isCouponRefusal(e, couponToSend)) throw e;
          setCouponRefusal(e.message);
          void review.refetch();
          return;
        }
        setOrder(current);
        if (buyNow) rememberBuyNowOrder(current.id);
        // The order holds the coupon now; the next cart starts without it.
        if (current.coupon) setCouponCode(null);
      }
      outcome(await api.pay(current.id, input), current.id);
    });

  function removeCoupon() {
    const removed = couponCode;
    setCouponCode(null);
    setCouponRefusal(undefined);
    setAnnouncement(`Coupon ${removed ?? ''} removed. The total is updated.`);
    summaryHeading.current?.focus();
  }

  const verify = (otp: string) =>
    run(async () => {
      if (!otpFor || !order) return;
      outcome(await api.confirmOtp(order.id, otpFor, otp), order.id);
    });

  if (resumeOrderId !== undefined && (options.isPending || resumed.isPending || resumed.isError || !resumed.data.canPay)) {
    return <ResumedOrder resumed={resumed} optionsPending={options.isPending} orderPath={orderPath} />;
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <div className="min-w-0 space-y-4">
        {notice}
        {error && (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            {error}
          </div>
        )}
        {order && (
          <p className="rounded-lg bg-brand-50 px-4 py-2 text-sm text-brand-900">
            Order {order.number} is reserved for you until {formatTime(order.payBy ?? order.orderDate)} (India time). Complete the payment
            to confirm it.
          </p>
        )}

        {contact && (
          <CheckoutStep
            n={1}
            title="Contact"
            active={step === 'contact'}
            done={step !== 'contact'}
            onEdit={order ? undefined : () => setStep('contact')}
            summary={<span className="break-all">{contact.summary}</span>}
          >
            {contact.render(() => setStep('address'))}
          </CheckoutStep>
        )}

        <CheckoutStep
          n={n + 1}
          title="Delivery address"
          active={step === 'address'}
          done={step === 'review' || step === 'payment'}
          onEdit={order ? undefined : () => setStep('address')}
          summary={order ? <AddressLines address={order.address} /> : destination && <AddressLines address={destination.shown} />}
        >
          {renderAddressStep(destination?.to, (to, shown) => {
            setDestination({ to, shown });
            setStep('review');
          })}
        </CheckoutStep>

        <CheckoutStep
          n={n + 2}
          title="Review items"
          active={step === 'review'}
          done={step === 'payment'}
          onEdit={order ? undefined : () => setStep('review')}
          summary={`${itemCount} ${itemCount === 1 ? 'product' : 'products'} · ${formatPrice(total)}`}
        >
          <ReviewItemsStep
            review={review}
            lines={lines}
            buyNow={buyNow}
            blocked={blocked}
            buyerGst={buyerGst}
            onContinue={(claimed) => {
              setBuyerGst(claimed);
              setStep('payment');
            }}
          />
        </CheckoutStep>

        <CheckoutStep n={n + 3} title="Payment" active={step === 'payment'} done={false}>
          <PaymentStep
            api={api}
            order={order}
            hosted={hosted}
            onPaid={onPaid}
            onCloseHosted={() => setHosted(undefined)}
            options={options}
            total={total}
            busy={busy}
            otpFor={otpFor}
            cashOnDelivery={cashOnDelivery}
            onPay={pay}
            onVerify={verify}
            onCancelOtp={() => setOtpFor(undefined)}
            onBankOffer={setBankOffer}
          />
        </CheckoutStep>
      </div>

      <CheckoutSummary
        order={order}
        quote={quote}
        couponCode={couponCode}
        couponApplied={couponApplied}
        couponProblem={couponProblem}
        couponRefused={couponRefusal !== undefined}
        bankOffer={step === 'payment' ? bankOffer : undefined}
        total={total}
        busy={!order && review.isFetching}
        headingRef={summaryHeading}
        announcement={announcement}
        onRemoveCoupon={removeCoupon}
      />
    </div>
  );
}
