import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type CartLineInput, CartQuoteSchema } from '#shared/schemas/cart.ts';
import { DeliveryCheckSchema } from '#shared/schemas/delivery.ts';
import {
  CashOnDeliverySchema,
  CheckoutOptionsSchema,
  type Order,
  OrderSchema,
  type PaymentInput,
  PaymentResultSchema,
  PaymentWithOrderSchema,
  type PlaceOrderInput,
} from '#shared/schemas/orders.ts';
import type { HostedPaymentInput, RazorpayHandlerInput } from '#shared/schemas/payment-gateway.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import type { CheckoutApi, PaymentPoll } from './checkout-api.ts';

export const checkoutOptionsQuery = queryOptions({
  queryKey: ['checkout-options'],
  queryFn: ({ signal }) => apiRequest('/checkout/options', { schema: CheckoutOptionsSchema, signal }),
  staleTime: Infinity,
});

export function useCheckoutOptions() {
  return useQuery(checkoutOptionsQuery);
}

/** The review step: the server's price of these lines right now, with the coupon applied in the cart (or why it cannot be). */
export function useReview(lines: CartLineInput[], couponCode: string | null = null) {
  return useQuery({
    queryKey: ['checkout-review', lines, couponCode],
    queryFn: ({ signal }) =>
      apiRequest('/cart/quote', {
        method: 'POST',
        body: { items: lines, ...(couponCode ? { couponCode } : {}) },
        schema: CartQuoteSchema,
        signal,
      }),
    enabled: lines.length > 0,
    staleTime: 0,
    // Removing the coupon keeps the last price on screen, marked busy, until the new one comes.
    placeholderData: keepPreviousData,
  });
}

/**
 * Whether the order may be paid by Cash on Delivery (its total, its sellers, its PIN code): the
 * order's own answer once it exists, else the cart's to the chosen address.
 */
export function useCashOnDelivery(orderId: number | undefined, cart: { addressId: number | undefined; items: CartLineInput[] }) {
  return useQuery({
    queryKey: orderId === undefined ? ['cash-on-delivery', cart.addressId, cart.items] : ['orders', orderId, 'cash-on-delivery'],
    queryFn: ({ signal }) =>
      orderId === undefined
        ? apiRequest('/checkout/cash-on-delivery', {
            method: 'POST',
            body: { addressId: cart.addressId, items: cart.items },
            schema: CashOnDeliverySchema,
            signal,
          })
        : apiRequest(`/orders/${orderId}/cash-on-delivery`, { schema: CashOnDeliverySchema, signal }),
    enabled: orderId !== undefined || (cart.addressId !== undefined && cart.items.length > 0),
    staleTime: 0,
  });
}

export function useOrderForCheckout(orderId: number | undefined) {
  return useQuery({
    queryKey: ['orders', orderId],
    queryFn: ({ signal }) => apiRequest(`/orders/${orderId}`, { schema: OrderSchema, signal }),
    enabled: orderId !== undefined,
  });
}

/**
 * When a just-confirmed order is expected at its address: the latest of its lines' delivery
 * promises to its PIN code (each seller's dispatch time and the route), asked now; null when a
 * line has none. Only for a confirmed order, before anything has shipped.
 */
export function useExpectedDelivery(order: Pick<Order, 'id' | 'status' | 'items' | 'address'> | undefined) {
  return useQuery({
    queryKey: ['expected-delivery', order?.id],
    enabled: order?.status === 'confirmed',
    staleTime: Infinity,
    queryFn: async ({ signal }) => {
      const { items, address } = order!;
      const productIds = [...new Set(items.map((item) => item.productId))];
      const checks = await Promise.all(
        productIds.map((id) =>
          apiRequest(`/products/${id}/delivery`, { query: { pincode: address.pincode }, schema: DeliveryCheckSchema, signal }),
        ),
      );
      const options = checks.flatMap((check) => check.options);
      const dates = items.map((item) => options.find((option) => option.offerId === item.offerId)?.deliverBy ?? null);
      return dates.includes(null) ? null : dates.reduce((latest, date) => (date! > latest! ? date : latest));
    },
  });
}

export function placeOrder(input: PlaceOrderInput) {
  return apiRequest('/checkout/orders', { method: 'POST', body: input, schema: OrderSchema });
}

export function payOrder(orderId: number, input: PaymentInput | HostedPaymentInput) {
  return apiRequest(`/orders/${orderId}/payments`, { method: 'POST', body: input, schema: PaymentResultSchema });
}

export function confirmOtp(paymentId: number, otp: string) {
  return apiRequest(`/payments/${paymentId}/otp`, { method: 'POST', body: { otp }, schema: PaymentResultSchema });
}

export function answerBank(paymentId: number, outcome: 'success' | 'failure') {
  return apiRequest(`/payments/${paymentId}/bank`, { method: 'POST', body: { outcome }, schema: PaymentResultSchema });
}

/** Razorpay checkout's handler answer: the server verifies its signature before it confirms anything. */
export function confirmRazorpay(paymentId: number, response: RazorpayHandlerInput) {
  return apiRequest(`/payments/${paymentId}/razorpay`, { method: 'POST', body: response, schema: PaymentResultSchema });
}

export function usePaymentWithOrder(paymentId: number, poll?: PaymentPoll) {
  return useQuery({
    queryKey: ['payment', paymentId],
    queryFn: ({ signal }) => apiRequest(`/payments/${paymentId}`, { schema: PaymentWithOrderSchema, signal }),
    refetchInterval: poll ? (query) => poll(query.state.data) : false,
  });
}

/** A member's checkout: to one of their saved addresses, signed in. */
export const memberCheckout: CheckoutApi<{ addressId: number }> = {
  useOptions: useCheckoutOptions,
  useOrder: useOrderForCheckout,
  useCashOnDelivery: (orderId, destination, items) => useCashOnDelivery(orderId, { addressId: destination?.addressId, items }),
  place: (destination, request) => placeOrder({ ...request, addressId: destination.addressId }),
  pay: payOrder,
  confirmOtp: (_orderId, paymentId, otp) => confirmOtp(paymentId, otp),
  usePayment: (_orderId, paymentId, poll) => usePaymentWithOrder(paymentId, poll),
  answerBank: (_orderId, paymentId, outcome) => answerBank(paymentId, outcome),
  confirmRazorpay: (_orderId, paymentId, response) => confirmRazorpay(paymentId, response),
};
