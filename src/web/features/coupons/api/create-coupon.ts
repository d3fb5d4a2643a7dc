import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Coupon, type CouponInputSchema, CouponSchema } from '#shared/schemas/coupons.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { type CouponArea, couponKeys } from './get-coupons.ts';

/** A coupon as the form hands it over: amounts in paise, blanks made defaults. */
export type NewCoupon = z.output<typeof CouponInputSchema>;

/** POST /api/{admin|vendor}/coupons: 201 with the coupon; 400 with field issues; 409 when the code is taken. */
export function createCoupon(area: CouponArea, input: NewCoupon): Promise<Coupon> {
  return apiRequest(`/${area}/coupons`, { method: 'POST', body: input, schema: CouponSchema });
}

/** Creates a coupon and puts it at the top of the list (newest first, as the server lists them). */
export function useCreateCoupon(area: CouponArea) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['coupons', area, 'create'],
    mutationFn: (input: NewCoupon) => createCoupon(area, input),
    onSuccess: (coupon) =>
      queryClient.setQueryData<Coupon[]>(
        couponKeys.list(area),
        (items) => items && [coupon, ...items.filter((item) => item.id !== coupon.id)],
      ),
  });
}
