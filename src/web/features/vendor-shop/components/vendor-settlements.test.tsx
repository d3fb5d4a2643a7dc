import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Settlement } from '#shared/schemas/vendor.ts';
import { fakeFetch, json, renderWithProviders } from '#web/testing/fake-api.tsx';
import VendorSettlements from './vendor-settlements.tsx';

const settlement: Settlement = {
  from: '2026-10-25T00:00:00.000Z',
  to: '2026-11-23T23:59:59.000Z',
  payoutsHeldUntil: null,
  commissionPercent: 7.5,
  gross: 12_999_900,
  shopDiscounts: 0,
  marketplaceDiscounts: 0,
  returns: 0,
  returnLines: [],
  commission: 974_993,
  net: 12_024_907,
  lines: [
    {
      orderNumber: 'CB00000042',
      deliveredAt: '2026-11-23T08:30:00.000Z',
      product: 'Dell XPS 13',
      quantity: 1,
      amount: 12_999_900,
      discount: 0,
      discountFundedBy: null,
    },
  ],
};

describe('VendorSettlements', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(cleanup);

  it('shows gross, commission and net for the period, the lines and a CSV link', async () => {
    const fetch = fakeFetch((url) => (url.startsWith('/api/vendor/settlements?') ? json(200, settlement) : undefined));
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<VendorSettlements />);

    const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    await waitFor(() => expect(figure('Gross sales of delivered items')).toBe('₹1,29,999'));
    expect(figure('Marketplace commission (7.5%)')).toBe('−₹9,749.93');
    expect(figure('Net payable')).toBe('₹1,20,249.07');

    const table = screen.getByRole('table', { name: 'Delivered items' });
    const row = within(table).getAllByRole('row')[1];
    expect(row && within(row).getByRole('rowheader').textContent).toBe('CB00000042');
    expect(
      row &&
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
    ).toEqual(['23 Nov 2026', 'Dell XPS 13', '1', '₹1,29,999', '—None']);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((heading) => heading.textContent),
    ).toEqual(['Order', 'Delivered on', 'Product', 'Qty', 'Amount', 'Coupon']);

    const csv = screen.getByRole('link', { name: 'Download CSV' });
    expect(csv.getAttribute('href')).toBe('/api/vendor/settlements.csv?days=30');
    expect(csv.hasAttribute('download')).toBe(true);

    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '90' } });
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/vendor/settlements.csv?days=90');
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/vendor/settlements?days=90', expect.anything()));
  });

  it('deducts the shop’s own coupons, shows the marketplace’s as paid by it, and each line’s discount', async () => {
    const withCoupons: Settlement = {
      ...settlement,
      gross: 19_199_900,
      shopDiscounts: 118_000,
      marketplaceDiscounts: 236_000,
      commission: 1_431_142,
      net: 17_650_758,
      lines: [
        { ...settlement.lines[0]!, discount: 236_000, discountFundedBy: 'marketplace' },
        {
          orderNumber: 'CB00000043',
          deliveredAt: '2026-11-23T09:30:00.000Z',
          product: 'LG 27" 4K Monitor',
          quantity: 2,
          amount: 7_200_000,
          discount: 118_000,
          discountFundedBy: 'vendor',
        },
      ],
    };
    vi.stubGlobal(
      'fetch',
      fakeFetch((url) => (url.startsWith('/api/vendor/settlements?') ? json(200, withCoupons) : undefined)),
    );
    renderWithProviders(<VendorSettlements />);

    const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    await waitFor(() => expect(figure('Your coupons (deducted)')).toBe('−₹1,180'));
    expect(figure('Marketplace coupons (paid by us)')).toBe('₹2,360');
    expect(figure('Net payable')).toBe('₹1,76,507.58');
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Gross sales of delivered items',
      'Your coupons (deducted)',
      'Marketplace commission (7.5%)',
      'Net payable',
      'Marketplace coupons (paid by us)',
    ]);

    const rows = within(screen.getByRole('table', { name: 'Delivered items' })).getAllByRole('row');
    expect(within(rows[1]!).getAllByRole('cell').at(-1)?.textContent).toBe('−₹2,360Ours, paid by us');
    expect(within(rows[2]!).getAllByRole('cell').at(-1)?.textContent).toBe('−₹1,180Yours, deducted');
  });
});
