import type { ErrorBody } from '#shared/errors.ts';
import { z } from '#shared/schemas/zod-mini.ts';

/** An error answered by the API, carrying its `{ error: { code, message } }` body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

type QueryValue = string | number | boolean | undefined | null | ReadonlyArray<string | number>;

export function toSearchParams(query: Record<string, QueryValue>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.set(key, String(value));
  }
  return params;
}

interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** full zod or zod/mini */
  schema: z.core.$ZodType<T>;
  signal?: AbortSignal;
  /** extra request headers (a guest order's token, say) */
  headers?: Record<string, string>;
}

/** How a request reaches the API: `fetch` in the browser; the server rendering a page asks itself in-process. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (url, init) => fetch(url, init);

/** Replaces `fetch` for every later request (the server's rendering, once at start). */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/** Calls the API and parses the answer with the shared schema; failures become ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const search = options.query ? toSearchParams(options.query).toString() : '';
  const response = await transport(`/api${path}${search ? `?${search}` : ''}`, {
    method: options.method ?? 'GET',
    headers: options.body === undefined ? options.headers : { 'content-type': 'application/json', ...options.headers },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'same-origin',
    signal: options.signal,
  });
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (payload as Partial<ErrorBody> | null)?.error;
    throw new ApiError(
      response.status,
      error?.code ?? 'INTERNAL',
      error?.message ?? `The request failed (${response.status}). Please try again.`,
      error?.details,
    );
  }
  return z.parse(options.schema, payload);
}

export interface FieldIssue {
  field: string;
  message: string;
}

const IssuesSchema = z.object({ issues: z.array(z.object({ field: z.string(), message: z.string() })) });

/** The `details.issues` of a 400 VALIDATION_FAILED answer; empty for any other error. */
export function fieldIssues(error: unknown): FieldIssue[] {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return [];
  const parsed = IssuesSchema.safeParse(error.details);
  return parsed.success ? parsed.data.issues : [];
}

/** What to tell the user when a request failed: the server's own message, or `fallback` (we could not reach it). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}
