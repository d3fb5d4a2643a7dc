import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AdminDashboardSchema } from '#shared/schemas/admin.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** The periods the dashboard covers, in days. */
export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = 30;

export const adminDashboardKey = (days: DashboardPeriod) => ['admin', 'dashboard', days] as const;

export function adminDashboardQuery(days: DashboardPeriod) {
  return queryOptions({
    queryKey: adminDashboardKey(days),
    queryFn: ({ signal }) => apiRequest('/admin/dashboard', { query: { days }, schema: AdminDashboardSchema, signal }),
    staleTime: 30_000,
  });
}

/** The marketplace's figures for the last `days` days; keeps the previous period on screen while switching. */
export function useAdminDashboard(days: DashboardPeriod) {
  return useQuery({ ...adminDashboardQuery(days), placeholderData: keepPreviousData });
}
