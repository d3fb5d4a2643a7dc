import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartQuote } from '#shared/schemas/cart.ts';
import { PRICE, quoteFor } from '#web/testing/checkout-fixtures.ts';
import { fakeFetch, json, renderWithProviders } from '#web/testing/fake-api.tsx';
import { CART_STORAGE_KEY } from '../cart-rules.ts';
import { CartProvider } from './cart-provider.tsx';
import { CartView } from './cart-view.tsx';

/** The checkout fixtures' quote, and an unknown code's refusal as the server words it. */
function quote(couponCode: string | undefined): CartQuote {
  if (couponCode && couponCode !== 'DIWALI10') return { ...quoteFor(undefined), couponError: `Coupon ${couponCode} does not exist` };
  return quoteFor(couponCode);
}

function api() {
  const codes: Array<string | undefined> = [];
  const fetch = fakeFetch((url, init) => {
    if (url !== '/api/cart/quote') return undefined;
    const body = JSON.parse(String(init?.body)) as { couponCode?: string };
    codes.push(body.couponCode);
    return json(200, quote(body.couponCode));
  });
  vi.stubGlobal('fetch', fetch);
  return codes;
}

function renderCart() {
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
}

const summary = () => screen.getByRole('complementary', { name: 'Order summary' });
const total = () => within(summary()).getByText('Total').nextElementSibling?.textContent;

describe('The cart’s coupon box', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(cleanup);

  it('applies a code: the quote is asked again with it, the saving is a line of the totals, and focus goes to it', async () => {
    const codes = api();
    renderCart();
    await waitFor(() => expect(total()).toBe('₹72,000'));

    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: ' diwali10 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(total()).toBe('₹70,500'));
    expect(codes).toEqual([undefined, 'DIWALI10']);
    const line = within(summary()).getByText('DIWALI10', { selector: 'dt span' }).closest('div');
    expect(line?.textContent).toBe('Coupon DIWALI10−₹1,500');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('DIWALI10 applied10% off, up to ₹1,500You save ₹1,500'));
    // Kept for the visit, for checkout.
    expect(window.sessionStorage.getItem('cb.coupon')).toBe('DIWALI10');
    expect(screen.queryByLabelText('Coupon code')).toBeNull();
  });

  it('removes the code: the totals lose the saving, the box comes back with the focus, and it is said', async () => {
    window.sessionStorage.setItem('cb.coupon', 'DIWALI10');
    const codes = api();
    renderCart();
    await waitFor(() => expect(total()).toBe('₹70,500'));

    fireEvent.click(screen.getByRole('button', { name: 'Remove coupon DIWALI10' }));
    await waitFor(() => expect(total()).toBe('₹72,000'));
    expect(codes).toEqual(['DIWALI10', undefined]);
    expect(within(summary()).queryByText('DIWALI10', { selector: 'dt span' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Coupon code'));
    expect(screen.getByText('Coupon DIWALI10 removed.')).toBeTruthy();
    expect(window.sessionStorage.getItem('cb.coupon')).toBeNull();
  });

  it('shows why a code was not applied, on the box, which takes the focus; the code is not kept or shown as applied', async () => {
    api();
    renderCart();
    await waitFor(() => expect(total()).toBe('₹72,000'));

    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: 'NOPE1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));

    const box = screen.getByLabelText('Coupon code');
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'));
    const error = document.getElementById(box.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toBe('Coupon NOPE1234 does not exist');
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(total()).toBe('₹72,000');

    // Refused, the code is not the cart's: nothing to remove, nothing carried to checkout.
    expect(screen.queryByRole('button', { name: /coupon/i })).toBeNull();
    await waitFor(() => expect(window.sessionStorage.getItem('cb.coupon')).toBeNull());
    expect(error?.textContent).toBe('Coupon NOPE1234 does not exist');
    expect((box as HTMLInputElement).value).toBe('NOPE1234');

    // Correcting the code clears the reason; the right code applies.
    fireEvent.change(box, { target: { value: 'DIWALI10' } });
    expect(box.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(total()).toBe('₹70,500'));
  });

  it('asks for a code before applying an empty one', async () => {
    const codes = api();
    renderCart();
    await waitFor(() => expect(total()).toBe('₹72,000'));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('Please enter a coupon code')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Coupon code'));
    expect(codes).toEqual([undefined]);
  });
});
