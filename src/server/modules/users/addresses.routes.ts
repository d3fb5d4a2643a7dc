import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AddressIdParamSchema, AddressInputSchema, AddressListSchema, AddressSchema } from '#shared/schemas/account.ts';
import { requireRole, requireUser } from '#server/plugins/auth.ts';
import { ErrorResponseSchema } from '#server/plugins/openapi.ts';
import type { UsersService } from './users.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema };
const params = z.object({ id: AddressIdParamSchema });

/** The signed-in customer's own address book; every query is scoped to them. */
export function addressesRoutes({ users }: { users: UsersService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preValidation', requireRole('customer', 'vendor', 'admin'));

    app.get(
      '/account/addresses',
      { schema: { tags: ['account'], summary: 'My addresses, default first', response: { 200: AddressListSchema, ...errors } } },
      async (request) => ({
        items: await users.listAddresses(requireUser(request).id),
      }),
    );

    app.post(
      '/account/addresses',
      {
        schema: {
          tags: ['account'],
          summary: 'Add an address',
          body: AddressInputSchema,
          response: { 201: AddressSchema, 409: ErrorResponseSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await users.addAddress(requireUser(request).id, request.body)),
    );

    app.put(
      '/account/addresses/:id',
      {
        schema: {
          tags: ['account'],
          summary: 'Change an address',
          params,
          body: AddressInputSchema,
          response: { 200: AddressSchema, ...errors },
        },
      },
      (request) => users.updateAddress(requireUser(request).id, request.params.id, request.body),
    );

    app.post(
      '/account/addresses/:id/default',
      { schema: { tags: ['account'], summary: 'Make an address the default', params, response: { 200: AddressSchema, ...errors } } },
      (request) => users.setDefaultAddress(requireUser(request).id, request.params.id),
    );

    app.delete(
      '/account/addresses/:id',
      { schema: { tags: ['account'], summary: 'Delete an address', params, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await users.deleteAddress(requireUser(request).id, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
