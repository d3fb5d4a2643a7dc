import { queryOptions, useQuery } from '@tanstack/react-query';
import { CouponListSchema, type Coupon } from '#shared/schemas/coupons.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/**
 * Whose coupons a page lists and creates: the admin's (every coupon; it creates the marketplace's)
 * or a seller's (its own, funded by it). The API's paths are /api/admin/coupons and /api/vendor/coupons.
 */
export type CouponArea = 'admin' | 'vendor';

export const couponKeys = {
  list: (area: CouponArea) => ['coupons', area] as const,
};

export function couponsQuery(area: CouponArea) {
  return queryOptions({
    queryKey: couponKeys.list(area),
    queryFn: async ({ signal }): Promise<Coupon[]> => (await apiRequest(`/${area}/coupons`, { schema: CouponListSchema, signal })).items,
  });
}

/** GET /api/{admin|vendor}/coupons: newest first. */
export function useCoupons(area: CouponArea) {
  return useQuery(couponsQuery(area));
}
