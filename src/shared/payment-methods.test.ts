import { describe, expect, it } from 'vitest';
import { detectNetwork, expiryInFuture, luhnValid, VPA } from './payment-methods.ts';

describe('payment method rules', () => {
  it('checks the Luhn digit', () => {
    expect(luhnValid('4111 1111 1111 1111')).toBe(true);
    expect(luhnValid('4000-0000-0000-0002')).toBe(true);
    expect(luhnValid('4111 1111 1111 1112')).toBe(false);
    expect(luhnValid('abcd')).toBe(false);
  });

  it('detects the network', () => {
    expect(detectNetwork('4111111111111111')).toBe('Visa');
    expect(detectNetwork('5555555555554444')).toBe('Mastercard');
    expect(detectNetwork('6521 0000 0000 0000')).toBe('RuPay');
    expect(detectNetwork('378282246310005')).toBe('American Express');
  });

  it('accepts an expiry through the end of its month', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    expect(expiryInFuture(11, 26, now)).toBe(true);
    expect(expiryInFuture(10, 2026, now)).toBe(false);
    expect(expiryInFuture(13, 2030, now)).toBe(false);
  });

  it('validates a UPI id as name@handle', () => {
    expect(VPA.test('success@upi')).toBe(true);
    expect(VPA.test('ravi.kumar-1@okhdfcbank')).toBe(true);
    expect(VPA.test('no-handle')).toBe(false);
    expect(VPA.test('a@1bank')).toBe(false);
  });
});
