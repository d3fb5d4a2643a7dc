import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CurrentUserSchema, LoginInputSchema, RegisterCustomerInputSchema, SessionResponseSchema } from '#shared/schemas/auth.ts';
import { RegisterVendorInputSchema } from '#shared/schemas/vendor-registration.ts';
import { forwardCookies } from '#server/plugins/auth.ts';
import { ErrorResponseSchema } from '#server/plugins/openapi.ts';
import { type AuthService, FAILURE_WINDOW_MS, MAX_FAILURES, MAX_FAILURES_PER_ADDRESS, MAX_FAILURES_PER_DEVICE } from './auth.service.ts';
import { deviceOf, SIGN_UP_ATTEMPTS_PER_EMAIL, SIGN_UPS_PER_ADDRESS, SIGN_UPS_PER_DEVICE, signUpLimits } from './sign-up-limits.ts';

const signedIn = z.object({ user: CurrentUserSchema });
const errors = { 400: ErrorResponseSchema, 429: ErrorResponseSchema };

const signUpLimitsText = `At most ${SIGN_UP_ATTEMPTS_PER_EMAIL} attempts an hour for one e-mail address, ${SIGN_UPS_PER_DEVICE} from one browser (a store.device cookie) and ${SIGN_UPS_PER_ADDRESS} from one network address, customer and vendor sign-ups together → 429 with Retry-After.`;

export function authRoutes({ authService, secureCookies }: { authService: AuthService; secureCookies: boolean }): FastifyPluginAsyncZod {
  return async (app) => {
    const limits = signUpLimits(app, { secureCookies });

    app.get(
      '/auth/session',
      { schema: { tags: ['auth'], summary: 'The signed-in user, or null', response: { 200: SessionResponseSchema } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { user: request.caller ? ((await authService.currentUser(request.caller.id)) ?? null) : null };
      },
    );

    app.post(
      '/auth/register',
      {
        preHandler: limits,
        schema: {
          tags: ['auth'],
          summary: 'Register a customer account and sign in',
          description: `The role is always customer; a body naming a role or any other extra field is refused with 400. ${signUpLimitsText}`,
          body: RegisterCustomerInputSchema,
          response: { 201: signedIn, 409: ErrorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { user, cookies } = await authService.registerCustomer(request.body, request);
        forwardCookies(cookies, reply);
        return reply.status(201).send({ user });
      },
    );

    app.post(
      '/auth/vendor-register',
      {
        preHandler: limits,
        schema: {
          tags: ['auth'],
          summary: 'Register a vendor account (pending approval) and sign in',
          description: signUpLimitsText,
          body: RegisterVendorInputSchema,
          response: { 201: signedIn, 409: ErrorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { user, cookies } = await authService.registerVendor(request.body, request);
        forwardCookies(cookies, reply);
        return reply.status(201).send({ user });
      },
    );

    app.post(
      '/auth/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in from the store, vendor or admin login page',
          description: `portal "vendor" accepts vendors only and "admin" admins only. After ${MAX_FAILURES} failed sign-ins in ${FAILURE_WINDOW_MS / 60_000} minutes with one e-mail address, ${MAX_FAILURES_PER_DEVICE} from one browser (a store.device cookie) or ${MAX_FAILURES_PER_ADDRESS} from one network address, further attempts → 429 with Retry-After.`,
          body: LoginInputSchema,
          response: { 200: signedIn, 401: ErrorResponseSchema, 403: ErrorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { user, cookies } = await authService.login(request.body, request, deviceOf(request, reply, secureCookies));
        forwardCookies(cookies, reply);
        return { user };
      },
    );

    app.post(
      '/auth/logout',
      { schema: { tags: ['auth'], summary: 'Sign out: the session is deleted on the server', response: { 204: z.null() } } },
      async (request, reply) => {
        forwardCookies(await authService.logout(request), reply);
        return reply.status(204).send(null);
      },
    );
  };
}
