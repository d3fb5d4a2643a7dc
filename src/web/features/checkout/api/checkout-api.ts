import type { UseQueryResult } from '@tanstack/react-query';
import type { CartLineInput } from '#shared/schemas/cart.ts';
import {
  type CashOnDelivery,
  type CheckoutOptions,
  type Order,
  type PaymentInput,
  type PaymentResult,
  type PaymentWithOrder,
  type PlaceOrderInput,
} from '#shared/schemas/orders.ts';
import type { HostedPaymentInput, RazorpayHandlerInput } from '#shared/schemas/payment-gateway.ts';

/** How soon to ask about a payment again, given what it was last: milliseconds, or false for not. */
export type PaymentPoll = (last: PaymentWithOrder | undefined) => number | false;

/** What every checkout sends with its order, wherever it goes. */
export type OrderRequest = Pick<PlaceOrderInput, 'idempotencyKey' | 'items' | 'buyerGst' | 'couponCode'>;

/**
 * One checkout's calls: a member's (their saved addresses, the session) or a guest's (an address
 * typed in with an e-mail, the order's token). `D` is where the order goes. The checkout's
 * steps and screens are the same for both (see CheckoutFlow and the bank page).
 */
export interface CheckoutApi<D> {
  useOptions: () => UseQueryResult<CheckoutOptions>;
  /** an order awaiting payment, to pay again (after a failed bank page, say) */
  useOrder: (orderId: number | undefined) => UseQueryResult<Order>;
  /** whether the order (once placed), or the lines to this destination, may be paid in cash */
  useCashOnDelivery: (orderId: number | undefined, destination: D | undefined, items: CartLineInput[]) => UseQueryResult<CashOnDelivery>;
  place: (destination: D, request: OrderRequest) => Promise<Order>;
  /** the sandbox takes the method's details; a hosted checkout (Razorpay) only the method */
  pay: (orderId: number, input: PaymentInput | HostedPaymentInput) => Promise<PaymentResult>;
  confirmOtp: (orderId: number, paymentId: number, otp: string) => Promise<PaymentResult>;
  /** the payment and its order; with `poll`, asked again after the milliseconds it gives for the last answer (false: not) */
  usePayment: (orderId: number | undefined, paymentId: number, poll?: PaymentPoll) => UseQueryResult<PaymentWithOrder>;
  answerBank: (orderId: number, paymentId: number, outcome: 'success' | 'failure') => Promise<PaymentResult>;
  /** Razorpay checkout's handler answer, for the server to verify its signature and confirm the order */
  confirmRazorpay: (orderId: number, paymentId: number, response: RazorpayHandlerInput) => Promise<PaymentResult>;
}
