import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const ErrorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});

/**
 * A 200 that answers a file rather than JSON (`application/pdf`, `image/webp`), with the 401 and
 * 404 of a signed-in reader's document.
 */
export function fileResponses(contentType: string, description: string) {
  return {
    200: { description, content: { [contentType]: { schema: z.unknown().meta({ type: 'string', format: 'binary' }) } } },
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    404: ErrorResponseSchema,
  };
}

/** The session cookie (Better Auth, prefix `store`) and the header a guest's order is reached with. */
export const SESSION_COOKIE = 'store.session_token';
export const GUEST_ORDER_TOKEN = 'x-guest-order-token';

const DESCRIPTION = [
  'Catalogue, search, cart pricing, checkout, accounts, the seller and admin areas. Money is integer paise, GST-inclusive.',
  '',
  `Sign in with \`POST /api/auth/login\`: the answer sets the httpOnly session cookie \`${SESSION_COOKIE}\` (scheme \`session\`).`,
  `A guest's order and its payments are reached with the header \`${GUEST_ORDER_TOKEN}\` (scheme \`guestOrderToken\`).`,
  'A POST, PUT, PATCH or DELETE that carries the session cookie must come from the store itself: without a',
  'same-origin `Origin` (or `Referer`) header it answers 403 `FORBIDDEN` (cross-site request refused).',
].join('\n');

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `GET /api/products/:id/reviews` → `getProductsIdReviews`: unique, since method and path are. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/?/, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

/** The area an operation belongs to: the path's first segment after /api (`admin`, `vendor`, `products`, …). */
export function tagOf(url: string): string {
  return url.replace(/^\/api\/?/, '').split(/[/.:?]/)[0] || 'store';
}

interface TransformedSchema {
  response?: Record<string, unknown>;
  headers?: { properties?: Record<string, unknown> };
  [key: string]: unknown;
}

/**
 * How an operation is reached: with the guest token when it takes that header, with the session
 * when it can answer 401 (its guard or handler asks for a signed-in caller), else by anyone.
 */
function securityOf(schema: TransformedSchema) {
  if (schema.headers?.properties && GUEST_ORDER_TOKEN in schema.headers.properties) return [{ guestOrderToken: [] }];
  if (schema.response && '401' in schema.response) return [{ session: [] }];
  return [];
}

/** A state-changing request with the session cookie from another origin answers 403; say so on every such operation. */
function withCrossSite403(method: string, schema: TransformedSchema): void {
  if (!UNSAFE.has(method) || !schema.response || '403' in schema.response) return;
  schema.response['403'] = {
    description: 'Forbidden: the request carried the session cookie but no same-origin Origin or Referer',
    type: 'object',
    properties: {
      error: {
        type: 'object',
        properties: { code: { type: 'string' }, message: { type: 'string' }, details: {} },
        required: ['code', 'message'],
      },
    },
    required: ['error'],
  };
}

/**
 * OpenAPI 3.0 allows null in an enum only when the enum lists it (nullable alone does not), so a
 * nullable enum (`z.enum(...).nullable()`, e.g. a coupon's category) lists null too.
 */
export function nullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(nullInNullableEnums);
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum.push(null);
  Object.values(schema).forEach(nullInNullableEnums);
}

/** OpenAPI generated from the routes' zod schemas: /api/openapi.json, docs UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, storeName: string, publicUrl = '/'): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${storeName} API`,
        description: DESCRIPTION,
        version: '1.0.0',
      },
      servers: [{ url: publicUrl, description: 'this store' }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Set by POST /api/auth/login' },
          guestOrderToken: {
            type: 'apiKey',
            in: 'header',
            name: GUEST_ORDER_TOKEN,
            description: 'Answered by POST /api/guest/checkout/orders',
          },
        },
      },
    },
    transform: (input) => {
      const { schema, url } = jsonSchemaTransform(input) as { schema: TransformedSchema; url: string };
      if (!schema || schema.hide) return { schema, url };
      const method = [input.route.method].flat()[0] ?? 'GET';
      withCrossSite403(method, schema);
      // A body the route validates in steps (a transform first) is documented by the shape it accepts.
      const accepts = (input.schema as { accepts?: z.ZodType } | undefined)?.accepts;
      if (accepts) {
        schema.body = z.toJSONSchema(accepts, { io: 'input', target: 'openapi-3.0' });
        delete schema.accepts;
      }
      nullInNullableEnums(schema);
      // A 204 has no body (the route's z.null() would otherwise be documented as a JSON one).
      if (schema.response?.['204']) schema.response['204'] = { type: 'null', description: 'No content' };
      return {
        schema: {
          summary: `${method} ${input.url}`,
          ...schema,
          operationId: operationIdOf(method, input.url),
          tags: Array.isArray(schema.tags) && schema.tags.length > 0 ? schema.tags : [tagOf(input.url)],
          security: securityOf(schema),
        },
        url,
      };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
