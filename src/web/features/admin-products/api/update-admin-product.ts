import { useMutation } from '@tanstack/react-query';
import { AdminProductDetailSchema, type AdminProductDetail, type AdminProductInput } from '#shared/schemas/admin.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { useShowSavedProduct } from './admin-products.ts';

export interface UpdateAdminProductVariables {
  id: number;
  input: AdminProductInput;
}

/** PUT /api/admin/products/:id: the whole edit; answers with the product as stored and its history. */
export function updateAdminProduct({ id, input }: UpdateAdminProductVariables): Promise<AdminProductDetail> {
  return apiRequest(`/admin/products/${id}`, { method: 'PUT', body: input, schema: AdminProductDetailSchema });
}

export function useUpdateAdminProduct() {
  return useMutation({ mutationKey: ['admin-products', 'update'], mutationFn: updateAdminProduct, onSuccess: useShowSavedProduct() });
}
