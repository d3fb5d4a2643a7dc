import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rupees } from '#shared/money.ts';
import type { CheckoutOptions } from '#shared/schemas/orders.ts';
import { PaymentForm } from './payment-form.tsx';

const OPTIONS: CheckoutOptions = {
  testMode: true,
  banks: [{ code: 'HDFC', name: 'HDFC Bank' }],
  emi: { minOrder: rupees(3_000), plans: [] },
};

describe('PaymentForm: Cash on Delivery', () => {
  afterEach(cleanup);

  it('places the order to be paid on delivery when the server allows it', () => {
    const onPay = vi.fn();
    render(
      <PaymentForm
        options={OPTIONS}
        total={rupees(42_000)}
        busy={false}
        cod={{ available: true, reason: null, max: rupees(50_000) }}
        onPay={onPay}
      />,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Cash on Delivery' }));
    expect(
      screen.getByText('Pay ₹42,000 in cash or by UPI to the courier when your order arrives. Please keep the exact amount ready.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Place order · pay ₹42,000 on delivery' }));
    expect(onPay).toHaveBeenCalledWith({ method: 'cod' });
  });

  it('says why not beside the option, before it is chosen, and will not submit', () => {
    const onPay = vi.fn();
    const reason =
      'Cash on Delivery is not available for: Asus Zenbook 14 (The seller does not take Cash on Delivery). Please choose another way to pay.';
    render(
      <PaymentForm
        options={OPTIONS}
        total={rupees(30_000)}
        busy={false}
        cod={{ available: false, reason, max: rupees(50_000) }}
        onPay={onPay}
      />,
    );
    const option = screen.getByRole('radio', { name: 'Cash on Delivery' });
    expect(document.getElementById(option.getAttribute('aria-describedby') ?? '')?.textContent).toBe(reason);
    fireEvent.click(option);
    expect(screen.getAllByText(reason)).toHaveLength(1);
    const button = screen.getByRole('button', { name: 'Cash on Delivery is not available' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(onPay).not.toHaveBeenCalled();
  });

  it('says an order over the limit is over it, and never offers to place it to be paid on delivery', () => {
    const reason =
      "Cash on Delivery is not available: this order's ₹52,000 is over the ₹50,000 limit for cash. Please choose another way to pay.";
    render(
      <PaymentForm
        options={OPTIONS}
        total={rupees(52_000)}
        busy={false}
        cod={{ available: false, reason, max: rupees(50_000) }}
        onPay={vi.fn()}
      />,
    );
    expect(screen.getByText(reason)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Cash on Delivery' }));
    expect(screen.queryByRole('button', { name: /Place order/ })).toBeNull();
    expect(screen.queryByText(/you pay the courier on delivery/)).toBeNull();
  });
});

describe('PaymentForm: bank offers', () => {
  afterEach(cleanup);

  it('lists the offers, then takes the matching bank’s discount off what the card pays', () => {
    const onPay = vi.fn();
    render(<PaymentForm options={OPTIONS} total={rupees(72_000)} busy={false} onPay={onPay} />);
    fireEvent.click(screen.getByLabelText('Credit / Debit card'));
    expect(screen.getByText('10% instant discount on HDFC Bank credit cards, up to ₹1,500 on orders of ₹20,000 or more')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4854 9800 0000 0002' } });
    expect(screen.getByText('HDFC Bank offer applied:')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay ₹70,500' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4386 2800 0000 0004' } });
    expect(screen.getByRole('button', { name: 'Pay ₹72,000' })).toBeTruthy();
  });
});

describe('PaymentForm: through Razorpay’s checkout', () => {
  afterEach(cleanup);
  const RAZORPAY: CheckoutOptions = {
    ...OPTIONS,
    testMode: false,
    gateway: { provider: 'razorpay', keyId: 'rzp_live_abc', checkoutScriptUrl: 'https://checkout.razorpay.com/v1/checkout.js' },
  };

  it('asks only for the method, sends nothing else, and says no "Test mode" with live keys', () => {
    const onPay = vi.fn();
    render(<PaymentForm options={RAZORPAY} total={rupees(72_000)} busy={false} onPay={onPay} />);
    expect(screen.queryByText('Test mode')).toBeNull();
    expect(screen.queryByLabelText('UPI ID')).toBeNull();
    fireEvent.click(screen.getByLabelText('Credit / Debit card'));
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.getByText(/Enter your credit or debit card in Razorpay’s secure window/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay ₹72,000' }));
    expect(onPay).toHaveBeenCalledWith({ method: 'card' });
  });

  it('says "Test mode" with Razorpay’s test keys', () => {
    render(<PaymentForm options={{ ...RAZORPAY, testMode: true }} total={rupees(72_000)} busy={false} onPay={vi.fn()} />);
    expect(screen.getByText('Test mode')).toBeTruthy();
  });
});
