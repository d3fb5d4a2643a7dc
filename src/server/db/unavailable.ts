/**
 * Whether an error means the database cannot be reached or is too busy to answer right now (a
 * restart, a network cut, a full connection limit, a locked SQLite file), so the same request may
 * well succeed in a moment. Such errors become 503 with Retry-After rather than 500.
 */

/** Socket-level failures, as Node reports them on the error's `code`. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs: admin shutdown, crash shutdown, cannot connect now (starting up or
 * shutting down), too many connections. The whole of class 08 (connection exception) counts too.
 */
const POSTGRES_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What pg and Kysely say when a connection is lost or never made; they set no code. */
const MESSAGES = [
  'Connection terminated', // …unexpectedly, …due to connection timeout
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Postgres connection has been discarded',
];

function matches(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || POSTGRES_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    // better-sqlite3 reports extended codes, e.g. SQLITE_BUSY_SNAPSHOT, SQLITE_LOCKED_SHAREDCACHE.
    if (/^SQLITE_(?:BUSY|LOCKED)(?:_|$)/.test(code)) return true;
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && MESSAGES.some((text) => message.startsWith(text));
}

/** Looks at the error, what caused it and, for an AggregateError, each of its errors. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  if (matches(error)) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return 'cause' in error && isDatabaseUnavailable(error.cause, depth + 1);
}
