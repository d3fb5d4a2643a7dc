import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EmiPlan } from '#shared/emi.ts';
import { EMI_MIN_ORDER } from '#shared/emi.ts';
import { NET_BANKING_BANKS } from '#shared/payment-methods.ts';
import {
  GUEST_ORDER_TOKEN_HEADER,
  GuestCashOnDeliveryQuestionSchema,
  GuestOrderInputSchema,
  GuestOrderSchema,
  TrackedOrderSchema,
  TrackOrderInputSchema,
} from '#shared/schemas/guest-checkout.ts';
import {
  BankOutcomeInputSchema,
  CashOnDeliverySchema,
  CheckoutOptionsSchema,
  OrderIdParamSchema,
  OrderSchema,
  OtpInputSchema,
  PaymentIdParamSchema,
  PaymentResultSchema,
  PaymentWithOrderSchema,
} from '#shared/schemas/orders.ts';
import type { OrdersService } from '#server/modules/orders/orders.service.ts';
import type { PaymentsService } from '#server/modules/payments/payments.service.ts';
import { ErrorResponseSchema } from '#server/plugins/openapi.ts';
import type { CheckoutService } from './checkout.service.ts';
import { GUEST_ORDERS_PER_ADDRESS, GUEST_ORDERS_PER_EMAIL, guestOrderLimits } from './guest-order-limits.ts';
import type { GuestOrdersService } from './guest-orders.service.ts';
import { payOrder, paymentBodySchema } from './hosted-checkout.routes.ts';
import type { HostedCheckoutService } from './hosted-checkout.service.ts';
import { TRACK_REQUESTS_PER_ADDRESS, trackLimits } from './track-limits.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  410: ErrorResponseSchema,
  429: ErrorResponseSchema,
};
const orderParams = z.object({ id: OrderIdParamSchema });
const paymentParams = z.object({ id: PaymentIdParamSchema });
const tokenHeaders = z.object({ [GUEST_ORDER_TOKEN_HEADER]: z.string().max(200).optional() });
const tokenOf = (request: FastifyRequest) => {
  const value = request.headers[GUEST_ORDER_TOKEN_HEADER];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/**
 * Checkout without an account, and tracking by number and e-mail. A guest's order and its
 * payments are reached only with the token its creation answered with (header
 * `x-guest-order-token`): 401 without it, 404 with a wrong one, as for a missing order. What a
 * guest may do is what a member may do with their order; the member functions run as its guest.
 * A guest's returns at /track/returns are the returns module's (returns/track-returns.routes.ts),
 * counted within the same limit as tracking.
 */
export function guestCheckoutRoutes(deps: {
  checkout: CheckoutService;
  hostedCheckout: HostedCheckoutService;
  orders: OrdersService;
  guestOrders: GuestOrdersService;
  payments: Pick<PaymentsService, 'testMode' | 'gateway'>;
  emiPlans: readonly EmiPlan[];
}): FastifyPluginAsyncZod {
  const { checkout, orders, guestOrders } = deps;
  const pay = payOrder(deps);
  return async (app) => {
    const orderLimits = guestOrderLimits(app);
    const trackLimit = trackLimits(app);
    const limited = `At most ${TRACK_REQUESTS_PER_ADDRESS} requests to /track and its returns together in 15 minutes from one network address → 429 with Retry-After.`;
    app.get(
      '/guest/checkout/options',
      {
        schema: {
          tags: ['checkout'],
          summary: 'Payment options for a guest: banks, EMI plans, test mode',
          response: { 200: CheckoutOptionsSchema },
        },
      },
      async () => ({
        testMode: deps.payments.testMode,
        gateway: deps.payments.gateway,
        banks: NET_BANKING_BANKS.map(({ code, name }) => ({ code, name })),
        emi: { minOrder: EMI_MIN_ORDER, plans: deps.emiPlans.map((plan) => ({ ...plan, noCost: plan.annualRatePercent === 0 })) },
      }),
    );

    app.post(
      '/guest/checkout/orders',
      {
        preHandler: orderLimits,
        schema: {
          tags: ['checkout'],
          summary:
            'Place an order without an account (awaiting payment): e-mail, delivery address with mobile, items. Answers the order and the token that alone reaches it. The same e-mail and idempotencyKey return the same order and token.',
          description: `At most ${GUEST_ORDERS_PER_EMAIL} attempts an hour for one e-mail address and ${GUEST_ORDERS_PER_ADDRESS} from one network address → 429 with Retry-After.`,
          body: GuestOrderInputSchema,
          response: { 200: GuestOrderSchema, 201: GuestOrderSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { order, created } = await checkout.placeGuestOrder(request.body);
        return reply
          .status(created ? 201 : 200)
          .header('cache-control', 'no-store')
          .send({ order, token: guestOrders.tokenFor(order.id) });
      },
    );

    app.post(
      '/guest/checkout/cash-on-delivery',
      {
        schema: {
          tags: ['checkout'],
          summary: 'Whether a cart not yet ordered may be paid by Cash on Delivery to a PIN code, and why not',
          body: GuestCashOnDeliveryQuestionSchema,
          response: { 200: CashOnDeliverySchema, ...errors },
        },
      },
      (request) => checkout.cashOnDeliveryForPincode(request.body.pincode, request.body.items),
    );

    app.get(
      '/guest/orders/:id',
      {
        schema: {
          tags: ['orders'],
          summary: 'A guest’s order, with its token',
          params: orderParams,
          headers: tokenHeaders,
          response: { 200: OrderSchema, ...errors },
        },
      },
      async (request) => orders.get((await guestOrders.shopperOf(request.params.id, tokenOf(request))).id, request.params.id),
    );

    app.get(
      '/guest/orders/:id/cash-on-delivery',
      {
        schema: {
          tags: ['checkout'],
          summary: 'Whether a guest’s order awaiting payment may be paid by Cash on Delivery',
          params: orderParams,
          headers: tokenHeaders,
          response: { 200: CashOnDeliverySchema, ...errors },
        },
      },
      async (request) => checkout.cashOnDelivery((await guestOrders.shopperOf(request.params.id, tokenOf(request))).id, request.params.id),
    );

    app.post(
      '/guest/orders/:id/payments',
      {
        schema: {
          tags: ['checkout'],
          summary: 'Pay, or retry paying, for a guest’s order awaiting payment (every method, COD included)',
          params: orderParams,
          headers: tokenHeaders,
          body: paymentBodySchema(deps.payments.gateway),
          response: { 200: PaymentResultSchema, ...errors, 503: ErrorResponseSchema },
        },
      },
      async (request) => pay(await guestOrders.shopperOf(request.params.id, tokenOf(request)), request.params.id, request.body),
    );

    app.post(
      '/guest/orders/:id/cancel',
      {
        schema: {
          tags: ['orders'],
          summary: 'Cancel a guest’s order while nothing has shipped; a paid one is refunded in full',
          params: orderParams,
          headers: tokenHeaders,
          response: { 200: OrderSchema, ...errors },
        },
      },
      async (request) => checkout.cancel(await guestOrders.shopperOf(request.params.id, tokenOf(request)), request.params.id),
    );

    app.get(
      '/guest/payments/:id',
      {
        schema: {
          tags: ['checkout'],
          summary: 'A payment of a guest’s order, with its order (the order’s token)',
          params: paymentParams,
          headers: tokenHeaders,
          response: { 200: PaymentWithOrderSchema, ...errors },
        },
      },
      async (request) =>
        checkout.paymentForCaller((await guestOrders.shopperOfPayment(request.params.id, tokenOf(request))).id, request.params.id),
    );

    app.post(
      '/guest/payments/:id/otp',
      {
        schema: {
          tags: ['checkout'],
          summary: 'The OTP of a guest’s card or EMI payment (sandbox: 123456)',
          params: paymentParams,
          headers: tokenHeaders,
          body: OtpInputSchema,
          response: { 200: PaymentResultSchema, ...errors },
        },
      },
      async (request) =>
        checkout.confirm(await guestOrders.shopperOfPayment(request.params.id, tokenOf(request)), request.params.id, {
          otp: request.body.otp,
        }),
    );

    app.post(
      '/guest/payments/:id/bank',
      {
        schema: {
          tags: ['checkout'],
          summary: "The bank page's answer for a guest's Net Banking payment",
          params: paymentParams,
          headers: tokenHeaders,
          body: BankOutcomeInputSchema,
          response: { 200: PaymentResultSchema, ...errors },
        },
      },
      async (request) =>
        checkout.confirm(await guestOrders.shopperOfPayment(request.params.id, tokenOf(request)), request.params.id, {
          bankOutcome: request.body.outcome,
        }),
    );

    app.post(
      '/track',
      {
        // Per address: the number and e-mail together open an order; guessing pairs is slowed down.
        onRequest: trackLimit,
        schema: {
          tags: ['orders'],
          summary:
            'Track an order by its number and e-mail: status, shipments and returns, delivering to city and PIN code only. One 404 answer for a wrong number or a wrong e-mail.',
          description: limited,
          body: TrackOrderInputSchema,
          response: { 200: TrackedOrderSchema, ...errors },
        },
      },
      async (request, reply) => reply.header('cache-control', 'no-store').send(await guestOrders.track(request.body)),
    );
  };
}
