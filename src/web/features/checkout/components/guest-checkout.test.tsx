import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LINES, OPTIONS, orderOf, paidOnDelivery, quoteFor } from '#web/testing/checkout-fixtures.ts';
import { fakeFetch, json, renderWithProviders } from '#web/testing/fake-api.tsx';
import { GuestCheckout } from './guest-checkout.tsx';

function api() {
  const sent: Array<{ url: string; body: unknown; headers: Record<string, string> }> = [];
  vi.stubGlobal(
    'fetch',
    fakeFetch((url, init) => {
      if (init?.method === 'POST')
        sent.push({ url, body: JSON.parse(String(init.body ?? 'null')), headers: Object.fromEntries(new Headers(init.headers).entries()) });
      if (url === '/api/guest/checkout/options') return json(200, OPTIONS);
      if (url === '/api/cart/quote') return json(200, quoteFor('DIWALI10'));
      if (url === '/api/guest/checkout/cash-on-delivery') return json(200, { available: true, reason: null, max: 5_000_000 });
      if (url === '/api/guest/checkout/orders') return json(201, { order: orderOf('DIWALI10'), token: 'T'.repeat(43) });
      if (url === '/api/guest/orders/42/payments') return json(200, paidOnDelivery(orderOf('DIWALI10').total));
      return undefined;
    }),
  );
  return sent;
}

describe('Guest checkout', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    window.sessionStorage.clear();
    window.sessionStorage.setItem('cb.coupon', 'DIWALI10');
  });
  afterEach(cleanup);

  it('takes the member’s steps: e-mail, address, the review with the cart’s coupon, then payment with the order’s token', async () => {
    const sent = api();
    const onPaid = vi.fn();
    renderWithProviders(
      <GuestCheckout lines={LINES} signInPath="/login?redirectTo=%2Fcheckout" onPaid={onPaid} onBank={vi.fn()} />,
      '/checkout/guest',
    );

    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'Asha@Example.in' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.change(await screen.findByLabelText('Full name'), { target: { value: 'Asha Menon' } });
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '9847011223' } });
    fireEvent.change(screen.getByLabelText(/Address line 1/), { target: { value: '12/345 Marine Drive' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Kochi' } });
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'Kerala' } });
    fireEvent.change(screen.getByLabelText('PIN code'), { target: { value: '682031' } });
    fireEvent.click(screen.getByRole('button', { name: 'Deliver here' }));

    // The review, with the coupon applied in the cart.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Review items' })));
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(within(summary).getByText('DIWALI10', { selector: 'dt span' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Contact' }).textContent).toContain('asha@example.in');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    fireEvent.click(await screen.findByLabelText('Cash on Delivery'));
    fireEvent.click(await screen.findByRole('button', { name: 'Place order · pay ₹70,500 on delivery' }));

    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(42));
    const placed = sent.find((request) => request.url === '/api/guest/checkout/orders')!;
    expect(placed.body).toMatchObject({
      email: 'asha@example.in',
      items: LINES,
      couponCode: 'DIWALI10',
      address: { name: 'Asha Menon', pincode: '682031', city: 'Kochi', state: 'Kerala' },
    });
    const paid = sent.find((request) => request.url === '/api/guest/orders/42/payments')!;
    expect(paid.headers['x-guest-order-token']).toBe('T'.repeat(43));
    expect(window.sessionStorage.getItem('guest-order-email:42')).toBe('asha@example.in');
  });
});
