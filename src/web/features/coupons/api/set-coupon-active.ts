import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Coupon, CouponSchema } from '#shared/schemas/coupons.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { type CouponArea, couponKeys } from './get-coupons.ts';

/** POST /api/{admin|vendor}/coupons/:id/active: switches a coupon on or off; answers the coupon as it now is. */
export function setCouponActive(area: CouponArea, id: number, active: boolean): Promise<Coupon> {
  return apiRequest(`/${area}/coupons/${id}/active`, { method: 'POST', body: { active }, schema: CouponSchema });
}

/** Switches a coupon on or off and shows it so in the list. */
export function useSetCouponActive(area: CouponArea) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['coupons', area, 'active'],
    mutationFn: ({ id, active }: { id: number; active: boolean }) => setCouponActive(area, id, active),
    onSuccess: (coupon) =>
      queryClient.setQueryData<Coupon[]>(couponKeys.list(area), (items) => items?.map((item) => (item.id === coupon.id ? coupon : item))),
  });
}
