import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, json, renderWithProviders } from '#web/testing/fake-api.tsx';
import { ProductListing } from './product-listing.tsx';

/**
 * The listing API as the panel sees it: HP has laptops, Dell none (it is not among the brands the
 * answer counts); every request's query string, in order.
 */
function listingApi() {
  const asked: URLSearchParams[] = [];
  const fetch = fakeFetch((url) => {
    if (!url.startsWith('/api/products')) return undefined;
    asked.push(new URL(url, 'http://localhost').searchParams);
    return json(200, {
      items: [],
      total: 0,
      page: 1,
      pageSize: 24,
      facets: [
        { key: 'brand', label: 'Brand', values: [{ value: 'HP', label: 'HP', count: 3 }] },
        { key: 'ram', label: 'RAM', values: [{ value: '16', label: '16 GB', count: 2 }] },
      ],
    });
  });
  return { fetch, asked, last: () => asked.at(-1) as URLSearchParams };
}

const chip = (name: string) => screen.queryByRole('button', { name: `Remove filter: ${name}` });
const box = (name: RegExp) => screen.queryByRole<HTMLInputElement>('checkbox', { name });

describe('the chosen filters', () => {
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

  it('are chips above the results, each removing just its filter, and "Clear all" removes them all', async () => {
    renderWithProviders(
      <ProductListing title="Laptops" category="Laptop" />,
      '/category/Laptop?brand=Dell&brand=HP&ram=16&minPrice=5000000&maxPrice=8000000&inStock=true',
    );
    await screen.findByText('No products match');
    const chips = screen.getByRole('list', { name: 'Chosen filters' });
    expect([...chips.querySelectorAll('button')].map((button) => button.getAttribute('aria-label'))).toEqual([
      'Remove filter: Dell',
      'Remove filter: HP',
      'Remove filter: ₹50,000–80,000',
      'Remove filter: 16 GB RAM',
      'Remove filter: In stock',
    ]);
    // The category page's own category is not a chip.
    expect(chip('Laptops')).toBeNull();

    fireEvent.click(chip('Dell') as HTMLElement);
    await waitFor(() => expect(api.last().getAll('brand')).toEqual(['HP']));
    expect(api.last().get('ram')).toBe('16');
    expect(api.last().get('minPrice')).toBe('5000000');
    expect(chip('Dell')).toBeNull();
    // Focus goes to the chip that took its place.
    await waitFor(() => expect(document.activeElement).toBe(chip('HP')));

    fireEvent.click(chip('₹50,000–80,000') as HTMLElement);
    await waitFor(() => expect(api.last().has('minPrice')).toBe(false));
    expect(api.last().has('maxPrice')).toBe(false);
    expect(api.last().getAll('brand')).toEqual(['HP']);

    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect([...api.last().keys()].sort()).toEqual(['category', 'page', 'pageSize', 'sort']));
    expect(screen.queryByRole('list', { name: 'Chosen filters' })).toBeNull();
  });

  it('keep a ticked brand in the panel when nothing matches it, with a count of 0, and untick it there', async () => {
    renderWithProviders(<ProductListing title="Laptops" category="Laptop" />, '/category/Laptop?brand=Dell');
    await screen.findByText('No products match');
    const dell = box(/^Dell/) as HTMLInputElement;
    expect(dell.checked).toBe(true);
    expect(dell.labels?.[0]?.textContent).toBe('Dell0');
    expect(box(/^HP/)?.checked).toBe(false);

    fireEvent.click(dell);
    await waitFor(() => expect(api.last().has('brand')).toBe(false));
    // Unticked and with nothing counted, it is no longer offered.
    await waitFor(() => expect(box(/^Dell/)).toBeNull());
    expect(chip('Dell')).toBeNull();
  });

  it('refuse a typed minimum above the maximum next to the fields, without asking for it', async () => {
    renderWithProviders(<ProductListing title="Laptops" category="Laptop" />, '/category/Laptop');
    await screen.findByText('No products match');
    const requests = api.asked.length;
    fireEvent.change(screen.getByLabelText('Min (₹)'), { target: { value: '50,000' } });
    fireEvent.change(screen.getByLabelText('Max (₹)'), { target: { value: '30000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('The minimum is above the maximum.')).toBeTruthy();
    expect(screen.getByLabelText('Min (₹)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Min (₹)').getAttribute('aria-describedby')).toBeTruthy();
    expect(api.asked.length).toBe(requests);

    fireEvent.change(screen.getByLabelText('Max (₹)'), { target: { value: '80000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(api.last().get('minPrice')).toBe('5000000'));
    expect(api.last().get('maxPrice')).toBe('8000000');
    expect(screen.queryByText(/The minimum is above the maximum/)).toBeNull();
    // The range is one of the presets: pressed, and pressed again it goes.
    const preset = screen.getByRole('button', { name: '₹50,000–80,000' });
    expect(preset.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(preset);
    // (Any price is the listing first shown, answered from the cache.)
    await waitFor(() => expect(screen.getByRole('button', { name: '₹50,000–80,000' }).getAttribute('aria-pressed')).toBe('false'));
    expect(chip('₹50,000–80,000')).toBeNull();
    expect((screen.getByLabelText('Min (₹)') as HTMLInputElement).value).toBe('');
  });

  it('show the products without a reversed range typed into the address, and say why', async () => {
    renderWithProviders(
      <ProductListing title="Laptops" category="Laptop" />,
      '/category/Laptop?minPrice=5000000&maxPrice=3000000&brand=HP',
    );
    expect(await screen.findByText('The minimum is above the maximum, so this price range is not applied.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.last().has('minPrice')).toBe(false);
    expect(api.last().getAll('brand')).toEqual(['HP']);
    expect((screen.getByLabelText('Min (₹)') as HTMLInputElement).value).toBe('50000');
    fireEvent.click(chip('₹50,000 – ₹30,000 (ignored)') as HTMLElement);
    await waitFor(() => expect(screen.queryByText(/The minimum is above the maximum/)).toBeNull());
  });

  it('set the price from a preset of the listing’s category', async () => {
    renderWithProviders(<ProductListing title="Monitors" category="Monitor" />, '/category/Monitor');
    await screen.findByText('No products match');
    fireEvent.click(screen.getByRole('button', { name: 'Under ₹10,000' }));
    await waitFor(() => expect(api.last().get('maxPrice')).toBe('1000000'));
    expect(api.last().has('minPrice')).toBe(false);
    expect(chip('Under ₹10,000')).toBeTruthy();
  });
});
