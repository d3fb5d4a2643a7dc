import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '#shared/schemas/catalog.ts';
import { VendorOfferForm } from './vendor-offer-form.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const listed: Product = {
  id: 12,
  vendor: { id: 3, name: 'Nehru Place Computers', slug: 'nehru-place-computers' },
  name: 'Lenovo ThinkPad E14 Gen 6',
  slug: 'lenovo-thinkpad-e14-gen-6',
  brand: 'Lenovo',
  category: 'Monitor',
  description: '',
  price: 6_499_000,
  mrp: 7_999_000,
  stock: 6,
  images: ['/catalog/e14.webp'],
  specs: { sizeIn: 27, resolution: '3840x2160', panel: 'IPS', refreshRateHz: 60, responseTimeMs: 5, ports: ['HDMI'] },
  status: 'active',
  featured: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  offerId: 40,
  sellerCount: 1,
  offers: [],
  rating: null,
};

/** The catalogue search and POST /api/vendor/offers, which answers the seller's new listing. */
function fakeApi() {
  return vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/search?')) return json(200, { items: [listed], total: 1, page: 1, pageSize: 8, facets: [] });
    if (url === '/api/vendor/offers' && init?.method === 'POST')
      return json(400, { error: { code: 'VALIDATION_FAILED', message: 'You already sell this product' } });
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
}

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/vendor/dashboard/products/sell']}>
        <Routes>
          <Route path="/vendor/dashboard/products/sell" element={<VendorOfferForm shopApproved />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('VendorOfferForm', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('finds the product, checks the offer field by field, then sends it in paise and shows the server’s refusal', async () => {
    const fetch = fakeApi();
    vi.stubGlobal('fetch', fetch);
    renderForm();

    fireEvent.change(screen.getByLabelText('Model name, part number or EAN'), { target: { value: 'E14' } });
    fireEvent.click(await screen.findByRole('radio', { name: /Lenovo ThinkPad E14 Gen 6/ }));
    const heading = await screen.findByRole('heading', { name: /Your offer for Lenovo ThinkPad E14 Gen 6/ });
    await waitFor(() => expect(document.activeElement).toBe(heading));

    fireEvent.change(screen.getByLabelText('Your price (₹)'), { target: { value: '62,990' } });
    fireEvent.change(screen.getByLabelText('MRP (₹)'), { target: { value: '59,990' } });
    fireEvent.change(screen.getByLabelText('Your SKU (optional)'), { target: { value: '-bad' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start selling' }));

    const mrp = screen.getByLabelText('MRP (₹)');
    await waitFor(() => expect(mrp.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('MRP must be at least the price')).toBeTruthy();
    expect(screen.getByText('Stock must be a whole number, 0 or more')).toBeTruthy();
    expect(screen.getByText('SKU: letters, digits, . _ - (up to 64)')).toBeTruthy();
    expect(document.activeElement).toBe(mrp);
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(mrp, { target: { value: '69,990' } });
    fireEvent.change(screen.getByLabelText('Stock'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Your SKU (optional)'), { target: { value: 'E14-G6' } });
    fireEvent.change(screen.getByLabelText('Dispatch time'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start selling' }));

    expect((await screen.findByRole('alert')).textContent).toBe('You already sell this product');
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      productId: 12,
      price: 6_299_000,
      mrp: 6_999_000,
      stock: 4,
      dispatchDays: 0,
      sku: 'E14-G6',
    });
  });
});
