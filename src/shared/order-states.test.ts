import { describe, expect, it } from 'vitest';
import { canCustomerCancel, canRequestReturn, canTransitionFulfilment, canTransitionOrder, displayStatus } from './order-states.ts';

describe('order state machine', () => {
  it('allows only the lifecycle transitions', () => {
    expect(canTransitionOrder('pending_payment', 'confirmed')).toBe(true);
    expect(canTransitionOrder('pending_payment', 'cancelled')).toBe(true);
    expect(canTransitionOrder('cancelled', 'confirmed')).toBe(false);
    expect(canTransitionOrder('confirmed', 'refunded')).toBe(false);
    expect(canTransitionOrder('returned', 'refunded')).toBe(true);
    expect(canTransitionFulfilment('pending', 'shipped')).toBe(false);
    expect(canTransitionFulfilment('packed', 'shipped')).toBe(true);
    expect(canTransitionFulfilment('shipped', 'cancelled')).toBe(false);
  });

  it('lets the customer cancel until something ships', () => {
    expect(canCustomerCancel('pending_payment', [])).toBe(true);
    expect(canCustomerCancel('confirmed', ['pending', 'packed'])).toBe(true);
    expect(canCustomerCancel('confirmed', ['packed', 'shipped'])).toBe(false);
    expect(canCustomerCancel('cancelled', ['pending'])).toBe(false);
  });

  it('allows a return within 10 days of the last delivery', () => {
    const delivered = [{ status: 'delivered' as const, deliveredAt: '2026-11-01T10:00:00.000Z' }];
    expect(canRequestReturn('confirmed', delivered, new Date('2026-11-11T09:00:00.000Z'))).toBe(true);
    expect(canRequestReturn('confirmed', delivered, new Date('2026-11-11T11:00:00.000Z'))).toBe(false);
    expect(canRequestReturn('confirmed', [...delivered, { status: 'shipped', deliveredAt: null }], new Date('2026-11-02'))).toBe(false);
  });

  it('derives what the shopper sees from the fulfilments', () => {
    expect(displayStatus('pending_payment', ['pending'])).toBe('Awaiting payment');
    expect(displayStatus('confirmed', ['pending', 'packed'])).toBe('Confirmed');
    expect(displayStatus('confirmed', ['shipped', 'packed'])).toBe('Partially shipped');
    expect(displayStatus('confirmed', ['shipped', 'shipped'])).toBe('Shipped');
    expect(displayStatus('confirmed', ['delivered', 'shipped'])).toBe('Partially delivered');
    expect(displayStatus('confirmed', ['delivered', 'cancelled'])).toBe('Delivered');
  });
});
