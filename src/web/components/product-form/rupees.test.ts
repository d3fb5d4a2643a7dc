import { describe, expect, it } from 'vitest';
import { paiseToRupeeText, parseRupees } from './rupees.ts';

describe('parseRupees', () => {
  it('reads Indian-grouped and decimal amounts as paise', () => {
    expect(parseRupees('64,990')).toBe(6_499_000);
    expect(parseRupees('1,29,999')).toBe(12_999_900);
    expect(parseRupees('64990.50')).toBe(6_499_050);
    expect(parseRupees(' ₹ 499.5 ')).toBe(49_950);
    expect(parseRupees('0.29')).toBe(29);
  });

  it('refuses text that is not an amount', () => {
    for (const text of ['', 'abc', '-10', '10.999', '1e5', '.5']) expect(parseRupees(text)).toBeUndefined();
  });
});

describe('paiseToRupeeText', () => {
  it('shows whole rupees without decimals and paise with two', () => {
    expect(paiseToRupeeText(6_499_000)).toBe('64,990');
    expect(paiseToRupeeText(6_499_050)).toBe('64,990.50');
    expect(paiseToRupeeText(12_999_901)).toBe('1,29,999.01');
  });
});
