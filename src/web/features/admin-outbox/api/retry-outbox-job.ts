import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminOutboxJobSchema, type AdminOutboxJob } from '#shared/schemas/admin.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminOutboxKeys } from './get-outbox-jobs.ts';

/** A done refund changes its payment's page and the dashboard's figures, owned by other features. */
const ADMIN_PAYMENTS_KEY = ['admin-payments'] as const;
const ADMIN_DASHBOARD_KEY = ['admin', 'dashboard'] as const;

/** POST /api/admin/outbox/:id/retry: tries a waiting job now; the answer says whether it went through. 409 when already done. */
export function retryOutboxJob(id: number): Promise<AdminOutboxJob> {
  return apiRequest(`/admin/outbox/${id}/retry`, { method: 'POST', schema: AdminOutboxJobSchema });
}

/** Retries a job, then refetches the queue (and, for refunds, the payments) before it settles. */
export function useRetryOutboxJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin-outbox', 'retry'],
    mutationFn: retryOutboxJob,
    // Whether it went through, failed again or was already done, the queue has changed.
    onSettled: async (job) => {
      if (job?.kind !== 'mail') {
        void queryClient.invalidateQueries({ queryKey: ADMIN_PAYMENTS_KEY });
        void queryClient.invalidateQueries({ queryKey: ADMIN_DASHBOARD_KEY });
      }
      await queryClient.invalidateQueries({ queryKey: adminOutboxKeys.all });
    },
  });
}
