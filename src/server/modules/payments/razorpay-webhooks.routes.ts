import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HostedCheckoutService } from '#server/modules/checkout/hosted-checkout.service.ts';
import { ErrorResponseSchema } from '#server/plugins/openapi.ts';

/** Razorpay's webhooks are small; a bigger body is not one. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/**
 * POST /webhooks/razorpay: Razorpay's signed events. The JSON body is kept as the bytes Razorpay
 * sent (for this route only: its parser is registered in this plugin's scope), since the
 * signature is over them; it is checked before anything is stored. Each event is stored once by
 * X-Razorpay-Event-Id and acted on once; a repeat is answered 200 and changes nothing. Events we
 * do not act on are stored and acknowledged. A failure while acting answers 500, so Razorpay
 * sends it again (and the reconciler tries the stored event again meanwhile).
 */
export function razorpayWebhookRoutes(deps: { hostedCheckout: HostedCheckoutService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    app.post(
      '/webhooks/razorpay',
      {
        schema: {
          tags: ['payments'],
          summary: "Razorpay's webhooks: payment.captured, payment.failed, order.paid, refund.processed, refund.failed",
          description:
            'Signed with the webhook secret (X-Razorpay-Signature, HMAC-SHA256 of the raw body): a wrong or missing signature is 400 and nothing is stored. Each event is acted on once by X-Razorpay-Event-Id; others are acknowledged and ignored.',
          headers: z.object({
            'x-razorpay-signature': z.string().max(200).optional(),
            'x-razorpay-event-id': z.string().max(100).optional(),
          }),
          response: { 200: z.object({ ok: z.literal(true), duplicate: z.boolean() }), 400: ErrorResponseSchema },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const { duplicate } = await deps.hostedCheckout.receiveWebhook(
          body,
          request.headers['x-razorpay-signature'],
          request.headers['x-razorpay-event-id'],
        );
        return { ok: true as const, duplicate };
      },
    );
  };
}
