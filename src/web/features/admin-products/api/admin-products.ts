import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { AdminProductListSchema, type AdminProductDetail, type AdminProductQuery, type AdminProductSchema } from '#shared/schemas/admin.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export type AdminProduct = z.infer<typeof AdminProductSchema>;
export type AdminProductList = z.infer<typeof AdminProductListSchema>;
export type AdminProductCategory = NonNullable<AdminProductQuery['category']>;
/** The status filter: a product's own status, or "hidden" for those hidden by moderation. */
export type AdminProductStatusFilter = NonNullable<AdminProductQuery['status']>;
export type AdminProductStockFilter = NonNullable<AdminProductQuery['stock']>;

/** What the product list asks for; undefined values are left out of the URL. */
export type AdminProductListParams = Partial<AdminProductQuery>;

export const adminProductKeys = {
  all: ['admin-products'] as const,
  list: (query: AdminProductListParams) => ['admin-products', query] as const,
  detail: (id: number) => ['admin-products', 'detail', id] as const,
};

/** POST …/moderation answers with the product's id, name and (new) hidden reason. */
export const ModerationResultSchema = z.object({ id: z.number().int(), name: z.string(), hiddenReason: z.string().nullable() });
export type ModerationResult = z.infer<typeof ModerationResultSchema>;

export type ModerateProductVariables = { id: number } & ({ action: 'hide'; reason: string } | { action: 'restore' });

// ---------------------------------------------------------------------------------------------
// Plain calls

export function fetchAdminProducts(query: AdminProductListParams, signal?: AbortSignal): Promise<AdminProductList> {
  return apiRequest('/admin/products', {
    query: {
      q: query.q,
      vendor: query.vendor,
      category: query.category,
      status: query.status,
      stock: query.stock,
      page: query.page,
      pageSize: query.pageSize,
    },
    schema: AdminProductListSchema,
    signal,
  });
}

/** Hide a product from the store (the vendor sees the reason), or restore it. */
export function moderateProduct(variables: ModerateProductVariables): Promise<ModerationResult> {
  const body = variables.action === 'hide' ? { action: 'hide', reason: variables.reason } : { action: 'restore' };
  return apiRequest(`/admin/products/${variables.id}/moderation`, { method: 'POST', body, schema: ModerationResultSchema });
}

// ---------------------------------------------------------------------------------------------
// Hooks

/** Every vendor's products, newest change first; the previous page stays shown while the next loads. */
export function useAdminProducts(query: AdminProductListParams) {
  return useQuery({
    queryKey: adminProductKeys.list(query),
    queryFn: ({ signal }) => fetchAdminProducts(query, signal),
    placeholderData: keepPreviousData,
  });
}

export interface ModerateProductOptions {
  /**
   * Called once the lists are back. Unlike a callback given to `mutate`, it runs even when the row
   * that asked has gone meanwhile (a product restored while only hidden ones are listed).
   */
  onModerated?: (result: ModerationResult, variables: ModerateProductVariables) => void;
}

/**
 * Shows the new hidden reason at once, then refetches the lists; the mutation stays pending until
 * they are back, so "done" is announced over fresh data.
 */
export function useModerateProduct({ onModerated }: ModerateProductOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin-products', 'moderation'],
    mutationFn: moderateProduct,
    onSuccess: async (result, variables) => {
      queryClient.setQueriesData<AdminProductList>({ queryKey: adminProductKeys.all }, (list) =>
        list?.items
          ? { ...list, items: list.items.map((item) => (item.id === result.id ? { ...item, hiddenReason: result.hiddenReason } : item)) }
          : list,
      );
      await queryClient.invalidateQueries({ queryKey: adminProductKeys.all });
      onModerated?.(result, variables);
    },
  });
}

/**
 * What follows an admin's edit or status change: the product's page shows the stored answer at
 * once, and the lists refetch.
 */
export function useShowSavedProduct() {
  const queryClient = useQueryClient();
  return async (detail: AdminProductDetail) => {
    queryClient.setQueryData(adminProductKeys.detail(detail.product.id), detail);
    await queryClient.invalidateQueries({ queryKey: adminProductKeys.all, predicate: (query) => query.queryKey[1] !== 'detail' });
  };
}

// ---------------------------------------------------------------------------------------------
// Errors

/** The server's message for an API error, or the fallback: one function for the whole store. */
export { errorMessage } from '#web/lib/api-client.ts';
