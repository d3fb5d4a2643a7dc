import { describe, expect, it } from 'vitest';
import { formatIndianMobile } from './format-mobile.ts';

describe('formatIndianMobile', () => {
  it('groups a stored +91 number as +91 XXXXX XXXXX', () => {
    expect(formatIndianMobile('+919847011223')).toBe('+91 98470 11223');
    expect(formatIndianMobile('9847011223')).toBe('+91 98470 11223');
  });

  it('leaves anything else as it is', () => {
    expect(formatIndianMobile('12345')).toBe('12345');
  });
});
