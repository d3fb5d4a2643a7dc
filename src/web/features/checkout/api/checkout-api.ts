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
  pay: (orderId: number, input: PaymentInput) => Promise<PaymentResult>;
  confirmOtp: (orderId: number, paymentId: number, otp: string) => Promise<PaymentResult>;
  usePayment: (orderId: number | undefined, paymentId: number) => UseQueryResult<PaymentWithOrder>;
  answerBank: (orderId: number, paymentId: number, outcome: 'success' | 'failure') => Promise<PaymentResult>;
}
