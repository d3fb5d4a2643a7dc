import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VendorOverview as Overview } from '#shared/schemas/vendor.ts';
import { fakeFetch, json, renderWithProviders } from '#web/testing/fake-api.tsx';
import VendorOverview from './vendor-overview.tsx';

const overview = (days: number): Overview => ({
  days,
  revenue: 25_999_700,
  orders: 3,
  units: 4,
  averageOrderValue: 8_666_567,
  revenueByDay: [
    { date: '2026-11-21', revenue: 12_999_900 },
    { date: '2026-11-22', revenue: 0 },
    { date: '2026-11-23', revenue: 12_999_800 },
  ],
  topProducts: [{ productId: 7, name: 'Dell XPS 13', units: 2, revenue: 25_999_800 }],
  lowStock: [
    { id: 7, name: 'Dell XPS 13', stock: 2 },
    { id: 8, name: 'HP Pavilion 15', stock: 0 },
  ],
  lowStockThreshold: 5,
  awaitingPacking: 2,
});

const empty = (days: number): Overview => ({
  ...overview(days),
  revenue: 0,
  orders: 0,
  units: 0,
  averageOrderValue: 0,
  revenueByDay: [],
  topProducts: [],
});

describe('VendorOverview', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    // jsdom has no ResizeObserver; the chart's container needs one.
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
    vi.mocked(console.warn).mockRestore();
  });

  it('shows the figures, an accessible chart summary, top products, low stock and orders to pack', async () => {
    const fetch = fakeFetch((url) => {
      const match = /^\/api\/vendor\/overview\?days=(\d+)$/.exec(url);
      if (!match) return undefined;
      return json(200, match[1] === '7' ? empty(7) : overview(Number(match[1])));
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<VendorOverview />);

    const kpi = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    await waitFor(() => expect(kpi('Revenue')).toBe('₹2,59,997'));
    expect(kpi('Orders')).toBe('3');
    expect(kpi('Units sold')).toBe('4');
    expect(kpi('Average order value')).toBe('₹86,665.67');
    expect(fetch).toHaveBeenCalledWith('/api/vendor/overview?days=30', expect.anything());

    const chart = screen.getByRole('img', { name: /^Revenue per day, last 30 days: ₹2,59,997 in total/ });
    expect(chart).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Revenue per day, last 30 days' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('rowheader', { name: '21 November 2026' })).toBeTruthy();

    const low = within(screen.getByRole('region', { name: 'Low stock' }));
    expect(low.getByText('2 left')).toBeTruthy();
    expect(low.getByText('Out of stock')).toBeTruthy();
    expect(low.getByText(/5 units or fewer/)).toBeTruthy();
    expect(low.getByRole('link', { name: 'Change threshold' }).getAttribute('href')).toBe('/vendor/dashboard/profile');

    expect(screen.getByText(/^Orders waiting to be packed:/).textContent).toBe('Orders waiting to be packed: 2');
    expect(screen.getByRole('link', { name: 'View orders to pack' }).getAttribute('href')).toBe('/vendor/dashboard/orders?status=pending');
    expect(within(screen.getByRole('region', { name: 'Top products' })).getByText('2 units · ₹2,59,998')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '7' } });
    expect(await screen.findByText('No orders in the last 7 days.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
