import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GUEST_ORDER_TOKEN_HEADER } from '#shared/schemas/guest-checkout.ts';
import {
  PaymentIdParamSchema,
  PaymentInputSchema,
  PaymentResultSchema,
  type PaymentInput,
  type PaymentResult,
} from '#shared/schemas/orders.ts';
import {
  type CheckoutGateway,
  type HostedPaymentInput,
  HostedPaymentInputSchema,
  RazorpayHandlerInputSchema,
} from '#shared/schemas/payment-gateway.ts';
import type { PaymentsService } from '#server/modules/payments/payments.service.ts';
import { requireSignedIn, requireUser } from '#server/plugins/auth.ts';
import { ErrorResponseSchema } from '#server/plugins/openapi.ts';
import type { CheckoutService } from './checkout.service.ts';
import type { GuestOrdersService } from './guest-orders.service.ts';
import type { HostedCheckoutService } from './hosted-checkout.service.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  503: ErrorResponseSchema,
};
const paymentParams = z.object({ id: PaymentIdParamSchema });
const tokenHeaders = z.object({ [GUEST_ORDER_TOKEN_HEADER]: z.string().max(200).optional() });
const tokenOf = (request: FastifyRequest) => {
  const value = request.headers[GUEST_ORDER_TOKEN_HEADER];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/**
 * The body of POST /orders/{id}/payments: the method and its details on the sandbox; only the
 * method with a hosted checkout, whose page takes the card or UPI ID (a body carrying them is
 * refused with 400, so they never reach the server).
 */
export const paymentBodySchema = (gateway: CheckoutGateway) =>
  gateway.provider === 'sandbox' ? PaymentInputSchema : HostedPaymentInputSchema;

/** Pays an order: on our pages with the sandbox (and always for Cash on Delivery), else on the gateway's page. */
export function payOrder(deps: {
  checkout: CheckoutService;
  hostedCheckout: HostedCheckoutService;
  payments: Pick<PaymentsService, 'gateway'>;
}) {
  return (caller: { id: string; email: string }, orderId: number, body: PaymentInput | HostedPaymentInput): Promise<PaymentResult> => {
    if (deps.payments.gateway.provider === 'sandbox' || body.method === 'cod')
      return deps.checkout.pay(caller, orderId, body as PaymentInput);
    return deps.hostedCheckout.start(caller, orderId, body.method);
  };
}

/** The browser's answer from Razorpay's Standard Checkout, for a member's payment and for a guest's (the order's token). */
export function hostedCheckoutRoutes(deps: {
  hostedCheckout: HostedCheckoutService;
  guestOrders: GuestOrdersService;
}): FastifyPluginAsyncZod {
  const { hostedCheckout, guestOrders } = deps;
  const description =
    'The signature (HMAC-SHA256 of order_id|payment_id with the key secret) is checked before anything else: a wrong one is 400 and changes nothing. The payment is then fetched from Razorpay and, when captured for the right amount, the order is confirmed. `next` is `razorpay` while Razorpay has not settled it yet: poll GET /payments/{id}.';
  return async (app) => {
    app.post(
      '/payments/:id/razorpay',
      {
        preValidation: requireSignedIn,
        schema: {
          tags: ['checkout'],
          summary: "Razorpay Checkout's handler answer for one of my payments",
          description,
          params: paymentParams,
          body: RazorpayHandlerInputSchema,
          response: { 200: PaymentResultSchema, ...errors },
        },
      },
      (request) => hostedCheckout.completeFromBrowser(requireUser(request), request.params.id, request.body),
    );

    app.post(
      '/guest/payments/:id/razorpay',
      {
        schema: {
          tags: ['checkout'],
          summary: "Razorpay Checkout's handler answer for a guest's payment (the order's token)",
          description,
          params: paymentParams,
          headers: tokenHeaders,
          body: RazorpayHandlerInputSchema,
          response: { 200: PaymentResultSchema, ...errors },
        },
      },
      async (request) =>
        hostedCheckout.completeFromBrowser(
          await guestOrders.shopperOfPayment(request.params.id, tokenOf(request)),
          request.params.id,
          request.body,
        ),
    );
  };
}
