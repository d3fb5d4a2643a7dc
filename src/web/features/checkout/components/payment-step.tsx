import type { UseQueryResult } from '@tanstack/react-query';
import type { AppliedBankOffer } from '#shared/bank-offers.ts';
import type { CashOnDelivery, CheckoutOptions, PaymentInput } from '#shared/schemas/orders.ts';
import { Loading } from '#web/components/ui/loading.tsx';
import { OtpForm } from './otp-form.tsx';
import { PaymentForm } from './payment-form.tsx';

interface PaymentStepProps {
  options: UseQueryResult<CheckoutOptions>;
  total: number;
  busy: boolean;
  /** the card payment waiting for its OTP, if any */
  otpFor: number | undefined;
  cashOnDelivery: UseQueryResult<CashOnDelivery>;
  onPay: (input: PaymentInput) => void;
  onVerify: (otp: string) => void;
  onCancelOtp: () => void;
  onBankOffer: (offer: AppliedBankOffer | undefined) => void;
}

/** The payment step's content: the methods once loaded, or the OTP a card payment asks for. */
export function PaymentStep({ options, total, busy, otpFor, cashOnDelivery, onPay, onVerify, onCancelOtp, onBankOffer }: PaymentStepProps) {
  if (options.isPending) return <Loading label="Loading payment options…" />;
  return options.isError ? (
    <p role="alert" className="text-red-800">
      {options.error.message}
    </p>
  ) : otpFor ? (
    <OtpForm busy={busy} onSubmit={onVerify} onCancel={onCancelOtp} />
  ) : (
    <PaymentForm
      options={options.data}
      total={total}
      busy={busy}
      cod={cashOnDelivery.data ?? (cashOnDelivery.isError ? { available: false, reason: cashOnDelivery.error.message, max: 0 } : undefined)}
      onPay={onPay}
      onBankOffer={onBankOffer}
    />
  );
}
