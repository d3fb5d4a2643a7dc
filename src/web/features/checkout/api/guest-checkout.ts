import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AddressInput } from '#shared/schemas/account.ts';
import type { CartLineInput } from '#shared/schemas/cart.ts';
import { GUEST_ORDER_TOKEN_HEADER, type GuestOrderInput, GuestOrderSchema } from '#shared/schemas/guest-checkout.ts';
import {
  CashOnDeliverySchema,
  CheckoutOptionsSchema,
  OrderSchema,
  type PaymentInput,
  PaymentResultSchema,
  PaymentWithOrderSchema,
} from '#shared/schemas/orders.ts';
import type { HostedPaymentInput, RazorpayHandlerInput } from '#shared/schemas/payment-gateway.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import type { CheckoutApi, PaymentPoll } from './checkout-api.ts';

/**
 * A guest's order is reached with the token its creation answered with. It is kept in this tab's
 * session storage, per order, with the e-mail it was placed with, and sent as a header: never in
 * an address, never in a cookie.
 */
const tokenKey = (orderId: number) => `guest-order-token:${orderId}`;
const emailKey = (orderId: number) => `guest-order-email:${orderId}`;
export function rememberGuestOrder(orderId: number, token: string, email: string) {
  window.sessionStorage.setItem(tokenKey(orderId), token);
  window.sessionStorage.setItem(emailKey(orderId), email);
}
/** The e-mail a guest order of this tab was placed with. */
export const guestOrderEmail = (orderId: number) => window.sessionStorage.getItem(emailKey(orderId));
const tokenHeader = (orderId: number) => ({ [GUEST_ORDER_TOKEN_HEADER]: window.sessionStorage.getItem(tokenKey(orderId)) ?? '' });

export const guestCheckoutOptionsQuery = queryOptions({
  queryKey: ['guest-checkout-options'],
  queryFn: ({ signal }) => apiRequest('/guest/checkout/options', { schema: CheckoutOptionsSchema, signal }),
  staleTime: Infinity,
});

export const useGuestCheckoutOptions = () => useQuery(guestCheckoutOptionsQuery);

/** A guest's order, with its token. */
export function useGuestOrder(orderId: number | undefined) {
  return useQuery({
    queryKey: ['guest-orders', orderId],
    queryFn: ({ signal }) => apiRequest(`/guest/orders/${orderId}`, { schema: OrderSchema, signal, headers: tokenHeader(orderId!) }),
    enabled: orderId !== undefined,
  });
}

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
  rememberGuestOrder(placed.order.id, placed.token, input.email);
  return placed.order;
}

export const payGuestOrder = (orderId: number, input: PaymentInput | HostedPaymentInput) =>
  apiRequest(`/guest/orders/${orderId}/payments`, {
    method: 'POST',
    body: input,
    schema: PaymentResultSchema,
    headers: tokenHeader(orderId),
  });

export const confirmGuestOtp = (orderId: number, paymentId: number, otp: string) =>
  apiRequest(`/guest/payments/${paymentId}/otp`, {
    method: 'POST',
    body: { otp },
    schema: PaymentResultSchema,
    headers: tokenHeader(orderId),
  });

export const answerGuestBank = (orderId: number, paymentId: number, outcome: 'success' | 'failure') =>
  apiRequest(`/guest/payments/${paymentId}/bank`, {
    method: 'POST',
    body: { outcome },
    schema: PaymentResultSchema,
    headers: tokenHeader(orderId),
  });

export const confirmGuestRazorpay = (orderId: number, paymentId: number, response: RazorpayHandlerInput) =>
  apiRequest(`/guest/payments/${paymentId}/razorpay`, {
    method: 'POST',
    body: response,
    schema: PaymentResultSchema,
    headers: tokenHeader(orderId),
  });

function useGuestPayment(orderId: number | undefined, paymentId: number, poll?: PaymentPoll) {
  return useQuery({
    queryKey: ['guest-payment', paymentId],
    queryFn: ({ signal }) =>
      apiRequest(`/guest/payments/${paymentId}`, { schema: PaymentWithOrderSchema, signal, headers: tokenHeader(orderId ?? 0) }),
    refetchInterval: poll ? (query) => poll(query.state.data) : false,
  });
}

/** Where a guest's order goes: the e-mail for its mails and tracking, and the address typed in. */
export interface GuestDestination {
  email: string;
  address: AddressInput;
}

/** A guest's checkout: the same steps as a member's, through the guest endpoints with the order's token. */
export const guestCheckout: CheckoutApi<GuestDestination> = {
  useOptions: useGuestCheckoutOptions,
  useOrder: useGuestOrder,
  useCashOnDelivery: (orderId, destination, items) => useGuestCashOnDelivery(orderId, destination?.address.pincode, items),
  place: (destination, request) => placeGuestOrder({ ...request, email: destination.email, address: destination.address }),
  pay: payGuestOrder,
  confirmOtp: confirmGuestOtp,
  usePayment: useGuestPayment,
  answerBank: answerGuestBank,
  confirmRazorpay: confirmGuestRazorpay,
};
