import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ErrorBody } from '#shared/errors.ts';
import { isDatabaseUnavailable } from '#server/db/unavailable.ts';

/** How long a client is asked to wait while the database is unreachable or busy. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
const UNAVAILABLE_MESSAGE = 'The store is briefly unavailable. Please try again in a moment.';

interface ValidationIssue {
  instancePath: string;
  message?: string;
}

function describe(issue: ValidationIssue, context: string | undefined): string {
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const message = issue.message ?? 'is invalid';
  if (!field) return context === 'body' ? `Request body: ${message}` : message;
  // `brand.0` is the first of several values of `brand`; the message names the parameter
  const name = field.split('.').findLast((part) => !/^\d+$/.test(part)) ?? field;
  const mentioned = message.toLowerCase().replaceAll(' ', '').includes(name.toLowerCase());
  return mentioned ? message : `${field}: ${message}`;
}

const ONCE = 'give this parameter once';

/**
 * Query parameters given more than once (`?page=1&page=2`). A parameter that takes several values
 * accepts the repetition, so a failed check on one of these names means it takes one value only.
 */
function repeatedParameters(query: unknown): Set<string> {
  if (typeof query !== 'object' || query === null) return new Set();
  return new Set(Object.entries(query).flatMap(([name, value]) => (Array.isArray(value) ? [name] : [])));
}

function body(code: string, message: string, details?: unknown): ErrorBody {
  return details === undefined ? { error: { code, message } } : { error: { code, message, details } };
}

/**
 * The single place where errors become HTTP answers: `{ error: { code, message, details? } }`.
 * AppError codes map to statuses; request validation is a 400; a database that cannot be reached
 * or is busy (see isDatabaseUnavailable) is a 503 with Retry-After, logged as a warning; anything
 * else unexpected is a 500 whose internals are logged, never sent.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.code === 'UNAVAILABLE') request.log.warn({ err: error }, error.message);
      else if (error.status >= 500) request.log.error({ err: error }, error.message);
      const retryAfter = (error.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
      if (error.code === 'RATE_LIMITED' && retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      if (error.code === 'UNAVAILABLE') reply.header('retry-after', String(retryAfter ?? UNAVAILABLE_RETRY_AFTER_SECONDS));
      return reply.status(error.status).send(body(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const repeated = error.validationContext === 'querystring' ? repeatedParameters(request.query) : new Set<string>();
      const issues = error.validation.map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return { field, message: repeated.has(field) ? ONCE : issue.message };
      });
      const first = error.validation[0];
      const firstField = first?.instancePath.replace(/^\//, '') ?? '';
      const message = !first
        ? 'The request is invalid'
        : repeated.has(firstField)
          ? `${firstField}: ${ONCE}`
          : describe(first, error.validationContext);
      return reply.status(400).send(body('VALIDATION_FAILED', message, { issues }));
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) {
      return reply.status(429).send(body('RATE_LIMITED', error.message));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large, …
      const code = status === 404 ? 'NOT_FOUND' : status === 415 || status === 413 || status === 400 ? 'VALIDATION_FAILED' : 'BAD_REQUEST';
      return reply.status(status).send(body(code, error.message));
    }
    if (isDatabaseUnavailable(error)) {
      // Expected during a database restart or failover, and over as soon as it is back.
      request.log.warn({ err: error }, 'The database is unavailable');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return reply.status(503).send(body('UNAVAILABLE', UNAVAILABLE_MESSAGE));
    }
    request.log.error({ err: error }, 'Unhandled error');
    return reply.status(500).send(body('INTERNAL', 'Something went wrong on our side. Please try again.'));
  });
}
