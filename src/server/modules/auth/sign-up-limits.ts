import { randomUUID } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#shared/errors.ts';

/**
 * How often accounts may be created (customer and vendor sign-ups together), each an hour:
 *
 * - per e-mail address: a few attempts, so one address cannot be hammered (or its registration
 *   probed) however many addresses and browsers the attempts come from;
 * - per device: a handful of accounts from one browser, told apart by a random id in a cookie of
 *   its own (`store.device`, httpOnly, a year; nothing else is read from it or kept with it). A
 *   client that drops its cookies starts a new device every time, so it meets only the limit below;
 * - per network address, a ceiling well above what one office, college or mobile carrier's shared
 *   address (carrier-grade NAT, common in India) sends in an hour, which stops a script run from
 *   one machine.
 *
 * The counts are kept by @fastify/rate-limit, for the whole machine whatever its number of workers
 * (and in Redis when REDIS_URL is set, so every machine counts together). Failed sign-ins have
 * limits of their own (auth.service.ts).
 */
export const SIGN_UPS_PER_ADDRESS = 300;
export const SIGN_UPS_PER_DEVICE = 10;
export const SIGN_UP_ATTEMPTS_PER_EMAIL = 5;
const WINDOW = '1 hour';

const DEVICE_COOKIE = 'store.device';
const DEVICE_COOKIE_SECONDS = 365 * 24 * 60 * 60;
const DEVICE_ID = /(?:^|;\s*)store\.device=([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:;|$)/;

const inMinutes = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
};

function tooMany(message: string, retryAfterSeconds: number): AppError {
  return new AppError('RATE_LIMITED', `${message} Please try again in ${inMinutes(retryAfterSeconds)}.`, { retryAfterSeconds });
}

/** The device's id from its cookie, or a new one set on the reply (failed sign-ins count by it too). */
export function deviceOf(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const known = DEVICE_ID.exec(request.headers.cookie ?? '')?.[1];
  if (known) return known;
  const id = randomUUID();
  reply.header(
    'set-cookie',
    `${DEVICE_COOKIE}=${id}; Path=/api/auth; Max-Age=${DEVICE_COOKIE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  );
  return id;
}

/**
 * A preHandler for the sign-up routes (after validation, so the e-mail is the normalised one),
 * one set of counts for the customer and the vendor sign-up. Every attempt counts, accepted or
 * refused. (Not the routes' own `config.rateLimit`: that keeps a count per route.)
 */
export function signUpLimits(app: FastifyInstance, { secureCookies }: { secureCookies: boolean }) {
  const perAddress = app.createRateLimit({
    max: SIGN_UPS_PER_ADDRESS,
    timeWindow: WINDOW,
    // An IPv6 client is its /64, as the plugin counts it: one subscriber's whole prefix.
    keyGenerator: (request) => `sign-up:address:${normalizeIP(request.ip)}`,
  });
  const perEmail = app.createRateLimit({
    max: SIGN_UP_ATTEMPTS_PER_EMAIL,
    timeWindow: WINDOW,
    keyGenerator: (request) => `sign-up:email:${(request.body as { email: string }).email}`,
  });
  const devices = new WeakMap<FastifyRequest, string>();
  const perDevice = app.createRateLimit({
    max: SIGN_UPS_PER_DEVICE,
    timeWindow: WINDOW,
    keyGenerator: (request) => `sign-up:device:${devices.get(request)}`,
  });

  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    devices.set(request, deviceOf(request, reply, secureCookies));
    const [address, email, device] = await Promise.all([perAddress(request), perEmail(request), perDevice(request)]);
    if (!address.isAllowed && address.isExceeded) {
      throw tooMany('Too many sign-ups from your network.', address.ttlInSeconds);
    }
    if (!email.isAllowed && email.isExceeded) {
      throw tooMany('Too many attempts to create an account with this e-mail address.', email.ttlInSeconds);
    }
    if (!device.isAllowed && device.isExceeded) {
      throw tooMany('Too many sign-ups from this browser.', device.ttlInSeconds);
    }
  };
}
