import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminDashboard as Dashboard } from '#shared/schemas/admin.ts';
import AdminDashboard from './admin-dashboard.tsx';

const dashboard = (days: number): Dashboard => ({
  days,
  gmv: 25_999_700,
  orders: 3,
  payments: {
    paid: 3,
    failed: 1,
    byMethod: [
      { method: 'upi', count: 2, amount: 25_999_600 },
      { method: 'cod', count: 1, amount: 100 },
    ],
    codToCollect: { count: 2, amount: 4_599_800 },
  },
  refunds: { count: 1, amount: 1_299_950 },
  newCustomers: 12,
  vendors: { new: 2, pending: 1 },
  perDay: [
    { date: '2026-11-21', orders: 2, revenue: 12_999_900 },
    { date: '2026-11-22', orders: 0, revenue: 0 },
    { date: '2026-11-23', orders: 1, revenue: 12_999_800 },
  ],
  salesByCategory: [
    { category: 'Laptop', revenue: 20_000_000, units: 2 },
    { category: 'Monitor', revenue: 5_999_700, units: 3 },
  ],
  pendingVendors: [
    { uid: 'u-42', shop: 'Nehru Place Traders', owner: 'Asha Rao', email: 'asha@example.in', since: '2026-11-20T10:00:00Z' },
  ],
  latestOrders: [
    { id: 9, number: 'CB00000042', customer: 'Ravi Kumar', total: 12_999_900, status: 'paid', orderDate: '2026-11-23T09:30:00Z' },
  ],
});

const empty = (days: number): Dashboard => ({
  ...dashboard(days),
  gmv: 0,
  orders: 0,
  payments: { paid: 0, failed: 0, byMethod: [], codToCollect: { count: 0, amount: 0 } },
  refunds: { count: 0, amount: 0 },
  vendors: { new: 0, pending: 0 },
  perDay: [],
  salesByCategory: [],
  pendingVendors: [],
  latestOrders: [],
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderDashboard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AdminDashboard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('AdminDashboard', () => {
  beforeEach(() => {
    // jsdom has no ResizeObserver; the chart's container needs one…
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    // …and lays nothing out, so the chart warns that it has no size.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.mocked(console.warn).mockRestore();
  });

  it('shows the figures in rupees, the pending vendors and the latest orders, and refetches for another period', async () => {
    const fetch = vi.fn(async (url: string) => {
      const match = /^\/api\/admin\/dashboard\?days=(\d+)$/.exec(url);
      if (!match) return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
      return json(200, match[1] === '7' ? empty(7) : dashboard(Number(match[1])));
    });
    vi.stubGlobal('fetch', fetch);
    renderDashboard();

    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    const kpi = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    await waitFor(() => expect(kpi('Gross merchandise value')).toBe('₹2,59,997'));
    expect(kpi('Orders')).toBe('3');
    expect(kpi('Payments paid / failed')).toBe('3 / 1');
    expect(kpi('Cash on Delivery to collect')).toBe('2 · ₹45,998');
    const methods = within(screen.getByRole('region', { name: 'Payments by method' }));
    expect(methods.getByRole('row', { name: 'Cash on Delivery 1 ₹1' })).toBeTruthy();
    expect(methods.getByRole('row', { name: 'UPI 2 ₹2,59,996' })).toBeTruthy();
    expect(kpi('Refunds')).toBe('1 · ₹12,999.50');
    expect(kpi('New customers')).toBe('12');
    expect(kpi('New vendors')).toBe('2');
    expect(kpi('Vendors awaiting approval')).toBe('1');
    expect(fetch).toHaveBeenCalledWith('/api/admin/dashboard?days=30', expect.anything());

    expect(screen.getByRole('img', { name: /^Orders and revenue per day, last 30 days: 3 orders and ₹2,59,997 in total/ })).toBeTruthy();

    const pending = within(screen.getByRole('region', { name: 'Vendors awaiting approval' }));
    expect(pending.getByRole('link', { name: 'Nehru Place Traders' }).getAttribute('href')).toBe('/admin/users/u-42');
    expect(pending.getByText(/Asha Rao/)).toBeTruthy();
    expect(pending.getByRole('link', { name: 'Review all' }).getAttribute('href')).toBe('/admin/users?pendingVendors=true');

    const sales = within(screen.getByRole('region', { name: 'Sales by category' }));
    expect(sales.getByRole('row', { name: /Laptop/ }).textContent).toContain('₹2,00,000');

    const orders = within(screen.getByRole('region', { name: 'Latest orders' }));
    const row = orders.getByRole('row', { name: /CB00000042/ });
    expect(row.textContent).toContain('Ravi Kumar');
    expect(row.textContent).toContain('₹1,29,999');
    expect(row.textContent).toContain('Paid');
    expect(screen.getByRole('link', { name: 'Audit log' }).getAttribute('href')).toBe('/admin/audit');

    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '7' } });
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/admin/dashboard?days=7', expect.anything()));
    await waitFor(() => expect(kpi('Gross merchandise value')).toBe('₹0'));
    expect(screen.getByText('No vendors are waiting for approval.')).toBeTruthy();
    expect(screen.getByText('No orders yet.')).toBeTruthy();
    expect(screen.getByText('No sales in this period.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
