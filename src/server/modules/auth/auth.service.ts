import { normalizeIP } from '@fastify/rate-limit';
import { APIError } from 'better-auth/api';
import type { FastifyRequest } from 'fastify';
import { AppError } from '#shared/errors.ts';
import {
  type CurrentUser,
  EMAIL_IN_USE_MESSAGE,
  type LoginInput,
  type Portal,
  type RegisterCustomerInput,
  type Role,
} from '#shared/schemas/auth.ts';
import type { RegisterVendorInput } from '#shared/schemas/vendor-registration.ts';
import type { Db } from '#server/db/database.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';
import type { VendorsService } from '#server/modules/vendors/vendors.service.ts';
import { type Auth, type Caller, hasSessionCookie, nodeHeaders } from '#server/plugins/auth.ts';
import * as failures from './sign-in-failures.repository.ts';

/**
 * Failed sign-ins allowed in the window, this attempt's included:
 *
 * - per e-mail address: the lockout that protects an account from guessing, whatever browsers and
 *   addresses the guesses come from (counted for any e-mail, so it says nothing of whether the
 *   e-mail has an account; a successful sign-in clears it);
 * - per device (the `store.device` cookie of sign-up-limits.ts): one browser trying many accounts;
 * - per network address, a ceiling far above what the people behind one office, college or mobile
 *   carrier's shared address (carrier-grade NAT, common in India) mistype in 15 minutes, which
 *   stops a script trying many accounts from one machine.
 */
export const MAX_FAILURES = 10;
export const MAX_FAILURES_PER_DEVICE = 20;
export const MAX_FAILURES_PER_ADDRESS = 200;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

const FAILURE_LIMITS = [
  { prefix: 'email:', max: MAX_FAILURES, refusal: 'Too many failed sign-ins with this e-mail address.' },
  { prefix: 'device:', max: MAX_FAILURES_PER_DEVICE, refusal: 'Too many failed sign-ins from this browser.' },
  { prefix: 'ip:', max: MAX_FAILURES_PER_ADDRESS, refusal: 'Too many failed sign-ins from your network.' },
] as const;

/** One message for a wrong e-mail and a wrong password alike. */
export const INVALID_CREDENTIALS_MESSAGE = 'The e-mail address or password is incorrect.';

const PORTAL_RULES: Record<Portal, { accepts: readonly Role[]; refusal: (role: Role) => string }> = {
  store: { accepts: ['customer', 'vendor', 'admin'], refusal: () => '' },
  vendor: {
    accepts: ['vendor'],
    refusal: (role) =>
      role === 'admin'
        ? 'This is the vendor login. Administrators sign in at /admin/login.'
        : 'This is the vendor login. Customers sign in at /login, or register a shop at /vendor/register.',
  },
  admin: {
    accepts: ['admin'],
    refusal: (role) =>
      role === 'vendor'
        ? 'Only administrators can sign in here. Vendors sign in at /vendor/login.'
        : 'Only administrators can sign in here. Customers sign in at /login.',
  },
};

export interface SignedIn {
  user: CurrentUser;
  /** Set-Cookie headers carrying the new session */
  cookies: Headers;
}

export function createAuthService(deps: {
  db: Db;
  auth: Auth;
  users: UsersService;
  vendors: VendorsService;
  /** mails the new account its e-mail verification link */
  afterSignUp?: (user: { id: string; email: string; name: string }) => Promise<void>;
  log?: (error: unknown, message: string) => void;
  now?: () => Date;
}) {
  const { db, auth, users, vendors } = deps;
  const now = deps.now ?? (() => new Date());

  async function profile(userId: string): Promise<CurrentUser> {
    const user = await users.currentUser(userId);
    if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
    return user;
  }

  /** Creates the account through Better Auth (hash, user, credential, session), then our parts. */
  async function signUp(
    input: { name: string; email: string; password: string },
    request: FastifyRequest,
    completeProfile: (userId: string) => Promise<void>,
  ): Promise<SignedIn> {
    if (await users.findByEmail(input.email)) throw new AppError('EMAIL_IN_USE', EMAIL_IN_USE_MESSAGE);
    let result;
    try {
      result = await auth.api.signUpEmail({
        body: { name: input.name, email: input.email, password: input.password },
        headers: nodeHeaders(request),
        returnHeaders: true,
      });
    } catch (error) {
      if (error instanceof APIError && /USER_ALREADY_EXISTS/.test(String(error.body?.code))) {
        throw new AppError('EMAIL_IN_USE', EMAIL_IN_USE_MESSAGE);
      }
      throw error;
    }
    const userId = result.response.user.id;
    try {
      await completeProfile(userId);
    } catch (error) {
      // Nothing half-written: the account goes if its profile could not be completed.
      await users.delete(userId);
      throw error;
    }
    // The account works without a verified e-mail (checkout included); the link comes by mail.
    // Should the mail not even be queued (the database went away), the account page resends it.
    try {
      await deps.afterSignUp?.({ id: userId, email: result.response.user.email, name: result.response.user.name });
    } catch (error) {
      deps.log?.(error, `The verification mail of new account ${userId} could not be queued`);
    }
    return { user: await profile(userId), cookies: result.headers };
  }

  /** Throws 429 when a key has more failures in the window than its limit, this attempt included. */
  async function tooManyFailures(keys: string[]): Promise<void> {
    const at = now();
    const recent = await failures.recentFailures(db, keys, new Date(at.getTime() - FAILURE_WINDOW_MS));
    const blocked = recent
      .map((row) => ({ ...row, limit: FAILURE_LIMITS.find((limit) => row.key.startsWith(limit.prefix))! }))
      .filter((row) => row.count > row.limit.max);
    if (blocked.length === 0) return;
    // The first limit reached in the order above is named; the wait is the longest of them.
    const first = FAILURE_LIMITS.find((limit) => blocked.some((row) => row.limit === limit))!;
    const freesAt = Math.max(...blocked.map((row) => new Date(row.oldest).getTime() + FAILURE_WINDOW_MS));
    const retryAfterSeconds = Math.max(1, Math.ceil((freesAt - at.getTime()) / 1000));
    const minutes = Math.ceil(retryAfterSeconds / 60);
    throw new AppError('RATE_LIMITED', `${first.refusal} Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`, {
      retryAfterSeconds,
    });
  }

  /**
   * An account the operator (or the demo data) chose, with its e-mail counted as verified and no
   * session; an account that already has the e-mail is left alone. If the process stops between
   * Better Auth's sign-up and the role, the account is there with role customer, and is found
   * (not made again) next time: the caller sees it was not created.
   */
  async function ensureAccount(account: {
    email: string;
    password: string;
    name: string;
    role: Role;
  }): Promise<{ id: string; created: boolean }> {
    const email = account.email.trim().toLowerCase();
    const existing = await users.findByEmail(email);
    if (existing) return { id: existing.id, created: false };
    const { user } = await auth.api.signUpEmail({ body: { name: account.name, email, password: account.password } });
    if (account.role !== 'customer') await users.setRole(user.id, account.role);
    await users.markEmailVerified(user.id, now());
    await users.deleteSessionsOf(user.id);
    return { id: user.id, created: true };
  }

  return {
    registerCustomer(input: RegisterCustomerInput, request: FastifyRequest): Promise<SignedIn> {
      return signUp(input, request, async () => {});
    },

    registerVendor(input: RegisterVendorInput, request: FastifyRequest): Promise<SignedIn> {
      return signUp(input, request, async (userId) => {
        await db.transaction().execute(async (tx) => {
          await users.setRole(userId, 'vendor', tx);
          await vendors.createForUser({ userId, businessName: input.businessName, phone: input.phone, gstin: input.gstin }, tx);
        });
      });
    },

    /** `device` is the browser's id (sign-up-limits.ts), absent for a caller without one. */
    async login(input: LoginInput, request: FastifyRequest, device?: string): Promise<SignedIn> {
      // An IPv6 client is its /64, as the sign-up limits count it: one subscriber's whole prefix.
      const keys = [`email:${input.email}`, `ip:${normalizeIP(request.ip)}`, ...(device ? [`device:${device}`] : [])];
      // The attempt counts as a failure before the password is checked and is taken back unless
      // it fails: concurrent guesses, on however many processes share the database, cannot slip
      // past the limit together, since each one sees every attempt recorded before its own.
      const attempt = await failures.recordFailure(db, keys, now());
      let failed = false;
      try {
        await tooManyFailures(keys);
        const previous = hasSessionCookie(request) ? await auth.api.getSession({ headers: nodeHeaders(request) }) : null;
        let result;
        try {
          result = await auth.api.signInEmail({
            body: { email: input.email, password: input.password, rememberMe: true },
            headers: nodeHeaders(request),
            returnHeaders: true,
          });
        } catch (error) {
          if (error instanceof APIError && (error.statusCode === 401 || error.statusCode === 400)) {
            failed = true;
            throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
          }
          throw error;
        }
        const user = await users.findById(result.response.user.id);
        const rule = PORTAL_RULES[input.portal];
        if (!user || user.status !== 'active' || !rule.accepts.includes(user.role)) {
          // The password was right but this page is not for this account: no session is kept.
          await users.deleteSessionByToken(result.response.token);
          if (!user || user.status !== 'active')
            throw new AppError('FORBIDDEN', 'This account has been suspended. Please contact support.');
          throw new AppError('WRONG_PORTAL', rule.refusal(user.role), { role: user.role });
        }
        await failures.clearFailures(db, `email:${input.email}`);
        // A new session id at every sign-in; the one the browser had before is ended.
        if (previous) await users.deleteSessionById(previous.session.id);
        return { user: await profile(user.id), cookies: result.headers };
      } finally {
        if (!failed) await failures.deleteFailures(db, attempt);
      }
    },

    /** Forgets failed sign-ins older than the window; safe to run on every process at once. */
    pruneSignInFailures: () => failures.deleteFailuresBefore(db, new Date(now().getTime() - FAILURE_WINDOW_MS)),

    /** Ends the session on the server, so a copied cookie stops working, and clears the cookie. */
    async logout(request: FastifyRequest): Promise<Headers> {
      if (!hasSessionCookie(request)) return new Headers();
      try {
        const { headers } = await auth.api.signOut({ headers: nodeHeaders(request), returnHeaders: true });
        return headers;
      } catch (error) {
        if (error instanceof APIError) return new Headers(); // already signed out
        throw error;
      }
    },

    /** The caller of a request, or null. A session of a missing or suspended user is ended. */
    async resolveCaller(request: FastifyRequest): Promise<Caller | null> {
      const found = await auth.api.getSession({ headers: nodeHeaders(request), query: { disableCookieCache: true } });
      if (!found) return null;
      const user = await users.findById(found.user.id);
      if (!user || user.status !== 'active') {
        await users.deleteSessionsOf(found.user.id);
        return null;
      }
      return {
        id: user.id,
        email: user.email,
        name: user.name,
        role: user.role,
        emailVerified: user.email_verified,
        sessionId: found.session.id,
      };
    },

    currentUser: (userId: string) => users.currentUser(userId),

    /** The first admin, from ADMIN_EMAIL/ADMIN_PASSWORD or `npm run admin:create`; existing accounts are left alone. */
    async ensureAdmin(admin: { email: string; password: string; name: string }): Promise<'created' | 'exists'> {
      return (await ensureAccount({ ...admin, role: 'admin' })).created ? 'created' : 'exists';
    },

    ensureAccount,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
