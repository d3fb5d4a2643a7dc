import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#shared/errors.ts';

/**
 * How many guest orders may be placed, each an hour (every attempt counts, a retry of the same
 * order included):
 *
 * - per e-mail address: a shopper places a few orders an hour, not a stream of them;
 * - per network address, a ceiling well above what the shoppers behind one office, college or
 *   mobile carrier's shared address (carrier-grade NAT, common in India) order in an hour, which
 *   stops a script run from one machine.
 *
 * Counted by @fastify/rate-limit for the whole machine (and in Redis when REDIS_URL is set), as
 * the sign-ups are.
 */
export const GUEST_ORDERS_PER_EMAIL = 10;
export const GUEST_ORDERS_PER_ADDRESS = 300;
const WINDOW = '1 hour';

const inMinutes = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
};

/** A preHandler for placing a guest order: after validation, so the e-mail is the normalised one. */
export function guestOrderLimits(app: FastifyInstance) {
  const perAddress = app.createRateLimit({
    max: GUEST_ORDERS_PER_ADDRESS,
    timeWindow: WINDOW,
    // An IPv6 client is its /64, as the plugin counts it: one subscriber's whole prefix.
    keyGenerator: (request) => `guest-order:address:${normalizeIP(request.ip)}`,
  });
  const perEmail = app.createRateLimit({
    max: GUEST_ORDERS_PER_EMAIL,
    timeWindow: WINDOW,
    keyGenerator: (request) => `guest-order:email:${(request.body as { email: string }).email}`,
  });

  return async (request: FastifyRequest): Promise<void> => {
    const [address, email] = await Promise.all([perAddress(request), perEmail(request)]);
    for (const [limit, refusal] of [
      [address, 'Too many orders from your network.'],
      [email, 'Too many orders with this e-mail address.'],
    ] as const) {
      if (!limit.isAllowed && limit.isExceeded) {
        throw new AppError('RATE_LIMITED', `${refusal} Please try again in ${inMinutes(limit.ttlInSeconds)}.`, {
          retryAfterSeconds: limit.ttlInSeconds,
        });
      }
    }
  };
}
