/** The one error type that leaves the server, and the short list of codes it may carry. */

export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  /** well-formed, but the thing asked cannot be done as it stands (publishing a product without an image) */
  UNPROCESSABLE: 422,
  EMAIL_IN_USE: 409,
  INVALID_CREDENTIALS: 401,
  WRONG_PORTAL: 403,
  /** the feature needs a verified e-mail address (see requireVerifiedEmail) */
  EMAIL_NOT_VERIFIED: 403,
  /** a password reset or e-mail verification link that has expired or was already used */
  LINK_INVALID: 410,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** The database is unreachable or busy for a moment; answered with Retry-After. */
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  error: { code: ErrorCode | string; message: string; details?: unknown };
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
