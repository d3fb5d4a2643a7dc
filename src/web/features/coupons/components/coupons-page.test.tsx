import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Coupon } from '#shared/schemas/coupons.ts';
import { fakeFetch, json, renderWithProviders } from '#web/testing/fake-api.tsx';
import { CouponsPage } from './coupons-page.tsx';

const shop = { id: 3, name: 'Kochi Computers' };
const base: Omit<Coupon, 'id' | 'code'> = {
  description: '',
  kind: 'percent',
  value: 10,
  minOrder: 0,
  maxDiscount: null,
  startsOn: '2026-01-01',
  endsOn: '2099-12-31',
  totalLimit: null,
  perCustomerLimit: 1,
  firstOrderOnly: false,
  used: 0,
  category: null,
  vendor: shop,
  fundedBy: 'vendor',
  active: true,
  createdAt: '2026-01-01T10:00:00.000Z',
};
const COUPONS: Coupon[] = [
  {
    ...base,
    id: 2,
    code: 'KOCHI500',
    kind: 'flat',
    value: 50_000,
    minOrder: 2_000_000,
    category: 'Monitor',
    totalLimit: 100,
    used: 12,
    description: 'Onam monitors',
  },
  { ...base, id: 1, code: 'KOCHI10', maxDiscount: 300_000, startsOn: '2025-10-01', endsOn: '2025-10-31', active: false },
];

function api(answerSwitch?: () => Response) {
  let coupons = COUPONS;
  const switches: Array<{ url: string; body: unknown }> = [];
  const fetch = fakeFetch((url, init) => {
    if (url === '/api/vendor/coupons') return json(200, { items: coupons });
    const match = /^\/api\/vendor\/coupons\/(\d+)\/active$/.exec(url);
    if (match && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { active: boolean };
      switches.push({ url, body });
      if (answerSwitch) return answerSwitch();
      coupons = coupons.map((coupon) => (coupon.id === Number(match[1]) ? { ...coupon, active: body.active } : coupon));
      return json(
        200,
        coupons.find((coupon) => coupon.id === Number(match[1])),
      );
    }
    return undefined;
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, switches };
}

describe('The seller’s coupons page', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(cleanup);

  it('lists the shop’s coupons: what each gives, to what, when, uses and whether it is on', async () => {
    api();
    renderWithProviders(<CouponsPage area="vendor" />);
    const table = await screen.findByRole('table', { name: 'Coupons' });

    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((heading) => heading.textContent),
    ).toEqual(['Code', 'Discount', 'Applies to', 'Valid', 'Used', 'Status']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('rowheader').textContent).toBe('KOCHI500Onam monitors');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '₹500 off on ₹20,000 or more',
      'Monitors',
      '1 Jan 2026 to 31 Dec 2099',
      '12 of 1001 per customer',
      'ActiveDeactivate KOCHI500',
    ]);
    expect(
      within(second!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '10% off, up to ₹3,000',
      'All your products',
      '1 Oct 2025 to 31 Oct 2025',
      '0 (no limit)1 per customer',
      'InactiveActivate KOCHI10',
    ]);
    expect(screen.getByText(/The discounts come out of your payable/)).toBeTruthy();
  });

  it('switches a coupon off and on from its row, says so, and keeps the focus on the button', async () => {
    const { switches } = api();
    renderWithProviders(<CouponsPage area="vendor" />);
    const table = await screen.findByRole('table', { name: 'Coupons' });
    const button = within(table).getByRole('button', { name: 'Deactivate KOCHI500' });
    button.focus();
    fireEvent.click(button);

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('KOCHI500 is inactive: shoppers can no longer apply it.'));
    expect(switches).toEqual([{ url: '/api/vendor/coupons/2/active', body: { active: false } }]);
    const row = button.closest('tr')!;
    expect(within(row).getByText('Inactive')).toBeTruthy();
    const again = within(row).getByRole('button', { name: 'Activate KOCHI500' });
    expect(document.activeElement).toBe(again);

    fireEvent.click(again);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('KOCHI500 is active: shoppers can apply it again.'));
    expect(switches[1]).toEqual({ url: '/api/vendor/coupons/2/active', body: { active: true } });
    expect(within(row).getByText('Active')).toBeTruthy();
  });

  it('says why a coupon was not switched, and leaves it as it was', async () => {
    api(() => json(404, { error: { code: 'NOT_FOUND', message: 'Coupon not found' } }));
    renderWithProviders(<CouponsPage area="vendor" />);
    const table = await screen.findByRole('table', { name: 'Coupons' });
    fireEvent.click(within(table).getByRole('button', { name: 'Activate KOCHI10' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('KOCHI10 was not activated: Coupon not found'));
    expect(screen.getByRole('button', { name: 'Activate KOCHI10' })).toBeTruthy();
  });

  it('offers a new coupon for the shop’s own products, without a seller to choose, saying who pays', async () => {
    api();
    renderWithProviders(<CouponsPage area="vendor" />);
    await screen.findByRole('table', { name: 'Coupons' });
    const open = screen.getByRole('button', { name: 'New coupon' });
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(/Its discounts come out of your payable/)).toBeTruthy();
    expect(screen.queryByLabelText('Seller')).toBeNull();
    expect(screen.getByLabelText('Category')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(open);
    expect(screen.queryByRole('button', { name: 'Create coupon' })).toBeNull();
  });
});
