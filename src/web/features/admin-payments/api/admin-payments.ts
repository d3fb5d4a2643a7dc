import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { AdminPaymentDetailSchema, AdminPaymentListSchema, type AdminPayment, type RefundInputSchema } from '#shared/schemas/admin.ts';
import { ApiError, apiRequest, toSearchParams } from '#web/lib/api-client.ts';

export type AdminPaymentList = z.infer<typeof AdminPaymentListSchema>;
export type AdminPaymentDetail = z.infer<typeof AdminPaymentDetailSchema>;
export type QueuedRefund = AdminPaymentDetail['queuedRefunds'][number];
export type { AdminPayment };
export type PaymentStatus = AdminPayment['status'];
export type PaymentMethod = AdminPayment['method'];
export type RefundInput = z.input<typeof RefundInputSchema>;

/** What the payment list asks for; amounts are paise, dates YYYY-MM-DD; undefined values are left out. */
export interface AdminPaymentListParams {
  q?: string;
  status?: PaymentStatus;
  method?: PaymentMethod;
  from?: string;
  to?: string;
  minAmount?: number;
  maxAmount?: number;
  page?: number;
  pageSize?: number;
}

export const adminPaymentKeys = {
  all: ['admin-payments'] as const,
  list: (params: AdminPaymentListParams) => ['admin-payments', params] as const,
  detail: (id: number) => ['admin-payments', 'detail', id] as const,
};

/** The dashboard's figures and the retry queue (owned by other features) change with every refund. */
const ADMIN_DASHBOARD_KEY = ['admin', 'dashboard'] as const;
const ADMIN_OUTBOX_KEY = ['admin-outbox'] as const;

function listQuery(params: AdminPaymentListParams) {
  return {
    q: params.q,
    status: params.status,
    method: params.method,
    from: params.from,
    to: params.to,
    minAmount: params.minAmount,
    maxAmount: params.maxAmount,
    page: params.page,
    pageSize: params.pageSize,
  };
}

/** The CSV download of the filtered payments (every page: page and pageSize are left out). */
export function paymentsCsvHref(params: AdminPaymentListParams): string {
  const search = toSearchParams({ ...listQuery(params), page: undefined, pageSize: undefined }).toString();
  return `/api/admin/payments.csv${search ? `?${search}` : ''}`;
}

export function fetchAdminPayments(params: AdminPaymentListParams, signal?: AbortSignal): Promise<AdminPaymentList> {
  return apiRequest('/admin/payments', { query: listQuery(params), schema: AdminPaymentListSchema, signal });
}

export function fetchAdminPayment(id: number, signal?: AbortSignal): Promise<AdminPaymentDetail> {
  return apiRequest(`/admin/payments/${id}`, { schema: AdminPaymentDetailSchema, signal });
}

export type RefundVariables = { id: number } & RefundInput;

/** Refund part or all of a captured payment (with a credit note against `invoiceId`); 409 when more than what is left, or not captured. */
export function refundPayment({ id, amount, reason, invoiceId, payout }: RefundVariables): Promise<AdminPaymentDetail> {
  return apiRequest(`/admin/payments/${id}/refund`, {
    method: 'POST',
    body: { amount, reason, invoiceId, payout },
    schema: AdminPaymentDetailSchema,
  });
}

export function adminPaymentsQuery(params: AdminPaymentListParams) {
  return queryOptions({
    queryKey: adminPaymentKeys.list(params),
    queryFn: ({ signal }) => fetchAdminPayments(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminPayments(params: AdminPaymentListParams) {
  return useQuery(adminPaymentsQuery(params));
}

export function adminPaymentQuery(id: number) {
  return queryOptions({
    queryKey: adminPaymentKeys.detail(id),
    queryFn: ({ signal }) => fetchAdminPayment(id, signal),
  });
}

export function useAdminPayment(id: number) {
  return useQuery(adminPaymentQuery(id));
}

/** Shows the answered detail at once, then refetches every payment query, the dashboard figures and the retry queue. */
export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin-payments', 'refund'],
    mutationFn: refundPayment,
    onSuccess: async (detail) => {
      queryClient.setQueryData(adminPaymentKeys.detail(detail.payment.id), detail);
      void queryClient.invalidateQueries({ queryKey: ADMIN_DASHBOARD_KEY });
      void queryClient.invalidateQueries({ queryKey: ADMIN_OUTBOX_KEY });
      await queryClient.invalidateQueries({ queryKey: adminPaymentKeys.all });
    },
  });
}

/** The server's message for an API error, or the fallback: one function for the whole store. */
export { errorMessage } from '#web/lib/api-client.ts';

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
