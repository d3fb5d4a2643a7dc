import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AdminOutboxListSchema, type AdminOutboxJob, type AdminOutboxList, type AdminOutboxQuery } from '#shared/schemas/admin.ts';
import { ApiError, apiRequest } from '#web/lib/api-client.ts';

export type { AdminOutboxJob, AdminOutboxList };
export type OutboxKind = AdminOutboxJob['kind'];
export type OutboxStatus = AdminOutboxJob['status'];

/** What the retry queue asks for; undefined status or kind: any. */
export type OutboxListParams = Partial<AdminOutboxQuery>;

export const adminOutboxKeys = {
  all: ['admin-outbox'] as const,
  list: (params: OutboxListParams) => ['admin-outbox', 'list', params] as const,
  pendingCount: () => ['admin-outbox', 'pending-count'] as const,
};

/** GET /api/admin/outbox: refunds and mails, waiting ones first, with attempts and the last error. */
export function fetchOutboxJobs(params: OutboxListParams, signal?: AbortSignal): Promise<AdminOutboxList> {
  return apiRequest('/admin/outbox', {
    query: { status: params.status, kind: params.kind, page: params.page, pageSize: params.pageSize },
    schema: AdminOutboxListSchema,
    signal,
  });
}

export function outboxJobsQuery(params: OutboxListParams) {
  return queryOptions({
    queryKey: adminOutboxKeys.list(params),
    queryFn: ({ signal }) => fetchOutboxJobs(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOutboxJobs(params: OutboxListParams) {
  return useQuery(outboxJobsQuery(params));
}

/** How many refunds and mails are waiting, for the admin menu; checked again every minute. */
export function useOutboxPendingCount(): number | undefined {
  const { data } = useQuery({
    queryKey: adminOutboxKeys.pendingCount(),
    queryFn: ({ signal }) => fetchOutboxJobs({ status: 'pending', page: 1, pageSize: 1 }, signal),
    select: (list) => list.pending,
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
  return data;
}

/** The server's message for an API error, or the fallback: one function for the whole store. */
export { errorMessage } from '#web/lib/api-client.ts';

/** 409: the job was already done (by the worker, or another admin) when asked to retry it. */
export function isAlreadyDone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}
