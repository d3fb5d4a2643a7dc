import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VendorProduct } from '#shared/schemas/vendor.ts';
import { json } from '#web/testing/fake-api.tsx';
import { storedMonitor } from '#web/testing/vendor-product-fixtures.ts';
import VendorProductList from './vendor-product-list.tsx';

const product = storedMonitor({ id: 5, price: 4_299_900, images: ['/media/dell.webp'], hasOrders: true });

/** The list and PATCH …/stock as the server answers them: stock moves by (stock − stockWas), never below 0; `sell` buys units meanwhile. */
function fakeApi() {
  let stock = product.stock;
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/vendor/products?') && (init?.method ?? 'GET') === 'GET') {
      return json(200, {
        items: [{ ...product, stock }],
        total: 1,
        page: 1,
        pageSize: 20,
        counts: { draft: 2, active: 1, archived: 0, hidden: 0 },
      });
    }
    if (url === '/api/vendor/products/5/stock' && init?.method === 'PATCH') {
      const body = JSON.parse(String(init.body)) as { stock: number; stockWas: number };
      const change = body.stock - body.stockWas;
      if (stock + change < 0) {
        const message = `Stock changed since you opened this product: now ${stock}, so it cannot go down by ${-change}. Check the stock and save again.`;
        return json(409, { error: { code: 'CONFLICT', message, details: { stock } } });
      }
      stock += change;
      return json(200, { ...product, stock });
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  return Object.assign(fetch, { sell: (units: number) => void (stock -= units) });
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderList(url = '/vendor/dashboard/products') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <VendorProductList />
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('VendorProductList', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(cleanup);

  it('reads its state from the URL and shows the products with counts', async () => {
    const fetch = fakeApi();
    vi.stubGlobal('fetch', fetch);
    renderList('/vendor/dashboard/products?status=active&sort=price_desc&q=dell');

    expect(await screen.findByRole('link', { name: 'Dell P2723QE' })).toBeTruthy();
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/vendor/products?q=dell&status=active&sort=price_desc&page=1&pageSize=20');
    expect(screen.getByRole('link', { name: 'All (3)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Active (1)' }).getAttribute('aria-current')).toBe('page');
    // No product is hidden: no Hidden tab to wonder about.
    expect(screen.queryByRole('link', { name: /^Hidden by admin/ })).toBeNull();
    expect((screen.getByLabelText('Search your products') as HTMLInputElement).value).toBe('dell');
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('price_desc');
    expect(screen.getByText('₹42,999')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'stock_asc' } });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('?status=active&sort=stock_asc&q=dell'));
  });

  it('saves stock in place and says so', async () => {
    const fetch = fakeApi();
    vi.stubGlobal('fetch', fetch);
    renderList();

    const stock = (await screen.findByLabelText('Stock for Dell P2723QE')) as HTMLInputElement;
    expect(stock.value).toBe('3');
    fireEvent.change(stock, { target: { value: '14' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save stock for Dell P2723QE' }));

    expect(await screen.findByText('Saved')).toBeTruthy();
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ stock: 14, stockWas: 3 });
    expect((screen.getByLabelText('Stock for Dell P2723QE') as HTMLInputElement).value).toBe('14');
  });

  it('keeps units sold since the list was shown, and starts again from the stock now when too few are left', async () => {
    const fetch = fakeApi();
    vi.stubGlobal('fetch', fetch);
    renderList();
    const box = () => screen.getByLabelText('Stock for Dell P2723QE') as HTMLInputElement;
    const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save stock for Dell P2723QE' }));

    await screen.findByLabelText('Stock for Dell P2723QE');
    fetch.sell(1);
    fireEvent.change(box(), { target: { value: '5' } });
    save();
    expect(await screen.findByText('Saved: 4 after orders placed meanwhile')).toBeTruthy();
    await waitFor(() => expect(box().value).toBe('4'));

    fetch.sell(3);
    fireEvent.change(box(), { target: { value: '0' } });
    save();
    expect(
      await screen.findByText(
        'Stock changed since you opened this product: now 1, so it cannot go down by 4. Check the stock and save again.',
      ),
    ).toBeTruthy();
    expect(box().value).toBe('1');
    fireEvent.change(box(), { target: { value: '0' } });
    save();
    expect(await screen.findByText('Saved')).toBeTruthy();
    const patches = fetch.mock.calls
      .filter(([, init]) => init?.method === 'PATCH')
      .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
    expect(patches).toEqual([
      { stock: 5, stockWas: 3 },
      { stock: 0, stockWas: 4 },
      { stock: 0, stockWas: 1 },
    ]);
  });

  it('shows a product an admin hid as "Hidden by admin" with the reason, counted under its own tab, not "Active", and sends the seller’s reply from the row', async () => {
    const hidden: VendorProduct = { ...product, hiddenReason: 'The photo shows another model' };
    const replied: VendorProduct = {
      ...hidden,
      moderationReplies: [
        {
          id: 1,
          message: 'Replaced the photo',
          asksReview: true,
          hiddenReason: hidden.hiddenReason!,
          createdAt: '2025-01-11T10:00:00.000Z',
        },
      ],
    };
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/vendor/products?'))
        return json(200, {
          items: [fetch.mock.calls.some(([, i]) => i?.method === 'POST') ? replied : hidden],
          total: 1,
          page: 1,
          pageSize: 20,
          counts: { draft: 0, active: 0, archived: 0, hidden: 1 },
        });
      if (url === '/api/vendor/products/5/moderation-reply' && init?.method === 'POST') return json(201, replied);
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    });
    vi.stubGlobal('fetch', fetch);
    renderList();

    const table = await screen.findByRole('table', { name: 'Your products' });
    const row = within(table).getByText('Hidden by admin').closest('tr')!;
    expect(row.textContent).toContain('The photo shows another model');
    expect(row.textContent).not.toContain('Active');
    expect(screen.getByRole('link', { name: 'All (1)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Active (0)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Hidden by admin (1)' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('?status=hidden'));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).includes('status=hidden'))).toBe(true));
    expect(screen.getByRole('link', { name: 'Hidden by admin (1)' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(row.querySelector('summary')!);
    fireEvent.change(screen.getByLabelText('Your reply to our team'), { target: { value: 'Replaced the photo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(screen.getByText('Reply sent. Our team will review the product and restore it if it is fixed.')).toBeTruthy(),
    );
    const post = fetch.mock.calls.find(([, i]) => i?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ message: 'Replaced the photo', asksReview: true });
    await waitFor(() => expect(screen.getByText('You replied once; a review is requested')).toBeTruthy());
  });

  it('shows a published listing the marketplace has not approved as "Awaiting approval" or "Not approved", never "Active"', async () => {
    const pending: VendorProduct = { ...product, review: { status: 'pending', reason: null } };
    const rejected: VendorProduct = {
      ...product,
      id: 6,
      name: 'Dell S2421H',
      review: { status: 'rejected', reason: 'Photo of another model' },
    };
    const draft: VendorProduct = { ...product, id: 7, name: 'Dell E2222H', status: 'draft', review: { status: 'pending', reason: null } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(200, {
          items: [pending, rejected, draft],
          total: 3,
          page: 1,
          pageSize: 20,
          counts: { draft: 1, active: 2, archived: 0, hidden: 0 },
        }),
      ),
    );
    renderList();

    const rowOf = async (name: string) => (await screen.findByRole('link', { name })).closest('tr') as HTMLElement;
    const statusOf = (row: HTMLElement) => row.querySelectorAll('td')[2]?.textContent;
    expect(statusOf(await rowOf('Dell P2723QE'))).toBe('Awaiting approval');
    expect(statusOf(await rowOf('Dell S2421H'))).toBe('Not approved');
    expect(statusOf(await rowOf('Dell E2222H'))).toBe('DraftNeeds approval once published');
  });
});
