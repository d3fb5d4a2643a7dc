import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Address } from '#shared/schemas/account.ts';
import type { CartQuote } from '#shared/schemas/cart.ts';
import { LINES, OPTIONS, orderOf, paidOnDelivery, quoteFor, DELIVERY } from '#web/testing/checkout-fixtures.ts';
import { fakeFetch, json, renderWithProviders } from '#web/testing/fake-api.tsx';
import { MemberCheckout } from './member-checkout.tsx';

const ADDRESS: Address = {
  id: 5,
  ...DELIVERY,
  isDefault: true,
};

function quote(couponCode: string | undefined, usedUp: boolean): CartQuote {
  if (couponCode === undefined || couponCode === 'DIWALI10')
    return usedUp && couponCode ? { ...quoteFor(undefined), couponError: 'DIWALI10 has been fully redeemed' } : quoteFor(couponCode);
  return { ...quoteFor(undefined), couponError: `${couponCode} expired on 31 Oct 2026` };
}

/** The checkout API; `refuse` makes the first order with a coupon a 409, as when its last use went meanwhile. */
function api({ refuse = false } = {}) {
  const orders: Array<Record<string, unknown>> = [];
  let usedUp = false;
  const fetch = fakeFetch((url, init) => {
    if (url === '/api/checkout/options') return json(200, OPTIONS);
    if (url === '/api/cart/quote') return json(200, quote((JSON.parse(String(init?.body)) as { couponCode?: string }).couponCode, usedUp));
    if (url === '/api/checkout/cash-on-delivery') return json(200, { available: true, reason: null, max: 5_000_000 });
    if (url === '/api/checkout/orders') {
      const body = JSON.parse(String(init?.body)) as { couponCode?: string };
      orders.push(body);
      if (refuse && body.couponCode) {
        usedUp = true;
        return json(409, { error: { code: 'CONFLICT', message: 'DIWALI10 has been fully redeemed', details: { field: 'couponCode' } } });
      }
      return json(201, orderOf(body.couponCode));
    }
    if (url === '/api/orders/42/payments') return json(201, paidOnDelivery(orderOf(orders.at(-1)?.couponCode as string | undefined).total));
    return undefined;
  });
  vi.stubGlobal('fetch', fetch);
  return orders;
}

function renderCheckout() {
  const onPaid = vi.fn();
  renderWithProviders(
    <MemberCheckout lines={LINES} addresses={[ADDRESS]} renderAddressForm={() => null} onPaid={onPaid} onBank={vi.fn()} />,
    '/checkout',
  );
  return onPaid;
}

const summary = () => screen.getByRole('complementary', { name: 'Order summary' });
const total = () => within(summary()).getByTestId('checkout-total').textContent;

async function toPayment() {
  fireEvent.click(screen.getByRole('button', { name: 'Deliver here' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Continue to payment' }));
  fireEvent.click(await screen.findByLabelText('Cash on Delivery'));
}

describe('Checkout with a coupon from the cart', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    window.sessionStorage.clear();
    window.sessionStorage.setItem('cb.coupon', 'DIWALI10');
  });
  afterEach(cleanup);

  it('shows the discount in the summary and sends the code with the order', async () => {
    const orders = api();
    const onPaid = renderCheckout();
    await waitFor(() => expect(total()).toBe('₹70,500'));
    expect(within(summary()).getByText('DIWALI10', { selector: 'dt span' }).closest('div')?.textContent).toBe('Coupon DIWALI10−₹1,500');

    await toPayment();
    fireEvent.click(await screen.findByRole('button', { name: 'Place order · pay ₹70,500 on delivery' }));

    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(42));
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ addressId: 5, items: LINES, couponCode: 'DIWALI10' });
    // The order holds the coupon now: the visit forgets it.
    expect(window.sessionStorage.getItem('cb.coupon')).toBeNull();
  });

  it('shows an order refused for its coupon in the summary, with the focus; removed, the order goes without it', async () => {
    const orders = api({ refuse: true });
    const onPaid = renderCheckout();
    await waitFor(() => expect(total()).toBe('₹70,500'));
    await toPayment();
    fireEvent.click(await screen.findByRole('button', { name: 'Place order · pay ₹70,500 on delivery' }));

    const refusal = await within(summary()).findByRole('alert');
    expect(refusal.textContent).toContain('DIWALI10 has been fully redeemed');
    expect(refusal.textContent).toContain('Your order was not placed and nothing was charged.');
    await waitFor(() => expect(document.activeElement).toBe(refusal));
    expect(onPaid).not.toHaveBeenCalled();

    fireEvent.click(within(summary()).getByRole('button', { name: 'Remove coupon DIWALI10' }));
    await waitFor(() => expect(total()).toBe('₹72,000'));
    expect(within(summary()).queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(within(summary()).getByRole('heading', { name: 'Order summary' }));
    expect(within(summary()).getByText('Coupon DIWALI10 removed. The total is updated.')).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Place order · pay ₹72,000 on delivery' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(42));
    expect(orders).toHaveLength(2);
    expect(orders[0]).toMatchObject({ couponCode: 'DIWALI10' });
    expect(orders[1]).not.toHaveProperty('couponCode');
  });

  it('says before paying when the code no longer applies, and orders without it', async () => {
    const orders = api();
    window.sessionStorage.setItem('cb.coupon', 'EXPIRED1');
    const onPaid = renderCheckout();
    await waitFor(() => expect(within(summary()).getByRole('alert').textContent).toContain('EXPIRED1 expired on 31 Oct 2026'));
    expect(within(summary()).getByRole('alert').textContent).toContain('Your order will be placed without it.');
    expect(total()).toBe('₹72,000');

    await toPayment();
    fireEvent.click(await screen.findByRole('button', { name: 'Place order · pay ₹72,000 on delivery' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(42));
    expect(orders[0]).not.toHaveProperty('couponCode');
  });
});

describe('Checkout with a bank offer on the card', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    window.sessionStorage.clear();
  });
  afterEach(cleanup);

  it('shows the offer as its own line in the summary, whose total is the Pay button’s', async () => {
    api();
    renderCheckout();
    await waitFor(() => expect(total()).toBe('₹72,000'));
    fireEvent.click(screen.getByRole('button', { name: 'Deliver here' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    fireEvent.click(await screen.findByLabelText('Credit / Debit card'));
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4854 9800 0000 0002' } });

    expect(await screen.findByRole('button', { name: 'Pay ₹70,500' })).toBeTruthy();
    await waitFor(() => expect(total()).toBe('₹70,500'));
    const line = within(summary()).getByText('Bank offer').closest('div');
    expect(line?.textContent).toContain('−₹1,500');
    expect(line?.textContent).toContain('HDFC Bank credit cards');
    expect(within(summary()).getByText('To pay')).toBeTruthy();

    // Another card without an offer: the line goes, the totals agree again.
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4111 1111 1111 1111' } });
    expect(await screen.findByRole('button', { name: 'Pay ₹72,000' })).toBeTruthy();
    await waitFor(() => expect(total()).toBe('₹72,000'));
    expect(within(summary()).queryByText('Bank offer')).toBeNull();
  });
});
