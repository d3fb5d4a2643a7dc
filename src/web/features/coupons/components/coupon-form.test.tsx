import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '#shared/schemas/admin.ts';
import type { Coupon } from '#shared/schemas/coupons.ts';
import { fakeFetch, json, renderWithProviders } from '#web/testing/fake-api.tsx';
import { CouponsPage } from './coupons-page.tsx';

const seller = (id: number, name: string): AdminUser => ({
  uid: `u${id}`,
  name: `Owner ${id}`,
  email: `owner${id}@example.in`,
  role: 'vendor',
  status: 'active',
  createdAt: '2026-01-01T00:00:00.000Z',
  vendor: { id, name, slug: name.toLowerCase().replaceAll(' ', '-'), status: 'active' },
});

/** What the server answers for a created coupon: the body sent, as stored. */
function stored(body: Record<string, unknown>, id = 41): Coupon {
  const vendorId = body.vendorId as number | null;
  return {
    id,
    code: body.code as string,
    description: body.description as string,
    kind: body.kind as Coupon['kind'],
    value: body.value as number,
    minOrder: body.minOrder as number,
    maxDiscount: body.maxDiscount as number | null,
    startsOn: body.startsOn as string,
    endsOn: body.endsOn as string,
    totalLimit: body.totalLimit as number | null,
    perCustomerLimit: body.perCustomerLimit as number,
    firstOrderOnly: body.firstOrderOnly as boolean,
    used: 0,
    category: body.category as Coupon['category'],
    vendor: vendorId === null ? null : { id: vendorId, name: 'Kochi Computers' },
    fundedBy: 'marketplace',
    active: true,
    createdAt: '2026-10-20T10:00:00.000Z',
  };
}

function api(answer: (body: Record<string, unknown>) => Response) {
  const sent: Array<Record<string, unknown>> = [];
  const fetch = fakeFetch((url, init) => {
    if (url === '/api/admin/coupons' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      sent.push(body);
      return answer(body);
    }
    if (url === '/api/admin/coupons') return json(200, { items: [] });
    if (url.startsWith('/api/admin/users?'))
      return json(200, { items: [seller(3, 'Kochi Computers'), seller(5, 'Bengaluru Laptop Hub')], total: 2, page: 1, pageSize: 100 });
    return undefined;
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, sent };
}

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string | RegExp, value: string) => fireEvent.change(field(label), { target: { value } });

async function openForm() {
  renderWithProviders(<CouponsPage area="admin" />);
  await screen.findByText('No coupons yet');
  fireEvent.click(screen.getByRole('button', { name: 'New coupon' }));
  await waitFor(() => expect(document.activeElement).toBe(field('Code')));
  // The sellers are listed by name.
  await waitFor(() =>
    expect(
      within(field('Seller') as unknown as HTMLElement)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All sellers', 'Bengaluru Laptop Hub', 'Kochi Computers']),
  );
}

describe('The admin’s new coupon form', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(cleanup);

  it('sends rupees as paise and the percentage as it is, then shows the coupon first in the list, focused', async () => {
    const { sent } = api((body) => json(201, stored(body)));
    await openForm();

    type('Code', 'diwali10');
    type('Discount (%)', '10');
    type(/^Maximum discount/, '1,500');
    type(/^Minimum order/, '₹5,000.50');
    type('Starts on', '2030-11-01');
    type('Ends on', '2030-11-30');
    type(/^Total uses/, '500');
    fireEvent.change(field('Category'), { target: { value: 'Laptop' } });
    fireEvent.change(field('Seller'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'First order only' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create coupon' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      code: 'DIWALI10',
      description: '',
      kind: 'percent',
      value: 10,
      minOrder: 500_050,
      maxDiscount: 150_000,
      startsOn: '2030-11-01',
      endsOn: '2030-11-30',
      totalLimit: 500,
      perCustomerLimit: 1,
      firstOrderOnly: true,
      category: 'Laptop',
      vendorId: 3,
    });

    const table = await screen.findByRole('table', { name: 'Coupons' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('rowheader').textContent).toBe('DIWALI10');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '10% off, up to ₹1,500 on ₹5,000.50 or more, first order only',
      'Laptops sold by Kochi Computers',
      '1 Nov 2030 to 30 Nov 2030',
      '0 of 5001 per customer',
      'Marketplace',
      'ActiveStarts 1 Nov 2030Deactivate DIWALI10',
    ]);
    expect(document.activeElement?.textContent).toBe('DIWALI10');
    expect(screen.getByRole('status').textContent).toBe(
      'Coupon DIWALI10 created: 10% off, up to ₹1,500 on ₹5,000.50 or more, first order only. It is first in the list.',
    );
    expect(screen.queryByRole('button', { name: 'Create coupon' })).toBeNull();
  });

  it('sends a flat discount in paise, without a cap', async () => {
    const { sent } = api((body) => json(201, stored(body)));
    await openForm();

    type('Code', 'FLAT2000');
    fireEvent.change(field('Discount type'), { target: { value: 'flat' } });
    expect(screen.queryByLabelText(/^Maximum discount/)).toBeNull();
    type('Discount', '2,000');
    type(/^Minimum order/, '40000');
    type('Starts on', '2030-11-01');
    type('Ends on', '2030-11-30');
    fireEvent.click(screen.getByRole('button', { name: 'Create coupon' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      code: 'FLAT2000',
      kind: 'flat',
      value: 200_000,
      minOrder: 4_000_000,
      maxDiscount: null,
      totalLimit: null,
      category: null,
      vendorId: null,
    });
  });

  it('says what is wrong before sending, on the field, and focuses the first', async () => {
    const { sent } = api((body) => json(201, stored(body)));
    await openForm();

    type('Code', 'DIWALI10');
    type('Discount (%)', '95');
    type(/^Minimum order/, 'five thousand');
    type('Ends on', '');
    fireEvent.click(screen.getByRole('button', { name: 'Create coupon' }));

    await waitFor(() => expect(document.activeElement).toBe(field('Discount (%)')));
    expect(screen.getByText('A percentage discount is at most 90%')).toBeTruthy();
    expect(screen.getByText('Enter the minimum order in rupees, like 5,000')).toBeTruthy();
    expect(screen.getByText('Please choose the end date')).toBeTruthy();
    expect(field('Discount (%)').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toHaveLength(0);
  });

  it('shows the server’s field error on its field and focuses it; a taken code on the code', async () => {
    let answer = json(400, {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'The end date has passed',
        details: { issues: [{ field: 'endsOn', message: 'The end date has passed' }] },
      },
    });
    const { sent } = api(() => answer);
    await openForm();

    type('Code', 'OLDSALE');
    type('Discount (%)', '5');
    type('Starts on', '2030-11-01');
    type('Ends on', '2030-11-30');
    fireEvent.click(screen.getByRole('button', { name: 'Create coupon' }));

    await waitFor(() => expect(document.activeElement).toBe(field('Ends on')));
    const ends = field('Ends on');
    expect(ends.getAttribute('aria-invalid')).toBe('true');
    const describedBy = ends.getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain('The end date has passed');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sent).toHaveLength(1);

    answer = json(409, { error: { code: 'CONFLICT', message: 'The code OLDSALE is already taken' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
    await waitFor(() => expect(document.activeElement).toBe(field('Code')));
    expect(screen.getByText('The code OLDSALE is already taken')).toBeTruthy();
  });
});
