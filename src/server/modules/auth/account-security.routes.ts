import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChangePasswordInputSchema,
  ForgotPasswordInputSchema,
  LinkStatusSchema,
  LinkTokenInputSchema,
  MessageSchema,
  ResetPasswordInputSchema,
} from '#shared/schemas/account-security.ts';
import { forwardCookies, requireUser } from '#server/plugins/auth.ts';
import { ErrorResponseSchema } from '#server/plugins/openapi.ts';
import type { AccountSecurityService } from './account-security.service.ts';
import type { AuthService } from './auth.service.ts';

const errors = { 400: ErrorResponseSchema, 429: ErrorResponseSchema };
const signedInErrors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 429: ErrorResponseSchema };
/** Guessing a password through these with a stolen session is slowed like sign-in. */
const passwordChecks = { rateLimit: { max: 10, timeWindow: '15 minutes' } };

/** Passwords, sessions and e-mail verification: the signed-out links and the account page's actions. */
export function accountSecurityRoutes({
  accountSecurity,
  authService,
}: {
  accountSecurity: AccountSecurityService;
  authService: AuthService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/forgot-password',
      {
        schema: {
          tags: ['auth'],
          summary: 'Mail a password reset link (30 minutes, single use)',
          description:
            'The same 202 whether or not an account uses the address. 3 requests per address in 15 minutes, 10 per client address → 429.',
          body: ForgotPasswordInputSchema,
          response: { 202: MessageSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(202).send({ message: await accountSecurity.requestPasswordReset(request.body.email, request) }),
    );

    app.post(
      '/auth/reset-password/check',
      {
        schema: {
          tags: ['auth'],
          summary: 'Whether a reset link can still be used',
          body: LinkTokenInputSchema,
          response: { 200: LinkStatusSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { valid: await accountSecurity.resetLinkIsValid(request.body.token) };
      },
    );

    app.post(
      '/auth/reset-password',
      {
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with a reset link; every session of the account ends',
          description: 'A used, expired or unknown link answers 410 LINK_INVALID.',
          body: ResetPasswordInputSchema,
          response: { 204: z.null(), 410: ErrorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await accountSecurity.resetPassword(request.body);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/auth/verify-email',
      {
        schema: {
          tags: ['auth'],
          summary: 'Verify the e-mail address with the link mailed at registration (single use)',
          body: LinkTokenInputSchema,
          response: { 204: z.null(), 410: ErrorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await accountSecurity.verifyEmail(request.body.token);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/account/verification-email',
      {
        schema: {
          tags: ['account'],
          summary: 'Mail the verification link again',
          description: '3 mails per account in 15 minutes (the one sent at registration included) → 429; 409 once verified.',
          response: { 202: MessageSchema, 409: ErrorResponseSchema, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const caller = requireUser(request);
        await accountSecurity.resendVerification(caller);
        return reply.status(202).send({ message: `We have sent a new link to ${caller.email}.` });
      },
    );

    app.post(
      '/account/password',
      {
        config: passwordChecks,
        schema: {
          tags: ['account'],
          summary: 'Change the password; the other sessions end, this one stays',
          description: 'A wrong current password answers 400 with the field currentPassword.',
          body: ChangePasswordInputSchema,
          response: { 204: z.null(), ...signedInErrors },
        },
      },
      async (request, reply) => {
        await accountSecurity.changePassword(requireUser(request), request.body, request);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/account/sign-out-everywhere',
      {
        schema: {
          tags: ['account'],
          summary: 'Sign out of all devices, this one included',
          response: { 204: z.null(), 401: ErrorResponseSchema },
        },
      },
      async (request, reply) => {
        const caller = requireUser(request);
        forwardCookies(await authService.logout(request), reply);
        await accountSecurity.endAllSessions(caller.id);
        return reply.status(204).send(null);
      },
    );
  };
}
