import { ApiError } from '#web/lib/api-client.ts';

/** The order was refused for its coupon (409): used up meanwhile, or no longer valid. Nothing was written. */
export function isCouponRefusal(error: unknown, code: string): error is ApiError {
  if (!(error instanceof ApiError) || error.status !== 409) return false;
  return (error.details as { field?: unknown } | undefined)?.field === 'couponCode' || error.message.includes(code);
}
