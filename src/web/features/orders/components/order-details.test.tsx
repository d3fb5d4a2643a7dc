import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '#shared/schemas/orders.ts';
import { DELIVERY } from '#web/testing/checkout-fixtures.ts';
import OrderDetails from './order-details.tsx';

const confirmedOrder: Order = {
  id: 42,
  number: 'CB00000042',
  status: 'confirmed',
  displayStatus: 'Confirmed',
  orderDate: '2026-11-22T10:15:00.000Z',
  items: [
    {
      id: 71,
      returnableQuantity: 0,
      returnBy: null,
      replacementFor: null,
      productId: 7,
      offerId: null,
      name: 'Dell XPS 13',
      image: '/images/xps-13.jpg',
      unitPrice: 12_999_900,
      quantity: 1,
      lineTotal: 12_999_900,
      discount: 0,
      vendor: { id: 3, name: 'Nehru Place Computers' },
    },
    {
      id: 91,
      returnableQuantity: 0,
      returnBy: null,
      replacementFor: null,
      productId: 9,
      offerId: null,
      name: 'LG 27" 4K Monitor',
      image: null,
      unitPrice: 2_999_900,
      quantity: 2,
      lineTotal: 5_999_800,
      discount: 0,
      vendor: { id: 4, name: 'Lamington Road Traders' },
    },
  ],
  subtotal: 18_999_700,
  discount: 0,
  coupon: null,
  shipping: 0,
  gst: 2_898_259,
  total: 18_999_700,
  address: {
    ...DELIVERY,
  },
  fulfilments: [
    {
      id: 1,
      vendor: { id: 3, name: 'Nehru Place Computers' },
      status: 'packed',
      packedAt: '2026-11-22T12:00:00.000Z',
      shippedAt: null,
      deliveredAt: null,
      carrier: null,
      trackingNumber: null,
      invoice: null,
      creditNotes: [],
    },
    {
      id: 2,
      vendor: { id: 4, name: 'Lamington Road Traders' },
      status: 'pending',
      packedAt: null,
      shippedAt: null,
      deliveredAt: null,
      carrier: null,
      trackingNumber: null,
      invoice: null,
      creditNotes: [],
    },
  ],
  payments: [
    {
      id: 5,
      orderId: 42,
      method: 'card',
      amount: 18_999_700,
      status: 'captured',
      reference: 'pay_card_0001',
      details: { network: 'Visa', last4: '1111' },
      failureReason: null,
      abandoned: false,
      refundedAmount: 0,
      createdAt: '2026-11-22T10:16:00.000Z',
    },
  ],
  canCancel: true,
  canReturn: false,
  canPay: false,
  payBy: null,
  cancelledAt: null,
  returnReason: null,
  returns: [],
  buyerGst: null,
};

const cancelledOrder: Order = {
  ...confirmedOrder,
  status: 'cancelled',
  displayStatus: 'Cancelled',
  fulfilments: confirmedOrder.fulfilments.map((f) => ({ ...f, status: 'cancelled' })),
  payments: confirmedOrder.payments.map((p) => ({ ...p, status: 'refunded', refundedAmount: p.amount })),
  canCancel: false,
  cancelledAt: '2026-11-23T09:00:00.000Z',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const notFound = () => json(404, { error: { code: 'NOT_FOUND', message: 'Order not found' } });

/** The orders API for one order; anything else (the store info, say) answers 404. */
function fakeApi(order: Order | null) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (order && method === 'GET' && url === `/api/orders/${order.id}`) return json(200, order);
    if (order && method === 'POST' && url === `/api/orders/${order.id}/cancel`) return json(200, cancelledOrder);
    return notFound();
  });
}

function renderDetails(orderId: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/order-details/${orderId}`]}>
        <OrderDetails orderId={orderId} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('OrderDetails', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(cleanup);

  it('says "Order not found" for a 404, with a link to My Orders', async () => {
    const fetch = fakeApi(null);
    vi.stubGlobal('fetch', fetch);
    renderDetails(999);
    expect(screen.getByRole('status').textContent).toContain('Loading your order');

    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My Orders' }).getAttribute('href')).toBe('/orders');
    expect(fetch).toHaveBeenCalledWith('/api/orders/999', expect.objectContaining({ method: 'GET' }));
  });

  it('shows the price breakdown in rupees and offers to cancel a cancellable order', async () => {
    vi.stubGlobal('fetch', fakeApi(confirmedOrder));
    renderDetails(42);

    expect(await screen.findByRole('heading', { level: 1, name: 'Order CB00000042' })).toBeTruthy();
    const breakdown = within(screen.getByRole('region', { name: 'Price details' }));
    const row = (label: string | RegExp) => breakdown.getByText(label).closest('div')?.querySelector('dd')?.textContent;
    expect(row(/^Subtotal/)).toBe('₹1,89,997');
    expect(row('Delivery')).toBe('Free');
    expect(row('GST included')).toBe('₹28,982.59');
    expect(row('Total')).toBe('₹1,89,997');

    expect(screen.getByRole('link', { name: 'Dell XPS 13' }).getAttribute('href')).toBe('/product/7');
    expect(screen.getByText('Visa •••• 1111')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Shipment from Nehru Place Computers' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request a return' })).toBeNull();
  });

  it('shows the coupon’s discount, with its code, between the subtotal and the total', async () => {
    const withCoupon: Order = {
      ...confirmedOrder,
      discount: 150_000,
      coupon: { code: 'DIWALI10', fundedBy: 'marketplace' },
      total: 18_849_700,
    };
    vi.stubGlobal('fetch', fakeApi(withCoupon));
    renderDetails(42);

    const breakdown = within(await screen.findByRole('region', { name: 'Price details' }));
    const terms = breakdown.getAllByRole('term').map((term) => term.textContent);
    expect(terms.slice(0, 4)).toEqual(['Subtotal (3 items)', 'Coupon DIWALI10', 'Delivery', 'Total']);
    expect(breakdown.getByText('DIWALI10').closest('div')?.querySelector('dd')?.textContent).toBe('−₹1,500');
    expect(breakdown.getByText('Total').closest('div')?.querySelector('dd')?.textContent).toBe('₹1,88,497');
  });

  it('reads a payment’s status and time as one sentence: "Status: Paid, 22 Nov 2026, …"', async () => {
    vi.stubGlobal('fetch', fakeApi(confirmedOrder));
    renderDetails(42);
    const payments = within(await screen.findByRole('region', { name: 'Payments' }));
    const line = payments.getByText(/^Status:/).textContent ?? '';
    expect(line).toMatch(/^Status: Paid, 22 Nov 2026/);
    expect(line).not.toMatch(/\s,/);
  });

  it('shows the bank offer as a line between the total and what was paid', async () => {
    const offer = {
      id: 'hdfc-credit-10',
      title: '10% instant discount on HDFC Bank credit cards, up to ₹1,500 on orders of ₹20,000 or more',
      discount: 150_000,
    };
    const withOffer: Order = {
      ...confirmedOrder,
      payments: [{ ...confirmedOrder.payments[0]!, amount: 18_849_700, details: { network: 'Visa', last4: '0002', offer } }],
    };
    vi.stubGlobal('fetch', fakeApi(withOffer));
    renderDetails(42);
    const breakdown = within(await screen.findByRole('region', { name: 'Price details' }));
    const terms = breakdown.getAllByRole('term').map((term) => term.textContent);
    expect(terms.slice(0, 4)).toEqual(['Subtotal (3 items)', 'Delivery', `Bank offer${offer.title}`, 'Total paid']);
    expect(breakdown.getByText('Bank offer').closest('div')?.querySelector('dd')?.textContent).toBe('−₹1,500');
    expect(breakdown.getByText('Total paid').closest('div')?.querySelector('dd')?.textContent).toBe('₹1,88,497');
  });

  it('shows a shipment’s tax invoice with its credit notes beside it', async () => {
    const shipped: Order = {
      ...confirmedOrder,
      canCancel: false,
      fulfilments: confirmedOrder.fulfilments.map((f, at) =>
        at === 0
          ? {
              ...f,
              status: 'shipped',
              shippedAt: '2026-11-23T09:00:00.000Z',
              invoice: { id: 8, number: 'INV/26-27/000008' },
              creditNotes: [{ id: 2, number: 'CN/26-27/000002' }],
            }
          : f,
      ),
    };
    vi.stubGlobal('fetch', fakeApi(shipped));
    renderDetails(42);

    const shipment = within(await screen.findByRole('region', { name: 'Shipment from Nehru Place Computers' }));
    expect(shipment.getByRole('link', { name: 'Tax invoice INV/26-27/000008 (PDF)' }).getAttribute('href')).toBe('/api/invoices/8/pdf');
    expect(shipment.getByRole('link', { name: 'Credit note CN/26-27/000002 (PDF)' }).getAttribute('href')).toBe('/api/credit-notes/2/pdf');
    expect(
      within(screen.getByRole('region', { name: 'Shipment from Lamington Road Traders' })).queryByRole('link', { name: /Credit note/ }),
    ).toBeNull();
  });

  it('asks before cancelling, then POSTs the cancellation and shows the cancelled order', async () => {
    const fetch = fakeApi(confirmedOrder);
    vi.stubGlobal('fetch', fetch);
    renderDetails(42);

    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const confirm = screen.getByRole('group', { name: /^Cancel this order\?/ });
    expect(within(confirm).getByText(/refunded in full to the original payment method/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Keep order' })));

    // Keeping the order sends nothing.
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep order' }));
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel order' }));

    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/orders/42/cancel', expect.objectContaining({ method: 'POST' })));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Order cancelled'));
    expect(screen.getByText(/^Cancelled on/).textContent).toBe('Cancelled on 23 Nov 2026');
    expect(screen.getByText('₹1,89,997 has been refunded to the original payment method.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Order CB00000042' }));
  });

  it('asks for a return of a delivered line in place: reason, refund or (for a fault) replacement, and sends the line and quantity', async () => {
    const delivered: Order = {
      ...confirmedOrder,
      displayStatus: 'Delivered',
      canCancel: false,
      canReturn: true,
      items: confirmedOrder.items.map((item, at) =>
        at === 1 ? { ...item, returnableQuantity: 2, returnBy: '2026-12-02T10:00:00.000Z' } : item,
      ),
      fulfilments: confirmedOrder.fulfilments.map((f) => ({ ...f, status: 'delivered', deliveredAt: '2026-11-22T10:00:00.000Z' })),
    };
    const requested: Order = {
      ...delivered,
      displayStatus: 'Return requested',
      items: delivered.items.map((item, at) => (at === 1 ? { ...item, returnableQuantity: 1 } : item)),
      returns: [
        {
          id: 5,
          orderItemId: 91,
          product: { id: 9, name: 'LG 27" 4K Monitor', image: null },
          vendor: { id: 4, name: 'Lamington Road Traders' },
          quantity: 1,
          reason: 'defective',
          details: 'Dead pixels in a corner',
          resolution: 'replacement',
          status: 'requested',
          amount: 2_999_900,
          photos: [],
          pickup: null,
          rejectionReason: null,
          restocked: null,
          payoutTo: null,
          creditNote: null,
          replacement: null,
          requestedAt: '2026-11-24T10:00:00.000Z',
          approvedAt: null,
          rejectedAt: null,
          cancelledAt: null,
          pickedUpAt: null,
          receivedAt: null,
          refundedAt: null,
          replacementShippedAt: null,
        },
      ],
    };
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/orders/42' && (init?.method ?? 'GET') === 'GET') return json(200, delivered);
      if (url === '/api/orders/42/returns' && init?.method === 'POST') return json(201, requested);
      return notFound();
    });
    vi.stubGlobal('fetch', fetch);
    renderDetails(42);

    // Only the returnable line offers it; the first field takes the focus.
    await screen.findByRole('heading', { level: 1, name: 'Order CB00000042' });
    expect(screen.queryByRole('button', { name: /^Return or replace\s*Dell XPS 13$/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Return or replace\s*LG 27" 4K Monitor$/ }));
    const form = screen.getByRole('form', { name: 'Return LG 27" 4K Monitor' });
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('How many')));
    // Nothing chosen: told, nothing sent.
    fireEvent.click(within(form).getByRole('button', { name: 'Request return' }));
    expect(await within(form).findByText('Please choose a reason')).toBeTruthy();
    // A replacement only for a fault.
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'changed_mind' } });
    expect((within(form).getByRole('radio', { name: 'A replacement' }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'defective' } });
    fireEvent.click(within(form).getByRole('radio', { name: 'A replacement' }));
    fireEvent.change(within(form).getByLabelText(/What is wrong/), { target: { value: 'Dead pixels in a corner' } });
    expect(within(form).getByRole('radio', { name: 'A refund of ₹29,999' })).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Request return' }));

    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Return requested for 1 × LG 27" 4K Monitor'));
    const post = fetch.mock.calls.find(([url, init]) => url === '/api/orders/42/returns' && init?.method === 'POST');
    // With the form's key, so a second click is the same return.
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      orderItemId: 91,
      quantity: 1,
      reason: 'defective',
      details: 'Dead pixels in a corner',
      resolution: 'replacement',
      photoIds: [],
      requestKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const returns = screen.getByRole('region', { name: 'Returns' });
    expect(within(returns).getByText('Return requested', { selector: 'span' })).toBeTruthy();
    expect(within(returns).getByRole('button', { name: 'Cancel return' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(returns).getByRole('heading', { name: 'Returns' })));
  });
});
