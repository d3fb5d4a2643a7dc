import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#shared/errors.ts';

/**
 * An order's number and e-mail open it at /track, for tracking and for a guest's returns, so every
 * request that sends them is counted together, per network address: guessing pairs is slowed down
 * alike whichever of them it goes through. 20 in 15 minutes is far more than a shopper tracking an
 * order and returning a line with 4 photos sends. Counted by @fastify/rate-limit for the whole
 * machine (and in Redis when REDIS_URL is set), before the body is read.
 */
export const TRACK_REQUESTS_PER_ADDRESS = 20;
const WINDOW = '15 minutes';

/** One count per server, whichever plugin asks for it: /track (checkout) and /track/returns (returns) share it. */
const counters = new WeakMap<object, ReturnType<FastifyInstance['createRateLimit']>>();

export function trackLimits(app: FastifyInstance) {
  const perAddress =
    counters.get(app.server) ??
    app.createRateLimit({
      max: TRACK_REQUESTS_PER_ADDRESS,
      timeWindow: WINDOW,
      // An IPv6 client is its /64, as the plugin counts it: one subscriber's whole prefix.
      keyGenerator: (request) => `track:address:${normalizeIP(request.ip)}`,
    });
  counters.set(app.server, perAddress);
  return async (request: FastifyRequest): Promise<void> => {
    const limit = await perAddress(request);
    if (!limit.isAllowed && limit.isExceeded) {
      const minutes = Math.max(1, Math.ceil(limit.ttlInSeconds / 60));
      throw new AppError(
        'RATE_LIMITED',
        `Too many orders looked up from your network. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
        { retryAfterSeconds: limit.ttlInSeconds },
      );
    }
  };
}
