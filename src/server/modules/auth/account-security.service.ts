import { randomBytes } from 'node:crypto';
import { APIError } from 'better-auth/api';
import type { FastifyRequest } from 'fastify';
import { AppError } from '#shared/errors.ts';
import {
  type ChangePasswordInput,
  LINK_INVALID_MESSAGE,
  RESET_REQUESTED_MESSAGE,
  type ResetPasswordInput,
  VERIFY_LINK_HOURS,
  WRONG_PASSWORD_MESSAGE,
} from '#shared/schemas/account-security.ts';
import type { StoreInfo } from '#shared/store-info.ts';
import type { Db, DbOrTx } from '#server/db/database.ts';
import type { Mailer } from '#server/modules/mail/mailer.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';
import { type Auth, type Caller, nodeHeaders } from '#server/plugins/auth.ts';
import * as requests from './account-mail-requests.repository.ts';
import { passwordChangedMail, verifyEmailMail } from './account-mails.ts';
import * as failures from './sign-in-failures.repository.ts';

/** Reset and verification mails asked for, per window: per e-mail, per address, per account. */
export const MAIL_WINDOW_MS = 15 * 60 * 1000;
export const RESET_MAILS_PER_EMAIL = 3;
export const RESET_MAILS_PER_ADDRESS = 10;
export const VERIFY_MAILS_PER_ACCOUNT = 3;

/** Better Auth's names for the tokens it keeps in its verifications table (stored hashed). */
const RESET_TOKEN = (token: string) => `reset-password:${token}`;
const VERIFY_TOKEN = (token: string) => `verify-email:${token}`;

/**
 * Passwords, sessions and e-mail verification. Better Auth hashes passwords, keeps the tokens of
 * reset links (30 minutes, single use: spent in the transaction that sets the new password and
 * ends every session) and checks the current password. The verification link's token is ours,
 * kept in the same table the same way, and spent by one atomic consume.
 *
 * Crash recovery: each mail is written to the outbox before it is sent and retried from there. A
 * password change commits before the other sessions are ended; a crash in between leaves them
 * signed in, which "Sign out of all devices" ends.
 */
/** How long forgot-password takes to answer: longer than preparing and mailing a link takes. */
export const RESET_ANSWER_MS = 150;

const sleep = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

export function createAccountSecurityService(deps: {
  db: Db;
  auth: Auth;
  users: UsersService;
  mailer: Mailer;
  store: StoreInfo;
  /** runs in the transaction that marks an address verified: a guest's orders with it join the account */
  onEmailVerified?: (user: { id: string; email: string }, tx: DbOrTx) => Promise<unknown>;
  now?: () => Date;
  /** where a reset mail that could not be prepared is reported */
  log?: (error: unknown, message: string) => void;
  /** forgot-password answers after this long, whether or not the address has an account */
  resetAnswerMs?: number;
}) {
  const { db, auth, users, mailer, store } = deps;
  const now = deps.now ?? (() => new Date());
  const resetAnswerMs = deps.resetAnswerMs ?? RESET_ANSWER_MS;

  /** The address is the account's: marked verified and, in the same transaction, whatever waited for that. */
  const markVerified = (user: { id: string; email: string }) =>
    db.transaction().execute(async (tx) => {
      await users.markEmailVerified(user.id, now(), tx);
      await deps.onEmailVerified?.(user, tx);
    });

  /**
   * Counts this request under each key, then refuses it (429) if a key went over its limit in the
   * window. Counting first means concurrent requests on any number of processes see each other.
   */
  async function throttle(limits: Array<{ key: string; max: number }>, what: string): Promise<void> {
    const at = now();
    const keys = limits.map((limit) => limit.key);
    await requests.recordRequest(db, keys, at);
    const recent = await requests.recentRequests(db, keys, new Date(at.getTime() - MAIL_WINDOW_MS));
    const over = recent.filter((row) => row.count > (limits.find((limit) => limit.key === row.key)?.max ?? Infinity));
    if (over.length === 0) return;
    const freesAt = Math.max(...over.map((row) => new Date(row.oldest).getTime() + MAIL_WINDOW_MS));
    const retryAfterSeconds = Math.max(1, Math.ceil((freesAt - at.getTime()) / 1000));
    const minutes = Math.ceil(retryAfterSeconds / 60);
    throw new AppError('RATE_LIMITED', `Too many ${what}. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`, {
      retryAfterSeconds,
    });
  }

  const wrongPassword = (field: string) =>
    new AppError('VALIDATION_FAILED', WRONG_PASSWORD_MESSAGE, { issues: [{ field, message: WRONG_PASSWORD_MESSAGE }] });

  async function mailVerificationLink(user: { id: string; email: string; name: string }): Promise<void> {
    const token = randomBytes(24).toString('base64url');
    const context = await auth.$context;
    await context.internalAdapter.createVerificationValue({
      identifier: VERIFY_TOKEN(token),
      value: user.id,
      expiresAt: new Date(now().getTime() + VERIFY_LINK_HOURS * 60 * 60 * 1000),
    });
    await mailer.send(verifyEmailMail(store, user, token));
  }

  return {
    /** Sent at registration; counts against the account's resend limit. */
    async afterSignUp(user: { id: string; email: string; name: string }): Promise<void> {
      await requests.recordRequest(db, [`verify:user:${user.id}`], now());
      await mailVerificationLink(user);
    },

    /** "Resend link" on the account page. */
    async resendVerification(caller: Caller): Promise<void> {
      if (await users.isEmailVerified(caller.id)) throw new AppError('CONFLICT', 'Your e-mail address is already verified.');
      await throttle([{ key: `verify:user:${caller.id}`, max: VERIFY_MAILS_PER_ACCOUNT }], 'verification mails asked for');
      await mailVerificationLink(caller);
    },

    /** Spends a verification link's token and marks the address verified; 410 when it expired or was used. */
    async verifyEmail(token: string): Promise<void> {
      const context = await auth.$context;
      const spent = await context.internalAdapter.consumeVerificationValue(VERIFY_TOKEN(token));
      const user = spent ? await users.findById(spent.value) : undefined;
      if (!user || user.deleted_at !== null) throw new AppError('LINK_INVALID', LINK_INVALID_MESSAGE);
      await markVerified(user);
    },

    /**
     * "Forgot password?": the same answer whether or not an account uses the address. Limited per
     * address asked for and per client address, whether or not it exists.
     */
    async requestPasswordReset(email: string, request: FastifyRequest): Promise<string> {
      await throttle(
        [
          { key: `reset:email:${email}`, max: RESET_MAILS_PER_EMAIL },
          { key: `reset:ip:${request.ip}`, max: RESET_MAILS_PER_ADDRESS },
        ],
        'password reset requests',
      );
      // The answer takes the same time for any address, so its timing cannot tell whether an
      // account uses it: the link is prepared and mailed meanwhile, and one that takes longer
      // than that goes on after the answer.
      const started = Date.now();
      const work = (async () => {
        const user = await users.findByEmail(email);
        // Suspended and deleted accounts get no link (a deleted one's address is a placeholder).
        if (user && user.status === 'active') await auth.api.requestPasswordReset({ body: { email: user.email } });
      })().catch((error: unknown) => deps.log?.(error, 'The password reset link could not be mailed'));
      await Promise.race([work, sleep(resetAnswerMs)]);
      await sleep(resetAnswerMs - (Date.now() - started));
      return RESET_REQUESTED_MESSAGE;
    },

    /** Whether a reset link can still be used, so the page can say so before a password is typed. */
    async resetLinkIsValid(token: string): Promise<boolean> {
      const context = await auth.$context;
      const found = await context.internalAdapter.findVerificationValue(RESET_TOKEN(token));
      return found !== null && found !== undefined && new Date(found.expiresAt).getTime() > Date.now();
    },

    /**
     * Sets the new password and spends the link, ending every session of the account, in one
     * transaction (Better Auth). Opening the mailed link proves the address, so it counts as verified.
     */
    async resetPassword(input: ResetPasswordInput): Promise<void> {
      const context = await auth.$context;
      const found = await context.internalAdapter.findVerificationValue(RESET_TOKEN(input.token));
      try {
        await auth.api.resetPassword({ body: { token: input.token, newPassword: input.newPassword } });
      } catch (error) {
        if (error instanceof APIError && error.statusCode === 400) throw new AppError('LINK_INVALID', LINK_INVALID_MESSAGE);
        throw error;
      }
      const user = found ? await users.findById(found.value) : undefined;
      if (!user) return;
      await markVerified(user);
      // Locked out by failed sign-ins? The owner of the address may sign in again at once.
      await failures.clearFailures(db, `email:${user.email}`);
      await mailer.send(passwordChangedMail(store, user, 'reset'));
    },

    /** Changes the password with the current one; the caller's other sessions end, this one stays. */
    async changePassword(caller: Caller, input: ChangePasswordInput, request: FastifyRequest): Promise<void> {
      try {
        await auth.api.changePassword({
          body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: false },
          headers: nodeHeaders(request),
        });
      } catch (error) {
        if (error instanceof APIError && error.statusCode === 400) throw wrongPassword('currentPassword');
        throw error;
      }
      await users.deleteOtherSessionsOf(caller.id, caller.sessionId);
      await mailer.send(passwordChangedMail(store, caller, 'changed'));
    },

    /** 400 unless `password` is the signed-in caller's password (before deleting the account). */
    async confirmPassword(password: string, request: FastifyRequest, field = 'password'): Promise<void> {
      try {
        await auth.api.verifyPassword({ body: { password }, headers: nodeHeaders(request) });
      } catch (error) {
        if (error instanceof APIError && error.statusCode === 400) throw wrongPassword(field);
        throw error;
      }
    },

    /** Ends every session of the user, on every device. */
    endAllSessions: (userId: string) => users.deleteSessionsOf(userId),

    /** Forgets the throttling records kept under an e-mail address (its account was deleted). */
    async forgetEmail(email: string): Promise<void> {
      await requests.deleteRequestsOf(db, [`reset:email:${email}`]);
      await failures.clearFailures(db, `email:${email}`);
    },

    /** Forgets mail requests older than the window; safe to run on every process at once. */
    prune: () => requests.deleteRequestsBefore(db, new Date(now().getTime() - MAIL_WINDOW_MS)),
  };
}

export type AccountSecurityService = ReturnType<typeof createAccountSecurityService>;
