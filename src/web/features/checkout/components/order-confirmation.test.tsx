import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '#shared/schemas/orders.ts';
import { orderOf } from '#web/testing/checkout-fixtures.ts';
import { fakeFetch, json, renderWithProviders } from '#web/testing/fake-api.tsx';
import { GuestOrderConfirmation } from './guest-order-confirmation.tsx';
import { OrderConfirmation } from './order-confirmation.tsx';

/** Order CB00000042 with DIWALI10, confirmed. */
const order: Order = {
  ...orderOf('DIWALI10'),
  status: 'confirmed',
  displayStatus: 'Confirmed',
  canPay: false,
  payBy: null,
};

describe('OrderConfirmation', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(cleanup);

  it('shows the coupon’s discount with its code above the total paid', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch((url) => (url === '/api/orders/42' ? json(200, order) : undefined)),
    );
    renderWithProviders(<OrderConfirmation orderId={42} />);

    await waitFor(() => expect(screen.getByTestId('order-total').textContent).toBe('₹70,500'));
    const line = screen.getByText('DIWALI10').closest('div');
    expect(line?.querySelector('dt')?.textContent).toBe('Coupon DIWALI10');
    expect(line?.querySelector('dd')?.textContent).toBe('−₹1,500');
    expect(screen.getByText('Subtotal (1 item)').nextElementSibling?.textContent).toBe('₹72,000');
  });
});

const HDFC_OFFER = {
  id: 'hdfc-credit-10',
  title: '10% instant discount on HDFC Bank credit cards, up to ₹1,500 on orders of ₹20,000 or more',
  discount: 150_000,
};
const paidWithOffer: Order = {
  ...order,
  coupon: null,
  discount: 0,
  items: [{ ...order.items[0]!, discount: 0 }],
  total: 7_200_000,
  payments: [
    {
      id: 9,
      orderId: 42,
      method: 'card',
      amount: 7_050_000,
      status: 'captured',
      reference: 'pay_9',
      details: { network: 'Visa', last4: '0002', offer: HDFC_OFFER },
      failureReason: null,
      refundedAmount: 0,
      createdAt: '2026-11-22T10:16:00.000Z',
      abandoned: false,
    },
  ],
};

describe('OrderConfirmation with a bank offer', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(cleanup);

  it('shows the offer as a line, delivery too, so the lines add up to the total paid', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch((url) => (url === '/api/orders/42' ? json(200, paidWithOffer) : undefined)),
    );
    renderWithProviders(<OrderConfirmation orderId={42} />);
    await waitFor(() => expect(screen.getByTestId('order-total').textContent).toBe('₹70,500'));
    expect(screen.getByText('Subtotal (1 item)').nextElementSibling?.textContent).toBe('₹72,000');
    expect(screen.getByText('Delivery').nextElementSibling?.textContent).toBe('Free');
    expect(screen.getByText('Bank offer').closest('div')?.querySelector('dd')?.textContent).toBe('−₹1,500');
    expect(screen.getByText('Total paid')).toBeTruthy();
  });
});

describe('GuestOrderConfirmation', () => {
  afterEach(cleanup);

  beforeEach(() => vi.unstubAllGlobals());

  it('shows the items, the total’s lines, the delivery address and when it is expected, as a member’s does', async () => {
    const place = { pincode: '682031', city: 'Kochi', district: 'Ernakulam', state: 'Kerala', deliverable: true, metro: null };
    const option = { offerId: 70, deliverable: true, reason: null, deliverBy: '2026-11-26', cod: true, codReason: null };
    vi.stubGlobal(
      'fetch',
      fakeFetch((url) =>
        url.startsWith('/api/products/7/delivery') && url.includes('pincode=682031')
          ? json(200, { place, options: [{ ...option, offerId: 71, deliverBy: '2026-11-24' }, option] })
          : undefined,
      ),
    );
    renderWithProviders(<GuestOrderConfirmation order={paidWithOffer} email="asha@example.in" />);
    expect(await screen.findByText('Expected by Thu, 26 Nov')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Items' })).toBeTruthy();
    expect(screen.getByText('Dell XPS 13')).toBeTruthy();
    expect(screen.getByTestId('order-total').textContent).toBe('₹70,500');
    expect(screen.getByText('Bank offer').closest('div')?.querySelector('dd')?.textContent).toBe('−₹1,500');
    expect(screen.getByRole('heading', { name: 'Delivering to' })).toBeTruthy();
    expect(screen.getByText(/12\/345 Marine Drive/).textContent).toContain('Kochi, Kerala 682031');
  });
});
