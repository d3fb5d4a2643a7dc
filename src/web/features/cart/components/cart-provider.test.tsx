import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { allowConsoleError, consoleErrors } from '#shared/testing/console-guard.ts';
import { CART_STORAGE_KEY } from '../cart-rules.ts';
import { useCart } from '../hooks/use-cart.ts';
import { CartProvider } from './cart-provider.tsx';

function Probe() {
  const cart = useCart();
  return (
    <div>
      <p data-testid="count">{cart.itemCount}</p>
      <p data-testid="subtotal">{cart.subtotal}</p>
      <button type="button" onClick={() => cart.addItem({ id: 7, name: 'Dell XPS 13', price: 12_999_900 })}>
        add
      </button>
      <button type="button" onClick={() => cart.setQuantity('7', 0)}>
        zero
      </button>
    </div>
  );
}

describe('CartProvider', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(cleanup);

  it('saves the cart to localStorage under "cart" and restores it', () => {
    const { unmount } = render(
      <CartProvider>
        <Probe />
      </CartProvider>,
    );
    act(() => screen.getByText('add').click());
    act(() => screen.getByText('add').click());
    expect(screen.getByTestId('count').textContent).toBe('2');
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '[]')).toEqual([
      { product: { id: 7, name: 'Dell XPS 13', price: 12_999_900 }, quantity: 2 },
    ]);
    unmount();
    render(
      <CartProvider>
        <Probe />
      </CartProvider>,
    );
    expect(screen.getByTestId('count').textContent).toBe('2');
    expect(screen.getByTestId('subtotal').textContent).toBe('25999800');
    act(() => screen.getByText('zero').click());
    expect(screen.getByTestId('count').textContent).toBe('0');
  });

  it('logs and ignores corrupt saved data, and still works', () => {
    allowConsoleError();
    window.localStorage.setItem(CART_STORAGE_KEY, '{"broken":');
    render(
      <CartProvider>
        <Probe />
      </CartProvider>,
    );
    expect(screen.getByTestId('count').textContent).toBe('0');
    expect(consoleErrors().length).toBe(1);
    act(() => screen.getByText('add').click());
    expect(screen.getByTestId('count').textContent).toBe('1');
  });

  it('refuses to be used outside its provider', () => {
    allowConsoleError();
    expect(() => render(<Probe />)).toThrow('useCart must be used within a CartProvider');
  });
});
