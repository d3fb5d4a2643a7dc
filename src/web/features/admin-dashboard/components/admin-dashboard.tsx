import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '#web/components/ui/list-states.tsx';
import { Loading } from '#web/components/ui/loading.tsx';
import { PeriodSelect } from '#web/components/ui/period-select.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { DASHBOARD_PERIODS, DEFAULT_DASHBOARD_PERIOD, useAdminDashboard, type DashboardPeriod } from '../api/get-dashboard.ts';
import { Kpis } from './dashboard-kpis.tsx';
import { link } from './dashboard-styles.ts';
import { LatestOrders } from './latest-orders.tsx';
import { PaymentsByMethod } from './payments-by-method.tsx';
import { PendingVendors } from './pending-vendors.tsx';
import { PerDayChart } from './per-day-chart.tsx';
import { SalesByCategory } from './sales-by-category.tsx';

/** The marketplace at a glance for admins: the period's figures, sales, vendors to approve and the latest orders. */
export default function AdminDashboard() {
  const [days, setDays] = useState<DashboardPeriod>(DEFAULT_DASHBOARD_PERIOD);
  const dashboard = useAdminDashboard(days);
  const data = dashboard.data;

  return (
    <div className="min-w-0">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Dashboard</h1>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Link to="/admin/audit" className={link}>
            Audit log
          </Link>
          <PeriodSelect periods={DASHBOARD_PERIODS} value={days} onChange={setDays} />
        </div>
      </div>

      <div className="mt-5 space-y-4" aria-busy={dashboard.isFetching}>
        {dashboard.isPending ? (
          <Loading label="Loading the dashboard…" />
        ) : dashboard.isError && !data ? (
          <LoadError
            what="the dashboard"
            message={errorMessage(dashboard.error, 'Please check your internet connection and try again.')}
            onRetry={() => void dashboard.refetch()}
          />
        ) : data ? (
          <>
            {dashboard.isError && (
              <LoadError
                what="this period"
                message={errorMessage(dashboard.error, 'Please check your internet connection and try again.')}
                onRetry={() => void dashboard.refetch()}
              />
            )}
            <Kpis data={data} />
            <PerDayChart data={data} />
            <div className="grid gap-4 lg:grid-cols-2">
              <SalesByCategory rows={data.salesByCategory} />
              <PaymentsByMethod data={data} />
            </div>
            <PendingVendors vendors={data.pendingVendors} />
            <LatestOrders orders={data.latestOrders} />
          </>
        ) : null}
      </div>
    </div>
  );
}
