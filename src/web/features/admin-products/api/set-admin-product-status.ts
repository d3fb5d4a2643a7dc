import { useMutation } from '@tanstack/react-query';
import { AdminProductDetailSchema, type AdminProductDetail, type AdminProductStatusInput } from '#shared/schemas/admin.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { useShowSavedProduct } from './admin-products.ts';

export interface SetAdminProductStatusVariables extends AdminProductStatusInput {
  id: number;
}

/** POST /api/admin/products/:id/status: archive a product, or bring it back as a draft or published. */
export function setAdminProductStatus({ id, ...input }: SetAdminProductStatusVariables): Promise<AdminProductDetail> {
  return apiRequest(`/admin/products/${id}/status`, { method: 'POST', body: input, schema: AdminProductDetailSchema });
}

export function useSetAdminProductStatus() {
  return useMutation({ mutationKey: ['admin-products', 'status'], mutationFn: setAdminProductStatus, onSuccess: useShowSavedProduct() });
}
