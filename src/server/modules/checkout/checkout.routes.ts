import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EMI_MIN_ORDER, type EmiPlan } from '#shared/emi.ts';
import { NET_BANKING_BANKS } from '#shared/payment-methods.ts';
import {
  BankOutcomeInputSchema,
  CashOnDeliveryQuestionSchema,
  CashOnDeliverySchema,
  CheckoutOptionsSchema,
  OrderIdParamSchema,
  OrderSchema,
  OtpInputSchema,
  PaymentIdParamSchema,
  PaymentResultSchema,
  PaymentWithOrderSchema,
  PlaceOrderInputSchema,
} from '#shared/schemas/orders.ts';
import type { PaymentsService } from '#server/modules/payments/payments.service.ts';
import { requireSignedIn, requireUser } from '#server/plugins/auth.ts';
import { ErrorResponseSchema } from '#server/plugins/openapi.ts';
import type { CheckoutService } from './checkout.service.ts';
import { payOrder, paymentBodySchema } from './hosted-checkout.routes.ts';
import type { HostedCheckoutService } from './hosted-checkout.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
const orderParams = z.object({ id: OrderIdParamSchema });
const paymentParams = z.object({ id: PaymentIdParamSchema });

/** Checkout and payments, for the signed-in user; paying an order is here too. Every query is scoped to the caller. */
export function checkoutRoutes(deps: {
  checkout: CheckoutService;
  hostedCheckout: HostedCheckoutService;
  payments: PaymentsService;
  emiPlans: readonly EmiPlan[];
}): FastifyPluginAsyncZod {
  const { checkout } = deps;
  const pay = payOrder(deps);
  return async (app) => {
    app.addHook('preValidation', requireSignedIn);

    app.get(
      '/checkout/options',
      {
        schema: {
          tags: ['checkout'],
          summary: 'Payment options: banks, EMI plans, test mode',
          response: { 200: CheckoutOptionsSchema, 401: ErrorResponseSchema },
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
      '/checkout/orders',
      {
        schema: {
          tags: ['checkout'],
          summary: 'Place an order (awaiting payment). The same idempotencyKey returns the same order.',
          body: PlaceOrderInputSchema,
          response: { 200: OrderSchema, 201: OrderSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { order, created } = await checkout.placeOrder(requireUser(request).id, request.body);
        return reply.status(created ? 201 : 200).send(order);
      },
    );

    app.get(
      '/orders/:id/cash-on-delivery',
      {
        schema: {
          tags: ['checkout'],
          summary: 'Whether an order awaiting payment may be paid by Cash on Delivery, and why not',
          params: orderParams,
          response: { 200: CashOnDeliverySchema, ...errors },
        },
      },
      (request) => checkout.cashOnDelivery(requireUser(request).id, request.params.id),
    );

    app.post(
      '/checkout/cash-on-delivery',
      {
        schema: {
          tags: ['checkout'],
          summary: 'Whether a cart not yet ordered may be paid by Cash on Delivery to one of my addresses, and why not',
          body: CashOnDeliveryQuestionSchema,
          response: { 200: CashOnDeliverySchema, ...errors },
        },
      },
      (request) => checkout.cashOnDeliveryFor(requireUser(request).id, request.body),
    );

    app.post(
      '/orders/:id/payments',
      {
        schema: {
          tags: ['checkout'],
          summary: 'Pay, or retry paying, for an order awaiting payment',
          description:
            "With Razorpay the body is only the method (the card or UPI ID is typed into Razorpay's checkout) and `next` is `razorpay`.",
          params: orderParams,
          body: paymentBodySchema(deps.payments.gateway),
          response: { 200: PaymentResultSchema, ...errors, 503: ErrorResponseSchema },
        },
      },
      (request) => pay(requireUser(request), request.params.id, request.body),
    );

    app.get(
      '/payments/:id',
      {
        schema: {
          tags: ['checkout'],
          summary: 'One of my payments, with its order',
          params: paymentParams,
          response: { 200: PaymentWithOrderSchema, ...errors },
        },
      },
      (request) => checkout.paymentForCaller(requireUser(request).id, request.params.id),
    );

    app.post(
      '/payments/:id/otp',
      {
        schema: {
          tags: ['checkout'],
          summary: 'The OTP of a card or EMI payment (sandbox: 123456)',
          params: paymentParams,
          body: OtpInputSchema,
          response: { 200: PaymentResultSchema, ...errors },
        },
      },
      (request) => checkout.confirm(requireUser(request), request.params.id, { otp: request.body.otp }),
    );

    app.post(
      '/payments/:id/bank',
      {
        schema: {
          tags: ['checkout'],
          summary: "The bank page's answer for a Net Banking payment",
          params: paymentParams,
          body: BankOutcomeInputSchema,
          response: { 200: PaymentResultSchema, ...errors },
        },
      },
      (request) => checkout.confirm(requireUser(request), request.params.id, { bankOutcome: request.body.outcome }),
    );
  };
}
