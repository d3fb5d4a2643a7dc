import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, json, renderWithProviders } from '#web/testing/fake-api.tsx';
import { WishlistToggle } from './wishlist-toggle.tsx';

const product = { id: 7, name: 'Lenovo IdeaPad Slim 3' };
const saved = {
  productId: 7,
  name: product.name,
  image: null,
  savedPrice: 5_499_000,
  savedAt: '2026-11-20T05:30:00.000Z',
  product: null,
  priceDrop: 0,
};

describe('WishlistToggle', () => {
  let items: unknown[];
  beforeEach(() => {
    items = [];
    vi.stubGlobal(
      'fetch',
      fakeFetch((url, init) => {
        if (url === '/api/wishlist') return json(200, { items });
        if (url === '/api/wishlist/7' && init?.method === 'PUT') {
          items = [saved];
          return json(200, saved);
        }
        return undefined;
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('has one name, on a card and on the product page (beside the word Wishlist), pressed or not', async () => {
    renderWithProviders(
      <>
        <WishlistToggle product={product} userId="u1" />
        <WishlistToggle product={product} userId="u1" size="md" />
      </>,
    );
    const hearts = screen.getAllByRole('button', { name: `Save ${product.name} to your wishlist` });
    expect(hearts).toHaveLength(2);
    expect(hearts[1]!.textContent).toBe('Wishlist');
    fireEvent.click(hearts[1]!);
    await waitFor(() => expect(hearts.map((heart) => heart.getAttribute('aria-pressed'))).toEqual(['true', 'true']));
    expect(screen.getAllByRole('button', { name: `Save ${product.name} to your wishlist` })).toHaveLength(2);
  });
});
