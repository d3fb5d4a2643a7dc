import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '#shared/money.ts';
import type { AddressInput } from '#shared/schemas/account.ts';
import type { CartLineInput } from '#shared/schemas/cart.ts';
import { GuestOrderInputSchema } from '#shared/schemas/guest-checkout.ts';
import type { Order, PaymentInput, PaymentResult } from '#shared/schemas/orders.ts';
import { AddressForm } from '#web/components/address/address-form.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { Field } from '#web/components/ui/field.tsx';
import { Loading } from '#web/components/ui/loading.tsx';
import { OrderTotals } from '#web/components/ui/order-totals.tsx';
import { paths } from '#web/config/paths.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useReview } from '../api/checkout.ts';
import { answerGuestBank, confirmGuestOtp, payGuestOrder, placeGuestOrder, useGuestCashOnDelivery, useGuestCheckoutOptions } from '../api/guest-checkout.ts';
import { OtpForm } from './otp-form.tsx';
import { PaymentForm } from './payment-form.tsx';

type Step = 'contact' | 'address' | 'payment';

/** One checkout's idempotency key, kept while this tab lives: a reload or a double click is one order. */
function useGuestKey(lines: CartLineInput[]): string {
  const signature = JSON.stringify(lines);
  const [key] = useState(() => {
    const saved = window.sessionStorage.getItem(`guest-checkout-key:${signature}`);
    if (saved) return saved;
    const fresh = crypto.randomUUID();
    window.sessionStorage.setItem(`guest-checkout-key:${signature}`, fresh);
    return fresh;
  });
  return key;
}

function Step({ n, title, active, summary, children }: { n: number; title: string; active: boolean; summary?: string; children: React.ReactNode }) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const wasActive = useRef(active);
  useEffect(() => {
    if (active && !wasActive.current) heading.current?.focus();
    wasActive.current = active;
  }, [active]);
  return (
    <section aria-labelledby={id} className={`rounded-xl border bg-white p-4 sm:p-5 ${active ? 'border-brand-300 shadow-sm' : 'border-slate-200'}`}>
      <h2 id={id} ref={heading} tabIndex={-1} className="flex items-center gap-2 text-lg font-semibold text-slate-900 focus:outline-none">
        <span aria-hidden="true" className={`inline-flex size-7 items-center justify-center rounded-full text-sm ${active ? 'bg-brand-600 text-white' : 'bg-slate-200 text-slate-700'}`}>
          {n}
        </span>
        {title}
      </h2>
      {active ? <div className="mt-4">{children}</div> : summary && <p className="mt-2 break-words text-sm text-slate-700">{summary}</p>}
    </section>
  );
}

/**
 * Checkout without an account: an e-mail, a delivery address with a mobile number, then payment
 * by any method. The order is placed when the shopper pays; its token stays in this tab.
 */
export function GuestCheckout({ lines, onPaid }: { lines: CartLineInput[]; onPaid: (order: Order, email: string) => void }) {
  const options = useGuestCheckoutOptions();
  const review = useReview(lines);
  const idempotencyKey = useGuestKey(lines);
  const [step, setStep] = useState<Step>('contact');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [address, setAddress] = useState<AddressInput | undefined>();
  const [order, setOrder] = useState<Order | undefined>();
  const [otpFor, setOtpFor] = useState<number | undefined>();
  const [bankFor, setBankFor] = useState<number | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const cod = useGuestCashOnDelivery(order?.id, step === 'payment' ? address?.pincode : undefined, lines);
  const quote = review.data;
  const total = order?.total ?? quote?.total ?? 0;
  const blocked = quote?.items.some((line) => line.status !== 'ok') ?? false;

  function continueWithEmail(event: FormEvent) {
    event.preventDefault();
    const parsed = GuestOrderInputSchema.shape.email.safeParse(email);
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message ?? 'Please enter a valid e-mail address');
      document.getElementById('guest-email')?.focus();
      return;
    }
    setEmail(parsed.data);
    setEmailError(undefined);
    setStep('address');
  }

  function outcome(result: PaymentResult, current: Order) {
    setOtpFor(undefined);
    setBankFor(undefined);
    if (result.next === 'done') onPaid(current, email);
    else if (result.next === 'otp') setOtpFor(result.payment.id);
    else if (result.next === 'bank') setBankFor(result.payment.id);
    else setError(`${result.payment.failureReason ?? 'The payment failed'}. Your order is saved; you can try again with any payment method.`);
  }

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Something went wrong. Please check your connection and try again.');
    } finally {
      setBusy(false);
    }
  }

  const pay = (input: PaymentInput) =>
    run(async () => {
      let current = order;
      if (!current) {
        if (!address) throw new Error('Please give the delivery address');
        current = await placeGuestOrder({ idempotencyKey, email, address, items: lines });
        setOrder(current);
      }
      outcome(await payGuestOrder(current.id, input), current);
    });

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <div className="min-w-0 space-y-4">
        <p className="rounded-lg bg-slate-100 px-4 py-2 text-sm text-slate-700">
          Checking out as a guest. Have an account?{' '}
          <Link to={`${paths.login()}?redirectTo=${encodeURIComponent(paths.checkout())}`} className="font-semibold text-brand-700 underline">
            Sign in
          </Link>
        </p>
        {error && (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            {error}
          </div>
        )}
        {order && <p className="rounded-lg bg-brand-50 px-4 py-2 text-sm text-brand-900">Order {order.number} is reserved for you for 30 minutes. Complete the payment to confirm it.</p>}

        <Step n={1} title="Contact" active={step === 'contact'} summary={email}>
          <form noValidate onSubmit={continueWithEmail} className="space-y-4">
            <Field id="guest-email" label="E-mail" hint="For the order confirmation, and to track the order at Track order." error={emailError}>
              {(describedBy) => (
                <input
                  id="guest-email"
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  aria-invalid={emailError ? true : undefined}
                  aria-describedby={describedBy}
                  className="w-full rounded-lg border border-slate-300 px-3 py-2"
                />
              )}
            </Field>
            <button type="submit" className={buttonClass('primary')}>
              Continue
            </button>
          </form>
        </Step>

        <Step n={2} title="Delivery address" active={step === 'address'} summary={address ? `${address.name}, ${address.line1}, ${address.city} ${address.pincode} · ${address.phone}` : undefined}>
          <AddressForm
            autoFocus
            askDefault={false}
            initial={address && { ...address, id: 0, line2: address.line2 ?? '', isDefault: false }}
            submitLabel="Deliver here"
            onCancel={() => setStep('contact')}
            onSubmit={async (input) => {
              setAddress(input);
              setStep('payment');
            }}
          />
        </Step>

        <Step n={3} title="Payment" active={step === 'payment'}>
          {!order && (
            <button type="button" onClick={() => setStep('address')} className="mb-3 text-sm font-semibold text-brand-700 hover:underline">
              Change the delivery address
            </button>
          )}
          {options.isPending || review.isPending ? (
            <Loading label="Loading payment options…" />
          ) : options.isError ? (
            <p role="alert" className="text-red-800">{options.error.message}</p>
          ) : blocked && !order ? (
            <p className="text-sm text-amber-900">
              Some items changed since you added them. <Link to={paths.cart()} className="font-semibold underline">Update your cart</Link> to continue.
            </p>
          ) : otpFor && order ? (
            <OtpForm busy={busy} onSubmit={(otp) => void run(async () => outcome(await confirmGuestOtp(order.id, otpFor, otp), order))} onCancel={() => setOtpFor(undefined)} />
          ) : bankFor && order ? (
            <div className="space-y-3">
              <p className="text-sm text-slate-700">Test mode: the bank page. Choose how the bank answers.</p>
              <div className="flex flex-wrap gap-2">
                <button type="button" disabled={busy} className={buttonClass('primary')} onClick={() => void run(async () => outcome(await answerGuestBank(order.id, bankFor, 'success'), order))}>
                  Success
                </button>
                <button type="button" disabled={busy} className={buttonClass('secondary')} onClick={() => void run(async () => outcome(await answerGuestBank(order.id, bankFor, 'failure'), order))}>
                  Failure
                </button>
              </div>
            </div>
          ) : (
            <PaymentForm options={options.data} total={total} busy={busy} cod={cod.data ?? (cod.isError ? { available: false, reason: cod.error.message, max: 0 } : undefined)} onPay={pay} />
          )}
        </Step>
      </div>

      <aside aria-label="Order summary" className="h-fit min-w-0 rounded-xl border border-slate-200 bg-white p-5 lg:sticky lg:top-24">
        <h2 className="text-lg font-semibold text-slate-900">Order summary</h2>
        {quote && (
          <ul className="mt-3 divide-y divide-slate-100 text-sm">
            {quote.items.map((line) => (
              <li key={line.productId} className="flex justify-between gap-3 py-2">
                <span className="min-w-0">
                  {line.quantity} × {line.name}
                  {line.message && <span className="block text-red-700">{line.message}</span>}
                </span>
                <span className="font-semibold tabular-nums">{formatPrice(line.lineTotal)}</span>
              </li>
            ))}
          </ul>
        )}
        {(order ?? quote) && (
          <OrderTotals subtotalLabel="Subtotal" subtotal={order?.subtotal ?? quote?.subtotal ?? 0} coupon={null} shipping={order?.shipping ?? quote?.shipping ?? 0} total={total} gst={order?.gst ?? quote?.gst ?? 0} totalTestId="checkout-total" />
        )}
      </aside>
    </div>
  );
}
