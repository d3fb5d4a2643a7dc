import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '#web/lib/api-client.ts';

const AdminSummarySchema = z.object({
  users: z.object({ customer: z.number(), vendor: z.number(), admin: z.number() }),
  vendors: z.object({ pending: z.number(), active: z.number(), suspended: z.number() }),
  products: z.number(),
});
export type AdminSummary = z.infer<typeof AdminSummarySchema>;

export const adminSummaryQuery = queryOptions({
  queryKey: ['admin', 'summary'],
  queryFn: ({ signal }) => apiRequest('/admin/summary', { schema: AdminSummarySchema, signal }),
  staleTime: 30_000,
});

export function useAdminSummary() {
  return useQuery(adminSummaryQuery);
}
