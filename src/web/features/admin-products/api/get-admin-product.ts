import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminProductDetailSchema, type AdminProductDetail } from '#shared/schemas/admin.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminProductKeys } from './admin-products.ts';

/** GET /api/admin/products/:id: any vendor's product, its shop's status and the admin actions on it. */
export function fetchAdminProduct(id: number, signal?: AbortSignal): Promise<AdminProductDetail> {
  return apiRequest(`/admin/products/${id}`, { schema: AdminProductDetailSchema, signal });
}

export const adminProductQuery = (id: number) =>
  queryOptions({ queryKey: adminProductKeys.detail(id), queryFn: ({ signal }) => fetchAdminProduct(id, signal) });

export function useAdminProduct(id: number) {
  return useQuery(adminProductQuery(id));
}
