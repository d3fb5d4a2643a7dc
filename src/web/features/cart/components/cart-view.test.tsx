import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRICE, quoteFor } from '#web/testing/checkout-fixtures.ts';
import { fakeFetch, json, renderWithProviders } from '#web/testing/fake-api.tsx';
import { CART_STORAGE_KEY } from '../cart-rules.ts';
import { CartProvider } from './cart-provider.tsx';
import { CartView } from './cart-view.tsx';

describe('The cart’s summary', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });
  afterEach(cleanup);

  it('names every way to pay under the checkout button, Cash on Delivery too', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch((url) => (url === '/api/cart/quote' ? json(200, quoteFor(undefined)) : undefined)),
    );
    window.localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([{ product: { id: 7, offerId: 70, name: 'Dell XPS 13', price: PRICE }, quantity: 1 }]),
    );
    renderWithProviders(
      <CartProvider>
        <CartView />
      </CartProvider>,
      '/cart',
    );
    const summary = within(screen.getByRole('complementary', { name: 'Order summary' }));
    await waitFor(() => expect(summary.getByText('Total')).toBeTruthy());
    const footnote = summary.getByText(/^Pay by/).textContent ?? '';
    for (const method of ['UPI', 'Net Banking', 'credit/debit cards', 'EMI', 'Cash on Delivery']) expect(footnote).toContain(method);
  });
});
