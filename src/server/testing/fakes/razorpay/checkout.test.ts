// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeRazorpay, type FakeRazorpay } from './fake-razorpay.ts';

interface CheckoutInstance {
  open(): void;
  on(event: 'payment.failed', callback: (response: unknown) => void): void;
}
type CheckoutConstructor = new (options: Record<string, unknown>) => CheckoutInstance;

let fake: FakeRazorpay;
let Checkout: CheckoutConstructor;

async function createOrder(amount: number): Promise<string> {
  const response = await fetch(`${fake.url}/v1/orders`, {
    method: 'POST',
    headers: { authorization: `Basic ${btoa(`${fake.keyId}:${fake.keySecret}`)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ amount, currency: 'INR' }),
  });
  return ((await response.json()) as { id: string }).id;
}

beforeEach(async () => {
  fake = await startFakeRazorpay();
  // The script is fetched as a browser would, then run; without document.currentScript it reads the fake's URL from the window.
  const source = await (await fetch(`${fake.url}/v1/checkout.js`)).text();
  expect(source).toBe(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'checkout.js'), 'utf8'));
  Object.assign(window, { FAKE_RAZORPAY_URL: fake.url });
  new Function(source)();
  Checkout = (window as unknown as { Razorpay: CheckoutConstructor }).Razorpay;
});

afterEach(async () => {
  document.body.textContent = '';
  await fake.close();
});

describe('the fake Standard Checkout', () => {
  it('opens a labelled modal dialog with the amount in rupees and moves focus into it', async () => {
    const orderId = await createOrder(129_999_00);
    new Checkout({
      key: fake.keyId,
      order_id: orderId,
      amount: 129_999_00,
      currency: 'INR',
      name: 'Circuit Bazaar',
      handler: vi.fn(),
    }).open();
    const dialog = screen.getByRole('dialog', { name: 'Razorpay test checkout' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('₹1,29,999.00');
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.textContent),
    ).toEqual(['UPI', 'Card', 'Netbanking', 'EMI']);
    expect(dialog.contains(document.activeElement)).toBe(true);
    // jsdom has no media queries: the narrow-screen UPI intent button shows.
    expect(within(dialog).getByRole('button', { name: 'Open UPI app' })).toBeTruthy();
  });

  it('pays and calls the handler with a payload the SDK verifies', async () => {
    const orderId = await createOrder(50_000);
    const handler = vi.fn();
    new Checkout({ key: fake.keyId, order_id: orderId, amount: 50_000, handler }).open();
    fireEvent.click(screen.getByRole('radio', { name: 'Card' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(handler).toHaveBeenCalledTimes(1));
    const [payload] = handler.mock.calls[0] as [{ razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }];
    expect(payload.razorpay_order_id).toBe(orderId);
    expect(
      validatePaymentVerification(
        { order_id: orderId, payment_id: payload.razorpay_payment_id },
        payload.razorpay_signature,
        fake.keySecret,
      ),
    ).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.requests.at(-1)).toMatchObject({ path: '/_fake/checkout/pay', body: { method: 'card', order_id: orderId } });
  });

  it('reports a failed payment to payment.failed and keeps the dialog open for another try', async () => {
    const orderId = await createOrder(50_000);
    const failed = vi.fn();
    const checkout = new Checkout({ key: fake.keyId, order_id: orderId, amount: 50_000, handler: vi.fn() });
    checkout.on('payment.failed', failed);
    checkout.open();
    fireEvent.click(screen.getByRole('button', { name: 'Fail payment' }));
    await waitFor(() => expect(failed).toHaveBeenCalledTimes(1));
    expect(failed.mock.calls[0]?.[0]).toMatchObject({
      error: {
        code: 'BAD_REQUEST_ERROR',
        source: 'customer',
        metadata: { order_id: orderId, payment_id: expect.stringMatching(/^pay_/) as unknown },
      },
    });
    expect(screen.getByRole('alert').textContent).toMatch(/declined/);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('dismisses on Escape and on Cancel, calling modal.ondismiss', async () => {
    const orderId = await createOrder(50_000);
    const ondismiss = vi.fn();
    new Checkout({ key: fake.keyId, order_id: orderId, amount: 50_000, modal: { ondismiss } }).open();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(ondismiss).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    new Checkout({ key: fake.keyId, order_id: orderId, amount: 50_000, modal: { ondismiss } }).open();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(ondismiss).toHaveBeenCalledTimes(2);
    expect(fake.requests.filter((r) => r.path === '/_fake/checkout/pay')).toEqual([]);
  });
});

describe('the fake Standard Checkout without an amount', () => {
  it("shows the order's amount, as Razorpay takes it from the order", async () => {
    const orderId = await createOrder(2_499_00);
    new Checkout({ key: fake.keyId, order_id: orderId, handler: vi.fn() }).open();
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain('₹2,499.00'));
  });
});
