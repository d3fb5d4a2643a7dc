import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ManagedReturn } from '#shared/schemas/returns.ts';
import { fakeFetch, json, renderWithProviders } from '#web/testing/fake-api.tsx';
import { ReturnsPage } from './returns-page.tsx';

const requested: ManagedReturn = {
  id: 5,
  orderId: 42,
  orderNumber: 'CB00000042',
  orderItemId: 91,
  lineQuantity: 2,
  customer: { name: 'Meera Iyer', email: 'meera@example.in' },
  paymentMethod: 'cod',
  product: { id: 9, name: 'LG 27" 4K Monitor', image: null },
  vendor: { id: 4, name: 'Lamington Road Traders' },
  quantity: 1,
  reason: 'damaged',
  details: 'The stand is cracked',
  resolution: 'refund',
  status: 'picked_up',
  amount: 2_999_900,
  photos: [{ id: 3, url: '/api/returns/photos/3' }],
  pickup: { carrier: 'Ekart', date: '2026-11-27' },
  rejectionReason: null,
  restocked: null,
  payoutTo: 'UPI ID meera@okaxis',
  creditNote: null,
  replacement: null,
  requestedAt: '2026-11-24T10:00:00.000Z',
  approvedAt: '2026-11-24T12:00:00.000Z',
  rejectedAt: null,
  cancelledAt: null,
  pickedUpAt: '2026-11-25T12:00:00.000Z',
  receivedAt: null,
  refundedAt: null,
  replacementShippedAt: null,
};

const refunded: ManagedReturn = {
  ...requested,
  status: 'refunded',
  restocked: false,
  receivedAt: '2026-11-26T10:00:00.000Z',
  refundedAt: '2026-11-26T10:00:00.000Z',
  creditNote: { id: 7, number: 'CN/26-27/000007' },
};

describe('ReturnsPage', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(cleanup);

  it('shows what the customer sent and marks it received, not back to stock, refunding to the account the customer gave', async () => {
    let current = requested;
    const fetch = fakeFetch((url, init) => {
      if (url.startsWith('/api/vendor/returns?')) return json(200, { items: [current], total: 1, page: 1, pageSize: 20 });
      if (url === '/api/vendor/returns/5/receive' && init?.method === 'POST') {
        current = refunded;
        return json(200, refunded);
      }
      return undefined;
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<ReturnsPage area="vendor" />, '/vendor/dashboard/returns');

    const item = within((await screen.findByRole('heading', { name: '1 × LG 27" 4K Monitor' })).closest('li')!);
    expect(item.getByText('“The stand is cracked”')).toBeTruthy();
    expect(item.getByText('Cash on Delivery; refund to UPI ID meera@okaxis')).toBeTruthy();
    expect(item.getByRole('img', { name: /Customer’s photo 1/ }).getAttribute('src')).toBe('/api/returns/photos/3');
    // Only the step its status allows.
    expect(item.queryByRole('button', { name: 'Approve' })).toBeNull();
    fireEvent.click(item.getByRole('button', { name: 'Mark received' }));
    expect(item.getByText(/Marking it received refunds ₹29,999 to the customer’s UPI ID meera@okaxis at once/)).toBeTruthy();
    // Whether it goes back to stock must be said.
    fireEvent.click(item.getByRole('button', { name: 'Mark received and refund ₹29,999' }));
    expect((await item.findByRole('alert')).textContent).toBe('Please say whether the item goes back to stock.');
    fireEvent.click(item.getByLabelText('No: damaged or opened, not back to stock'));
    fireEvent.click(item.getByRole('button', { name: 'Mark received and refund ₹29,999' }));

    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Return of 1 × LG 27" 4K Monitor (CB00000042) received; ₹29,999 refunded with credit note CN/26-27/000007.',
      ),
    );
    const post = fetch.mock.calls.find(([url]) => url === '/api/vendor/returns/5/receive');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ restock: false });
    expect(await screen.findByRole('link', { name: 'Credit note CN/26-27/000007 (PDF)' })).toBeTruthy();
  });

  it('says why a step was refused (another click got there first)', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch((url, init) => {
        if (url.startsWith('/api/admin/returns?'))
          return json(200, { items: [{ ...requested, status: 'approved' }], total: 1, page: 1, pageSize: 20 });
        if (init?.method === 'POST')
          return json(409, { error: { code: 'CONFLICT', message: 'This return changed meanwhile; please reload' } });
        return undefined;
      }),
    );
    renderWithProviders(<ReturnsPage area="admin" />, '/admin/returns');
    fireEvent.click(await screen.findByRole('button', { name: 'Mark picked up' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This return changed meanwhile; please reload');
    expect(screen.getByText(/sold by Lamington Road Traders/)).toBeTruthy();
  });
});
