import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { type StockAlert, StockAlertSchema } from '#shared/schemas/stock-alerts.ts';
import { ApiError, apiRequest } from '#web/lib/api-client.ts';

/** My wait for a product to be back; null when nobody is signed in, or not as a customer. */
export const stockAlertQuery = (productId: number) =>
  queryOptions({
    queryKey: ['stock-alert', productId],
    queryFn: async ({ signal }): Promise<StockAlert | null> => {
      try {
        return await apiRequest(`/products/${productId}/stock-alert`, { schema: StockAlertSchema, signal });
      } catch (error) {
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
        throw error;
      }
    },
  });

export function useStockAlert(productId: number) {
  return useQuery(stockAlertQuery(productId));
}

/** Starts (true) or ends (false) my wait; the answer replaces the cached one. */
export function useSetStockAlert(productId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (waiting: boolean): Promise<StockAlert> => {
      if (waiting) return apiRequest(`/products/${productId}/stock-alert`, { method: 'PUT', schema: StockAlertSchema });
      await apiRequest(`/products/${productId}/stock-alert`, { method: 'DELETE', schema: z.unknown() });
      return { productId, waiting: false, since: null };
    },
    onSuccess: (alert) => client.setQueryData(stockAlertQuery(productId).queryKey, alert),
  });
}
