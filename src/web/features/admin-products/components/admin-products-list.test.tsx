import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminProduct } from '../api/admin-products.ts';
import AdminProductsList from './admin-products-list.tsx';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const monitor: AdminProduct = {
  id: 5,
  name: 'Dell P2723QE',
  brand: 'Dell',
  category: 'Monitor',
  price: 4_299_900,
  stock: 3,
  status: 'active',
  hiddenReason: null,
  review: 'approved',
  image: '/media/dell.webp',
  vendor: { id: 7, name: 'Kochi Computers', slug: 'kochi-computers' },
  updatedAt: '2025-03-01T10:00:00.000Z',
};

const laptop: AdminProduct = {
  id: 9,
  name: 'Lenovo ThinkPad E14',
  brand: 'Lenovo',
  category: 'Laptop',
  price: 6_499_000,
  stock: 0,
  status: 'active',
  hiddenReason: 'Counterfeit listing reported by buyers',
  review: 'approved',
  image: null,
  vendor: { id: 8, name: 'Pune PC Mart', slug: 'pune-pc-mart' },
  updatedAt: '2025-02-01T10:00:00.000Z',
};

interface FakeApiOptions {
  /** Answer every moderation POST with this error. */
  moderationError?: { status: number; code: string; message: string };
}

function fakeApi({ moderationError }: FakeApiOptions = {}) {
  const hidden = new Map<number, string | null>([
    [monitor.id, monitor.hiddenReason],
    [laptop.id, laptop.hiddenReason],
  ]);
  return vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url.startsWith('/api/admin/products?') && method === 'GET') {
      const onlyHidden = new URL(url, 'http://localhost').searchParams.get('status') === 'hidden';
      const items = [monitor, laptop]
        .map((product) => ({ ...product, hiddenReason: hidden.get(product.id) ?? null }))
        .filter((product) => !onlyHidden || product.hiddenReason !== null);
      return json(200, { items, total: onlyHidden ? items.length : 45, page: 1, pageSize: 20 });
    }
    const match = /^\/api\/admin\/products\/(\d+)\/moderation$/.exec(url);
    if (match && method === 'POST') {
      if (moderationError) return json(moderationError.status, { error: { code: moderationError.code, message: moderationError.message } });
      const id = Number(match[1]);
      const product = [monitor, laptop].find((item) => item.id === id);
      const body = JSON.parse(String(init?.body)) as { action: 'hide' | 'restore'; reason?: string };
      hidden.set(id, body.action === 'hide' ? (body.reason ?? null) : null);
      return json(200, { id, name: product?.name, hiddenReason: hidden.get(id) });
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderList(url = '/admin/products') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <AdminProductsList />
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The polite live region (the test's own <output> also has the status role). */
const announcer = () => screen.getAllByRole('status').find((element) => element.tagName !== 'OUTPUT');

const posts = (fetch: ReturnType<typeof fakeApi>) => fetch.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('AdminProductsList', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('renders a row per product with its links, price, stock, status and hidden reason', async () => {
    const fetch = fakeApi();
    vi.stubGlobal('fetch', fetch);
    renderList();

    expect(screen.getByRole('heading', { level: 1, name: 'Manage Products' })).toBeTruthy();
    const name = await screen.findByRole('link', { name: 'Dell P2723QE' });
    expect(name.getAttribute('href')).toBe('/admin/products/5');
    expect(screen.getByRole('link', { name: 'Kochi Computers' }).getAttribute('href')).toBe('/store/kochi-computers');
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/admin/products?page=1&pageSize=20');

    const row = name.closest('tr');
    expect(row).toBeTruthy();
    const cells = within(row as HTMLElement);
    expect(cells.getByText('₹42,999')).toBeTruthy();
    expect(cells.getByText('Monitor')).toBeTruthy();
    expect(cells.getByText('Active')).toBeTruthy();
    expect(row?.querySelector('img')?.getAttribute('alt')).toBe('');
    expect(cells.getByRole('button', { name: 'Hide… Dell P2723QE' })).toBeTruthy();

    const hiddenRow = screen.getByRole('link', { name: 'Lenovo ThinkPad E14' }).closest('tr') as HTMLElement;
    expect(within(hiddenRow).getByText('Hidden: Counterfeit listing reported by buyers')).toBeTruthy();
    expect(within(hiddenRow).getByRole('button', { name: 'Restore Lenovo ThinkPad E14' })).toBeTruthy();

    expect(screen.getByText('Showing 1–2 of 45 products')).toBeTruthy();
    expect(screen.getByText(/Page 1 of 3/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/admin/products?page=2');
  });

  it('keeps the filters in the URL and asks the API for them', async () => {
    const fetch = fakeApi();
    vi.stubGlobal('fetch', fetch);
    renderList('/admin/products?category=Monitor&page=2');
    await screen.findByRole('link', { name: 'Dell P2723QE' });
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/admin/products?category=Monitor&page=2&pageSize=20');
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('Monitor');

    fireEvent.change(screen.getByLabelText('Stock'), { target: { value: 'low' } });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('?category=Monitor&stock=low'));

    fireEvent.change(screen.getByLabelText('Search by name or brand'), { target: { value: 'dell' } });
    fireEvent.change(screen.getByLabelText('Vendor (store address)'), { target: { value: 'Kochi-Computers' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('?category=Monitor&stock=low&q=dell&vendor=kochi-computers'),
    );
    await waitFor(() =>
      expect(fetch.mock.calls.map(([url]) => String(url))).toContain(
        '/api/admin/products?q=dell&vendor=kochi-computers&category=Monitor&stock=low&page=1&pageSize=20',
      ),
    );
  });

  it('asks for a reason before hiding, and sends nothing without one', async () => {
    const fetch = fakeApi();
    vi.stubGlobal('fetch', fetch);
    renderList();

    const toggle = await screen.findByRole('button', { name: 'Hide… Dell P2723QE' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const form = screen.getByRole('form', { name: 'Hide Dell P2723QE' });
    const reason = within(form).getByLabelText('Reason shown to the vendor');
    expect(document.activeElement).toBe(reason);

    fireEvent.click(within(form).getByRole('button', { name: 'Hide product' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe('Please tell the vendor why, in at least 5 characters');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(reason.getAttribute('aria-describedby')).toContain(alert.id);

    fireEvent.change(reason, { target: { value: '  bad ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Hide product' }));
    expect(await within(form).findByRole('alert')).toBeTruthy();
    expect(posts(fetch)).toHaveLength(0);

    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Hide Dell P2723QE' })).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('hides a product with POST { action: hide, reason } and announces it', async () => {
    const fetch = fakeApi();
    vi.stubGlobal('fetch', fetch);
    renderList();

    fireEvent.click(await screen.findByRole('button', { name: 'Hide… Dell P2723QE' }));
    const form = screen.getByRole('form', { name: 'Hide Dell P2723QE' });
    fireEvent.change(within(form).getByLabelText('Reason shown to the vendor'), { target: { value: 'Wrong resolution in the title' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Hide product' }));

    await waitFor(() => expect(announcer()?.textContent).toBe('Dell P2723QE hidden from the store'));
    const [url, init] = posts(fetch)[0] ?? [];
    expect(url).toBe('/api/admin/products/5/moderation');
    expect(JSON.parse(String(init?.body))).toEqual({ action: 'hide', reason: 'Wrong resolution in the title' });

    const row = screen.getByRole('link', { name: 'Dell P2723QE' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('Hidden: Wrong resolution in the title')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Restore Dell P2723QE' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Dell P2723QE' }));
  });

  it('restores a hidden product with POST { action: restore }', async () => {
    const fetch = fakeApi();
    vi.stubGlobal('fetch', fetch);
    renderList();

    fireEvent.click(await screen.findByRole('button', { name: 'Restore Lenovo ThinkPad E14' }));

    await waitFor(() => expect(announcer()?.textContent).toBe('Lenovo ThinkPad E14 restored to the store'));
    const [url, init] = posts(fetch)[0] ?? [];
    expect(url).toBe('/api/admin/products/9/moderation');
    expect(JSON.parse(String(init?.body))).toEqual({ action: 'restore' });
    expect(screen.queryByText(/^Hidden:/)).toBeNull();
  });

  it('announces a restore even when the row leaves the list of hidden products', async () => {
    const fetch = fakeApi();
    vi.stubGlobal('fetch', fetch);
    renderList('/admin/products?status=hidden');

    fireEvent.click(await screen.findByRole('button', { name: 'Restore Lenovo ThinkPad E14' }));

    await waitFor(() => expect(announcer()?.textContent).toBe('Lenovo ThinkPad E14 restored to the store'));
    expect(screen.queryByRole('link', { name: 'Lenovo ThinkPad E14' })).toBeNull();
    expect(screen.getByText('No products match')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Manage Products' }));
  });

  it('shows the API error message in an alert', async () => {
    const fetch = fakeApi({ moderationError: { status: 404, code: 'NOT_FOUND', message: 'This product no longer exists.' } });
    vi.stubGlobal('fetch', fetch);
    renderList();

    fireEvent.click(await screen.findByRole('button', { name: 'Restore Lenovo ThinkPad E14' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('This product no longer exists.');
    expect(announcer()?.textContent).toBe('');
  });

  it('shows a seller’s published listing awaiting approval as such, not as "Active"', async () => {
    const pending: AdminProduct = { ...monitor, review: 'pending' };
    const rejected: AdminProduct = { ...laptop, hiddenReason: null, review: 'rejected' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { items: [pending, rejected], total: 2, page: 1, pageSize: 20 })),
    );
    renderList();

    const pendingRow = within((await screen.findByRole('link', { name: 'Dell P2723QE' })).closest('tr') as HTMLElement);
    expect(pendingRow.getByText('Awaiting approval')).toBeTruthy();
    expect(pendingRow.queryByText('Active')).toBeNull();
    const rejectedRow = within(screen.getByRole('link', { name: 'Lenovo ThinkPad E14' }).closest('tr') as HTMLElement);
    expect(rejectedRow.getByText('Not approved')).toBeTruthy();
    expect(rejectedRow.queryByText('Active')).toBeNull();
  });
});
