import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, json, renderWithProviders } from '#web/testing/fake-api.tsx';
import PublicStoreHeader from './public-store.tsx';

describe('PublicStoreHeader', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(cleanup);

  it('shows the shop name, since when it sells here and its product count', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch((url) =>
        url === '/api/stores/nehru-place'
          ? json(200, { name: 'Nehru Place Computers', slug: 'nehru-place', since: '2025-11-15T10:00:00.000Z', productCount: 24 })
          : undefined,
      ),
    );
    renderWithProviders(<PublicStoreHeader slug="nehru-place" />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Nehru Place Computers' })).toBeTruthy();
    expect(screen.getByText(/^Selling on Circuit Bazaar since/).textContent).toBe('Selling on Circuit Bazaar since Nov 2025');
    expect(screen.getByText('24 products')).toBeTruthy();
  });

  it('says "Store not found" for an unknown shop', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch(() => undefined),
    );
    renderWithProviders(<PublicStoreHeader slug="nobody" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Store not found' })).toBeTruthy();
  });
});
