import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VendorOrder } from '#shared/schemas/vendor.ts';
import { DELIVERY } from '#web/testing/checkout-fixtures.ts';
import VendorOrders from './vendor-orders.tsx';

const pendingOrder: VendorOrder = {
  fulfilmentId: 11,
  orderId: 42,
  orderNumber: 'CB00000042',
  orderDate: '2026-11-22T10:15:00.000Z',
  orderStatus: 'confirmed',
  status: 'pending',
  customerName: 'Asha Menon',
  address: {
    ...DELIVERY,
  },
  items: [
    { productId: 7, name: 'Dell XPS 13', image: null, unitPrice: 12_999_900, quantity: 1, lineTotal: 12_999_900 },
    { productId: 9, name: 'LG 27" 4K Monitor', image: null, unitPrice: 2_999_900, quantity: 2, lineTotal: 5_999_800 },
  ],
  total: 18_999_700,
  packedAt: null,
  shippedAt: null,
  deliveredAt: null,
  carrier: null,
  trackingNumber: null,
  invoice: null,
  creditNotes: [],
  cashOnDelivery: null,
  dispatchBy: null,
};

const packedOrder: VendorOrder = {
  ...pendingOrder,
  fulfilmentId: 12,
  orderId: 41,
  orderNumber: 'CB00000041',
  orderDate: '2026-11-21T09:00:00.000Z',
  status: 'packed',
  packedAt: '2026-11-21T12:00:00.000Z',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The vendor orders API over the given orders; anything else answers 404. */
function fakeApi(orders: VendorOrder[]) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.startsWith('/api/vendor/orders'))
      return json(200, { items: orders, total: orders.length, page: 1, pageSize: 20 });
    const action = /^\/api\/vendor\/fulfilments\/(\d+)\/(pack|ship|deliver)$/.exec(url);
    const order = action && orders.find((o) => o.fulfilmentId === Number(action[1]));
    if (method === 'POST' && action && order) {
      const now = '2026-11-23T08:30:00.000Z';
      if (action[2] === 'pack') return json(200, { ...order, status: 'packed', packedAt: now });
      if (action[2] === 'ship') {
        const body = JSON.parse(String(init?.body)) as { carrier: string; trackingNumber: string };
        return json(200, { ...order, status: 'shipped', shippedAt: now, ...body, invoice: { id: 77, number: 'INV/26-27/000001' } });
      }
      return json(200, { ...order, status: 'delivered', deliveredAt: now });
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
}

function renderOrders(path = '/vendor/dashboard/orders') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <VendorOrders />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const card = (orderNumber: string) => within(screen.getByRole('article', { name: `Order ${orderNumber}` }));
const posts = (fetch: ReturnType<typeof fakeApi>) => fetch.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('VendorOrders', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(cleanup);

  it('lists the orders as the API pages them (newest first) with their items, and asks for the status in the URL', async () => {
    const fetch = fakeApi([pendingOrder, packedOrder]);
    vi.stubGlobal('fetch', fetch);
    renderOrders('/vendor/dashboard/orders?status=pending');

    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
    const articles = await screen.findAllByRole('article');
    expect(articles.map((article) => within(article).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Order CB00000042',
      'Order CB00000041',
    ]);
    expect(fetch).toHaveBeenCalledWith('/api/vendor/orders?status=pending&page=1', expect.objectContaining({ method: 'GET' }));
    expect(screen.getByRole('navigation', { name: 'Orders by status' }).querySelector('[aria-current="page"]')?.textContent).toMatch(
      /^To pack/,
    );
    expect(screen.getByText('Showing 1–2 of 2 orders')).toBeTruthy();

    const pending = card('CB00000042');
    expect(pending.getByText('1 × ₹1,29,999')).toBeTruthy();
    expect(pending.getByText('2 × ₹29,999')).toBeTruthy();
    expect(pending.getByText('₹1,89,997')).toBeTruthy();
    expect(pending.getByText('12/345 Marine Drive')).toBeTruthy();
  });

  it('shows "Mark packed" for a pending order and POSTs to its pack endpoint', async () => {
    const fetch = fakeApi([pendingOrder]);
    vi.stubGlobal('fetch', fetch);
    renderOrders();

    const pending = await screen.findByRole('article', { name: 'Order CB00000042' });
    expect(within(pending).queryByRole('button', { name: 'Mark shipped' })).toBeNull();
    fireEvent.click(within(pending).getByRole('button', { name: 'Mark packed' }));

    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/vendor/fulfilments/11/pack', expect.objectContaining({ method: 'POST' })));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Order CB00000042 marked packed'));
    expect(card('CB00000042').getByRole('button', { name: 'Mark shipped' })).toBeTruthy();
    // The button the vendor pressed is gone: focus moves to the order's heading.
    await waitFor(() => expect(document.activeElement).toBe(card('CB00000042').getByRole('heading', { level: 2 })));
    expect(card('CB00000042').getByText(/^Packed on/)).toBeTruthy();
  });

  it('refuses to ship without a tracking number, then sends the carrier and tracking number', async () => {
    const fetch = fakeApi([packedOrder]);
    vi.stubGlobal('fetch', fetch);
    renderOrders();

    fireEvent.click(await screen.findByRole('button', { name: 'Mark shipped' }));
    const form = within(screen.getByRole('form', { name: 'Ship order CB00000041' }));
    await waitFor(() => expect(document.activeElement).toBe(form.getByLabelText('Carrier')));
    expect(form.getByLabelText('Carrier').getAttribute('list')).toBeTruthy();

    fireEvent.change(form.getByLabelText('Carrier'), { target: { value: 'Delhivery' } });
    fireEvent.click(form.getByRole('button', { name: 'Ship' }));

    expect(await form.findByText('Tracking number: 4–40 letters, digits or -')).toBeTruthy();
    expect(form.getByLabelText('Tracking number').getAttribute('aria-invalid')).toBe('true');
    expect(posts(fetch)).toHaveLength(0);

    fireEvent.change(form.getByLabelText('Tracking number'), { target: { value: ' DLV1234567 ' } });
    fireEvent.click(form.getByRole('button', { name: 'Ship' }));

    await waitFor(() => expect(posts(fetch)).toHaveLength(1));
    const [url, init] = posts(fetch)[0] ?? [];
    expect(url).toBe('/api/vendor/fulfilments/12/ship');
    expect(JSON.parse(String(init?.body))).toEqual({ carrier: 'Delhivery', trackingNumber: 'DLV1234567' });

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Order CB00000041 marked shipped'));
    expect(card('CB00000041').getByText(/^Shipped on/).textContent).toContain('via Delhivery');
    expect(card('CB00000041').getByRole('button', { name: 'Mark delivered' })).toBeTruthy();
    expect(card('CB00000041').getByRole('link', { name: 'Tax invoice INV/26-27/000001 (PDF)' }).getAttribute('href')).toBe(
      '/api/invoices/77/pdf',
    );
  });

  it('shows the API message for a refused step inside the card', async () => {
    const shipped: VendorOrder = {
      ...packedOrder,
      status: 'shipped',
      shippedAt: '2026-11-22T09:00:00.000Z',
      carrier: 'DTDC',
      trackingNumber: 'D1234',
    };
    const fetch = vi.fn(async (url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? json(409, { error: { code: 'CONFLICT', message: 'This order was cancelled.' } })
        : url.startsWith('/api/vendor/orders')
          ? json(200, { items: [shipped], total: 1, page: 1, pageSize: 20 })
          : json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } }),
    );
    vi.stubGlobal('fetch', fetch);
    renderOrders();

    fireEvent.click(await screen.findByRole('button', { name: 'Mark delivered' }));
    const alert = await card('CB00000041').findByRole('alert');
    expect(alert.textContent).toBe('This order was cancelled.');
  });

  it('says so when there are no orders', async () => {
    vi.stubGlobal('fetch', fakeApi([]));
    renderOrders();
    expect(await screen.findByText('No orders yet.')).toBeTruthy();
  });

  it('finds orders by number or customer through the URL, pages through them, and offers the way back to all', async () => {
    const fetch = vi.fn(async (url: string) => {
      const query = new URL(url, 'http://store.test').searchParams;
      if (query.get('q') === 'nobody') return json(200, { items: [], total: 0, page: 1, pageSize: 20 });
      return json(200, { items: [pendingOrder], total: 41, page: Number(query.get('page')), pageSize: 20 });
    });
    vi.stubGlobal('fetch', fetch);
    renderOrders('/vendor/dashboard/orders?page=2');

    expect(await screen.findByText('Showing 21–21 of 41 orders')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Pages of orders' }).textContent).toContain('Page 2 of 3');

    fireEvent.change(screen.getByLabelText('Order number or customer'), { target: { value: ' nobody ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No orders match “nobody”.')).toBeTruthy();
    // A new search starts again at page 1.
    expect(fetch).toHaveBeenLastCalledWith('/api/vendor/orders?q=nobody&page=1', expect.objectContaining({ method: 'GET' }));

    fireEvent.click(screen.getByRole('link', { name: 'Show all orders' }));
    expect(await screen.findByText('Showing 1–1 of 41 orders')).toBeTruthy();
  });
});
