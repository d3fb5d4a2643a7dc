import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#shared/errors.ts';
import { requireUser } from '#server/plugins/auth.ts';

/**
 * How many helpful votes may be cast, each an hour (every vote asked for counts, a repeated or
 * refused one included):
 *
 * - per account: a shopper reading a product's reviews votes on a few of them, not on every one;
 * - per network address, a ceiling well above what the shoppers behind one office, college or
 *   mobile carrier's shared address (carrier-grade NAT, common in India) vote in an hour, which
 *   stops a script driving many accounts from one machine.
 *
 * Counted by @fastify/rate-limit for the whole machine (and in Redis when REDIS_URL is set), as
 * the sign-ups are.
 */
export const VOTES_PER_ACCOUNT = 30;
export const VOTES_PER_ADDRESS = 300;
const WINDOW = '1 hour';

const inMinutes = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
};

/** A preHandler for a helpful vote, after the caller is known to be signed in. */
export function voteLimits(app: FastifyInstance) {
  const perAddress = app.createRateLimit({
    max: VOTES_PER_ADDRESS,
    timeWindow: WINDOW,
    // An IPv6 client is its /64, as the plugin counts it: one subscriber's whole prefix.
    keyGenerator: (request) => `review-vote:address:${normalizeIP(request.ip)}`,
  });
  const perAccount = app.createRateLimit({
    max: VOTES_PER_ACCOUNT,
    timeWindow: WINDOW,
    keyGenerator: (request) => `review-vote:account:${requireUser(request).id}`,
  });

  return async (request: FastifyRequest): Promise<void> => {
    const [address, account] = await Promise.all([perAddress(request), perAccount(request)]);
    for (const [limit, refusal] of [
      [address, 'Too many votes from your network.'],
      [account, 'You have voted on many reviews in the last hour.'],
    ] as const) {
      if (!limit.isAllowed && limit.isExceeded) {
        throw new AppError('RATE_LIMITED', `${refusal} Please try again in ${inMinutes(limit.ttlInSeconds)}.`, {
          retryAfterSeconds: limit.ttlInSeconds,
        });
      }
    }
  };
}
