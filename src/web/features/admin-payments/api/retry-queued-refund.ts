import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminOutboxJobSchema, type AdminOutboxJob } from '#shared/schemas/admin.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminPaymentKeys } from './admin-payments.ts';

/** The retry queue's and the dashboard's queries (owned by other features) change with it. */
const ADMIN_OUTBOX_KEY = ['admin-outbox'] as const;
const ADMIN_DASHBOARD_KEY = ['admin', 'dashboard'] as const;

/**
 * POST /api/admin/outbox/:jobId/retry: asks the gateway again, now, for a refund it has not made.
 * The answer is the job: done, or still pending with the new error. 409 when it was already done.
 */
export function retryQueuedRefund(jobId: number): Promise<AdminOutboxJob> {
  return apiRequest(`/admin/outbox/${jobId}/retry`, { method: 'POST', schema: AdminOutboxJobSchema });
}

/** Retries a queued refund, then refetches the payment (its refunds and queue) before it settles. */
export function useRetryQueuedRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin-payments', 'retry-refund'],
    mutationFn: retryQueuedRefund,
    // Made, refused again or already made: the payment's page has changed in each case.
    onSettled: async () => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_OUTBOX_KEY });
      void queryClient.invalidateQueries({ queryKey: ADMIN_DASHBOARD_KEY });
      await queryClient.invalidateQueries({ queryKey: adminPaymentKeys.all });
    },
  });
}
