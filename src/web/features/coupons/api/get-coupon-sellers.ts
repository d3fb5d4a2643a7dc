import { useQuery } from '@tanstack/react-query';
import { AdminUserListSchema } from '#shared/schemas/admin.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** The most sellers one request lists (the API's largest page). */
export const SELLERS_LISTED = 100;

export interface CouponSeller {
  id: number;
  name: string;
  status: 'pending' | 'active' | 'suspended';
}

/**
 * The sellers an admin's coupon may be kept to, by name: GET /api/admin/users?role=vendor, the first
 * SELLERS_LISTED of them; `more` says there are others.
 */
export function useCouponSellers(enabled: boolean) {
  return useQuery({
    queryKey: ['coupons', 'admin', 'sellers'],
    queryFn: async ({ signal }) => {
      const page = await apiRequest('/admin/users', {
        query: { role: 'vendor', sort: 'name', pageSize: SELLERS_LISTED },
        schema: AdminUserListSchema,
        signal,
      });
      const sellers: CouponSeller[] = page.items.flatMap((user) =>
        user.vendor ? [{ id: user.vendor.id, name: user.vendor.name, status: user.vendor.status }] : [],
      );
      return { sellers: sellers.sort((a, b) => a.name.localeCompare(b.name, 'en-IN')), more: page.total > page.items.length };
    },
    enabled,
    staleTime: 5 * 60_000,
  });
}
