import { betterAuth } from 'better-auth';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#shared/errors.ts';
import { RESET_LINK_MINUTES } from '#shared/schemas/account-security.ts';
import type { Role } from '#shared/schemas/auth.ts';
import type { Config } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/database.ts';

export const SESSION_DAYS = 7;
const COOKIE_PREFIX = 'store';

/**
 * Better Auth holds passwords (scrypt), sessions in the database and the session cookie
 * (httpOnly, SameSite=Lax, Secure on https). We call its server API from our own routes, so its
 * HTTP handler is not mounted and every request goes through our schemas and rules.
 */
export interface CreateAuthDeps {
  config: Config;
  database: DatabaseHandle;
  log?: (error: unknown, message: string) => void;
  /** mails a password reset link's token to the user (through the outbox) */
  sendResetPassword?: (user: { id: string; email: string; name: string }, token: string) => Promise<void>;
}

export function createAuth({ config, database, log, sendResetPassword }: CreateAuthDeps) {
  return betterAuth({
    appName: config.store.name,
    baseURL: config.publicUrl,
    secret: config.sessionSecret,
    database: { db: database.db, type: database.dialect },
    telemetry: { enabled: false },
    // Failed sign-ins are expected and counted by the auth service; only real errors are logged,
    // through the app's logger (not the console), e.g. while the database is away.
    logger: {
      level: 'error',
      log: (_level, message, ...args) => log?.(args.find((arg) => arg instanceof Error) ?? args[0], `Better Auth: ${message}`),
    },
    rateLimit: { enabled: false }, // sign-in failures are limited by the auth service, per account, device and address
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      // Reset links (see the account security service): 30 minutes, single use, and a reset ends
      // every session of the account.
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        await sendResetPassword?.(user, token);
      },
    },
    session: {
      modelName: 'sessions',
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
      fields: {
        expiresAt: 'expires_at',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        userId: 'user_id',
      },
    },
    user: {
      modelName: 'users',
      fields: { emailVerified: 'email_verified', createdAt: 'created_at', updatedAt: 'updated_at' },
      additionalFields: {
        role: { type: 'string', required: true, defaultValue: 'customer', input: false },
        status: { type: 'string', required: true, defaultValue: 'active', input: false },
      },
    },
    account: {
      modelName: 'accounts',
      fields: {
        accountId: 'account_id',
        providerId: 'provider_id',
        userId: 'user_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
    },
    verification: {
      modelName: 'verifications',
      fields: { expiresAt: 'expires_at', createdAt: 'created_at', updatedAt: 'updated_at' },
      // Tokens of reset and verification links are kept as SHA-256 hashes: a copy of the table
      // cannot be used to reset anyone's password.
      storeIdentifier: 'hashed',
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: config.publicUrl.startsWith('https://'),
      database: { generateId: () => crypto.randomUUID() },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Who is calling: filled by the session hook for every /api request. */
export interface Caller {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** see requireVerifiedEmail */
  emailVerified: boolean;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

export function hasSessionCookie(request: FastifyRequest): boolean {
  return (request.headers.cookie ?? '').includes(`${COOKIE_PREFIX}.session_token=`);
}

export function nodeHeaders(request: FastifyRequest): Headers {
  return fromNodeHeaders(request.headers);
}

/** Passes Better Auth's Set-Cookie headers (new session, cleared session) on to our reply. */
export function forwardCookies(from: Headers, reply: FastifyReply): void {
  const cookies = from.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/**
 * Requests that change state and carry our session cookie must come from the store's own
 * origin: the Origin (or, failing that, Referer) must match the host served or PUBLIC_URL.
 */
function sameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const source = request.headers.origin ?? request.headers.referer;
  if (!source) return false;
  let origin: URL;
  try {
    origin = new URL(source);
  } catch {
    return false;
  }
  return origin.host === request.headers.host || origin.origin === new URL(publicUrl).origin;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function registerSessionHook(
  app: FastifyInstance,
  { resolveCaller, publicUrl }: { resolveCaller: (request: FastifyRequest) => Promise<Caller | null>; publicUrl: string },
): void {
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const withCookie = hasSessionCookie(request);
    if (withCookie && UNSAFE.has(request.method) && !sameOrigin(request, publicUrl)) {
      throw new AppError('FORBIDDEN', 'This request must come from the store itself (cross-site request refused)');
    }
    request.caller = withCookie ? await resolveCaller(request) : null;
  });
}

/** Route guards: 401 when signed out, 403 for the wrong role. */
export function requireUser(request: FastifyRequest): Caller {
  if (!request.caller) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
  return request.caller;
}

export function requireRole(...roles: Role[]) {
  return async (request: FastifyRequest): Promise<void> => {
    const caller = requireUser(request);
    if (!roles.includes(caller.role)) throw new AppError('FORBIDDEN', 'Your account cannot use this');
  };
}

/**
 * For features that need a real e-mail address behind the account (reviews, claiming guest
 * orders): 401 when signed out, 403 (EMAIL_NOT_VERIFIED) until the owner opened the link mailed at
 * registration (the account page resends it). Use as a hook (`preValidation`) or call in a handler.
 */
export async function requireVerifiedEmail(request: FastifyRequest): Promise<void> {
  const caller = requireUser(request);
  if (!caller.emailVerified)
    throw new AppError(
      'EMAIL_NOT_VERIFIED',
      'Please verify your e-mail address first: open the link we sent you, or ask for a new one on your account page.',
    );
}

export const requireSignedIn = async (request: FastifyRequest): Promise<void> => {
  requireUser(request);
};
