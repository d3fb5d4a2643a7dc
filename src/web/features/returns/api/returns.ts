import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReturnAction, ReturnStatus } from '#shared/returns.ts';
import { ManagedReturnListSchema, ManagedReturnSchema } from '#shared/schemas/returns.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** Whose returns: the seller's own lines (/api/vendor/returns) or everyone's (/api/admin/returns). */
export type ReturnsArea = 'vendor' | 'admin';

const returnsKey = (area: ReturnsArea) => [area, 'returns'] as const;

/** A page of returns, newest request first, optionally of one status. */
export function useReturns(area: ReturnsArea, status: ReturnStatus | undefined, page: number) {
  return useQuery({
    queryKey: [...returnsKey(area), status ?? 'all', page],
    queryFn: ({ signal }) => apiRequest(`/${area}/returns`, { query: { status, page }, schema: ManagedReturnListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export interface ReturnStepVariables {
  id: number;
  action: ReturnAction;
  body?: unknown;
}

/** POST /api/{area}/returns/{id}/{action}: a step out of turn (another click got there first) is 409. */
export function useReturnStep(area: ReturnsArea) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, body }: ReturnStepVariables) =>
      apiRequest(`/${area}/returns/${id}/${action}`, { method: 'POST', body: body ?? undefined, schema: ManagedReturnSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: returnsKey(area) }),
  });
}
