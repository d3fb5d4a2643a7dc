import type { UseQueryResult } from '@tanstack/react-query';
import type { CashOnDelivery, CheckoutOptions, Order, PaymentResult } from '#shared/schemas/orders.ts';
import type { RazorpayCheckout } from '#shared/schemas/payment-gateway.ts';
import { Loading } from '#web/components/ui/loading.tsx';
import type { CheckoutApi } from '../api/checkout-api.ts';
import { OtpForm } from './otp-form.tsx';
import { PaymentForm } from './payment-form.tsx';
import type { PaymentFormProps } from './payment-method-picker.tsx';
import { RazorpayPayment } from './razorpay-payment.tsx';

interface PaymentStepProps<D> extends Omit<PaymentFormProps, 'options' | 'cod'> {
  api: CheckoutApi<D>;
  options: UseQueryResult<CheckoutOptions>;
  order: Order | undefined;
  /** the sandbox card payment waiting for its OTP */
  otpFor: number | undefined;
  cashOnDelivery: UseQueryResult<CashOnDelivery>;
  onVerify: (otp: string) => void;
  onCancelOtp: () => void;
  /** an attempt being paid in Razorpay's checkout */
  hosted: PaymentResult | undefined;
  onPaid: (orderId: number) => void;
  /** back to the methods, the hosted attempt left behind */
  onCloseHosted: () => void;
}

const isHosted = (result: PaymentResult | undefined): result is PaymentResult & { razorpay: RazorpayCheckout } =>
  result?.next === 'razorpay' && result.razorpay !== undefined;

/**
 * The checkout's payment step: the methods (the sandbox's form, or the choice of one for
 * Razorpay's checkout), then the card's OTP or Razorpay's window and its status.
 */
export function PaymentStep<D>({
  api,
  options,
  order,
  otpFor,
  cashOnDelivery,
  onVerify,
  onCancelOtp,
  hosted,
  onPaid,
  onCloseHosted,
  ...form
}: PaymentStepProps<D>) {
  if (options.isPending) return <Loading label="Loading payment options…" />;
  if (options.isError)
    return (
      <p role="alert" className="text-red-800">
        {options.error.message}
      </p>
    );
  const gateway = options.data.gateway;
  if (isHosted(hosted) && order && gateway?.provider === 'razorpay')
    return (
      <RazorpayPayment
        key={hosted.payment.id}
        api={api}
        orderId={order.id}
        orderNumber={order.number}
        payBy={order.payBy}
        attempt={hosted}
        checkoutScriptUrl={gateway.checkoutScriptUrl}
        onPaid={onPaid}
        onRetry={() => form.onPay({ method: hosted.razorpay.method })}
        onChooseAnother={onCloseHosted}
      />
    );
  if (otpFor) return <OtpForm busy={form.busy} onSubmit={onVerify} onCancel={onCancelOtp} />;
  const cod =
    cashOnDelivery.data ?? (cashOnDelivery.isError ? { available: false, reason: cashOnDelivery.error.message, max: 0 } : undefined);
  return <PaymentForm options={options.data} cod={cod} {...form} />;
}
