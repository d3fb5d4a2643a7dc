import { z } from 'zod';

const strict = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `Unexpected field: ${issue.keys.join(', ')}` : undefined),
  });

/**
 * Which gateway takes the shopper's money, in the checkout options. The sandbox is paid on our own
 * pages; Razorpay in its Standard Checkout, opened by the browser with the script at checkoutScriptUrl.
 */
export const CheckoutGatewaySchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('sandbox') }),
  z.object({ provider: z.literal('razorpay'), keyId: z.string(), checkoutScriptUrl: z.string() }),
]);
export type CheckoutGateway = z.infer<typeof CheckoutGatewaySchema>;

/**
 * Paying through a hosted checkout (Razorpay): only the method. Card numbers, CVVs and UPI IDs are
 * typed into the gateway's checkout and never reach our server, so a body carrying them is refused.
 */
export const HOSTED_PAYMENT_METHODS = ['upi', 'card', 'netbanking', 'emi', 'cod'] as const;
export const HostedPaymentInputSchema = strict({
  method: z.enum(HOSTED_PAYMENT_METHODS, { error: `method must be one of ${HOSTED_PAYMENT_METHODS.join(', ')}` }),
});
export type HostedPaymentInput = z.infer<typeof HostedPaymentInputSchema>;

/** What the browser hands to Razorpay's Standard Checkout (`new Razorpay({ key: keyId, order_id: orderId, … })`). */
export const RazorpayCheckoutSchema = z.object({
  keyId: z.string(),
  /** Razorpay's order, order_… */
  orderId: z.string(),
  /** paise */
  amount: z.number().int(),
  currency: z.literal('INR'),
  name: z.string(),
  description: z.string(),
  prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
  /** the method the shopper chose, preselected in the checkout */
  method: z.enum(['upi', 'card', 'netbanking', 'emi']),
});
export type RazorpayCheckout = z.infer<typeof RazorpayCheckoutSchema>;

/** The Standard Checkout handler's answer, posted to POST /payments/{id}/razorpay as Razorpay gives it. */
export const RazorpayHandlerInputSchema = strict({
  razorpay_payment_id: z.string({ error: 'razorpay_payment_id is missing' }).regex(/^pay_\w{1,40}$/, 'Not a Razorpay payment id'),
  razorpay_order_id: z.string({ error: 'razorpay_order_id is missing' }).regex(/^order_\w{1,40}$/, 'Not a Razorpay order id'),
  razorpay_signature: z.string({ error: 'razorpay_signature is missing' }).regex(/^[0-9a-f]{64}$/, 'Not a Razorpay signature'),
});
export type RazorpayHandlerInput = z.infer<typeof RazorpayHandlerInputSchema>;

/**
 * A refund of a payment as the customer and the admin see it: `pending` until the bank has it
 * (`processed`), with the bank's reference (ARN) to trace it by once the gateway reports one.
 */
export const PaymentRefundSchema = z.object({
  amount: z.number().int(),
  reference: z.string(),
  status: z.enum(['pending', 'processed', 'failed']),
  /** the acquirer's reference number, for the customer's bank; null until known */
  arn: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentRefund = z.infer<typeof PaymentRefundSchema>;
