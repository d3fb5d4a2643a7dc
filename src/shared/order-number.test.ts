import { describe, expect, it } from 'vitest';
import { orderNumber } from './order-number.ts';

describe('orderNumber', () => {
  it('is CB and the id in eight digits', () => {
    expect(orderNumber(42)).toBe('CB00000042');
    expect(orderNumber(12_345_678)).toBe('CB12345678');
  });
});
