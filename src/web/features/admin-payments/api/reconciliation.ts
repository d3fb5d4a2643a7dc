import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReconciliationReport, ReconciliationReportSchema } from '#shared/schemas/reconciliation.ts';
import { ApiError, apiRequest } from '#web/lib/api-client.ts';
import { adminPaymentKeys } from './admin-payments.ts';

export const reconciliationKey = (date: string) => ['admin-payments', 'reconciliation', date] as const;

/** GET /api/admin/payments/reconciliation: the last report of an India day; null when the day has not been reconciled. */
export function useReconciliation(date: string) {
  return useQuery({
    queryKey: reconciliationKey(date),
    queryFn: async ({ signal }): Promise<ReconciliationReport | null> => {
      try {
        return await apiRequest('/admin/payments/reconciliation', { query: { date }, schema: ReconciliationReportSchema, signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** POST /api/admin/payments/reconciliation: reconciles the day now; what it confirmed or refunded changes the payments too. */
export function useRunReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin-payments', 'reconcile'],
    mutationFn: (date: string) =>
      apiRequest('/admin/payments/reconciliation', { method: 'POST', body: { date }, schema: ReconciliationReportSchema }),
    onSuccess: async (report) => {
      queryClient.setQueryData(reconciliationKey(report.date), report);
      await queryClient.invalidateQueries({ queryKey: adminPaymentKeys.all, predicate: (query) => query.queryKey[1] !== 'reconciliation' });
    },
  });
}
