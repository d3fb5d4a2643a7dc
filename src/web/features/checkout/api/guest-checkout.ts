import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CartLineInput } from '#shared/schemas/cart.ts';
import { GUEST_ORDER_TOKEN_HEADER, type GuestOrderInput, GuestOrderSchema } from '#shared/schemas/guest-checkout.ts';
import { CashOnDeliverySchema, CheckoutOptionsSchema, type PaymentInput, PaymentResultSchema } from '#shared/schemas/orders.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/**
 * A guest's order is reached with the token its creation answered with. It is kept in this tab's
 * session storage, per order, and sent as a header: never in an address, never in a cookie.
 */
const tokenKey = (orderId: number) => `guest-order-token:${orderId}`;
export const rememberGuestToken = (orderId: number, token: string) => window.sessionStorage.setItem(tokenKey(orderId), token);
const tokenHeader = (orderId: number) => ({ [GUEST_ORDER_TOKEN_HEADER]: window.sessionStorage.getItem(tokenKey(orderId)) ?? '' });

export const guestCheckoutOptionsQuery = queryOptions({
  queryKey: ['guest-checkout-options'],
  queryFn: ({ signal }) => apiRequest('/guest/checkout/options', { schema: CheckoutOptionsSchema, signal }),
  staleTime: Infinity,
});

export const useGuestCheckoutOptions = () => useQuery(guestCheckoutOptionsQuery);

/** Whether the cart may be paid in cash to the PIN code typed in (the order's own answer once it exists). */
export function useGuestCashOnDelivery(orderId: number | undefined, pincode: string | undefined, items: CartLineInput[]) {
  return useQuery({
    queryKey: orderId === undefined ? ['guest-cash-on-delivery', pincode, items] : ['guest-orders', orderId, 'cash-on-delivery'],
    queryFn: ({ signal }) =>
      orderId === undefined
        ? apiRequest('/guest/checkout/cash-on-delivery', { method: 'POST', body: { pincode, items }, schema: CashOnDeliverySchema, signal })
        : apiRequest(`/guest/orders/${orderId}/cash-on-delivery`, { schema: CashOnDeliverySchema, signal, headers: tokenHeader(orderId) }),
    enabled: orderId !== undefined || (pincode !== undefined && items.length > 0),
    staleTime: 0,
  });
}

export async function placeGuestOrder(input: GuestOrderInput) {
  const placed = await apiRequest('/guest/checkout/orders', { method: 'POST', body: input, schema: GuestOrderSchema });
  rememberGuestToken(placed.order.id, placed.token);
  return placed.order;
}

export const payGuestOrder = (orderId: number, input: PaymentInput) =>
  apiRequest(`/guest/orders/${orderId}/payments`, { method: 'POST', body: input, schema: PaymentResultSchema, headers: tokenHeader(orderId) });

export const confirmGuestOtp = (orderId: number, paymentId: number, otp: string) =>
  apiRequest(`/guest/payments/${paymentId}/otp`, { method: 'POST', body: { otp }, schema: PaymentResultSchema, headers: tokenHeader(orderId) });

export const answerGuestBank = (orderId: number, paymentId: number, outcome: 'success' | 'failure') =>
  apiRequest(`/guest/payments/${paymentId}/bank`, { method: 'POST', body: { outcome }, schema: PaymentResultSchema, headers: tokenHeader(orderId) });
