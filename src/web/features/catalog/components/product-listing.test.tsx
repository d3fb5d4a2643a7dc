import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, json, renderWithProviders } from '#web/testing/fake-api.tsx';
import { productsQuery } from '../api/get-products.ts';
import { listingQueryFromUrl } from '../listing-query.ts';
import { ProductListing } from './product-listing.tsx';

const NOTHING = { items: [], total: 0, page: 1, pageSize: 24, facets: [] };

/** The listing API, answering nothing; the PIN codes each request kept to, in order. */
function listingApi() {
  const asked: Array<string | null> = [];
  const fetch = fakeFetch((url) => {
    if (!url.startsWith('/api/products')) return undefined;
    asked.push(new URL(url, 'http://localhost').searchParams.get('deliverTo'));
    return json(200, NOTHING);
  });
  return { fetch, asked };
}

const deliversTo = (pincode: string) => screen.queryByRole<HTMLInputElement>('checkbox', { name: `Delivers to ${pincode}` });

describe('the listing’s "Delivers to" filter', () => {
  let api: ReturnType<typeof listingApi>;
  beforeEach(() => {
    sessionStorage.clear();
    api = listingApi();
    vi.stubGlobal('fetch', api.fetch);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is not offered before the shopper has checked delivery to a PIN code', async () => {
    renderWithProviders(<ProductListing title="All Products" />, '/products');
    expect(await screen.findByText('No products match')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'In stock only' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /Delivers to/ })).toBeNull();
  });

  it('offers the remembered PIN code, and keeps the listing to it in the URL and the request while ticked', async () => {
    sessionStorage.setItem('cb.pincode', '560103');
    renderWithProviders(<ProductListing title="All Products" />, '/products?brand=Dell');
    const box = await waitFor(() => deliversTo('560103') as HTMLInputElement);
    expect(box.checked).toBe(false);
    expect(api.asked).toEqual([null]);

    fireEvent.click(box);
    await waitFor(() => expect(deliversTo('560103')?.checked).toBe(true));
    await waitFor(() => expect(api.asked.at(-1)).toBe('560103'));
    // A filter like the others: "Clear all" takes it off too.
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(deliversTo('560103')?.checked).toBe(false));
    await waitFor(() => expect(api.asked.at(-1)).toBeNull());
  });

  it('shows a link’s PIN code ticked, whatever the shopper checked before', async () => {
    sessionStorage.setItem('cb.pincode', '560103');
    renderWithProviders(<ProductListing title="Monitors" category="Monitor" />, '/category/Monitor?deliverTo=781001');
    await waitFor(() => expect(deliversTo('781001')?.checked).toBe(true));
    expect(deliversTo('560103')).toBeNull();
    expect(api.asked).toEqual(['781001']);
    fireEvent.click(deliversTo('781001') as HTMLInputElement);
    // Unticked, the remembered one is offered again.
    await waitFor(() => expect(deliversTo('560103')?.checked).toBe(false));
  });

  it('is drawn on the server from the URL alone, and the remembered PIN code appears once the page is hydrated', async () => {
    sessionStorage.setItem('cb.pincode', '560103');
    const page = (client: QueryClient, path: string): ReactNode => (
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <ProductListing title="All Products" />
        </MemoryRouter>
      </QueryClientProvider>
    );
    const withData = (path: string) => {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const query = listingQueryFromUrl(new URL(path, 'http://localhost').searchParams, {});
      client.setQueryData(productsQuery(query).queryKey, NOTHING);
      return client;
    };

    const html = renderToString(page(withData('/products'), '/products'));
    expect(html).toContain('In stock only');
    expect(html).not.toContain('Delivers to');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const root = await act(async () => hydrateRoot(container, page(withData('/products'), '/products')));
    expect(deliversTo('560103')?.checked).toBe(false);
    act(() => root.unmount());
    container.remove();

    // A link that carries the PIN code is drawn with it ticked.
    const linked = renderToString(page(withData('/products?deliverTo=781001'), '/products?deliverTo=781001'));
    expect(linked).toMatch(/<input[^>]*type="checkbox"[^>]*checked=""[^>]*\/><label[^>]*>Delivers to <!-- -->781001<\/label>/);
  });
});
