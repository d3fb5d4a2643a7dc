import { describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import { checkTypedRange, fieldRupees, pricePresets, priceRangeLabel, priceRangeOf, typedRupees } from './price-ranges.ts';

describe('price presets', () => {
  it('gives laptops the bands their shoppers think in, in paise, open at both ends', () => {
    expect(pricePresets('Laptop')).toEqual([
      { label: 'Under ₹30,000', max: rupees(30_000) },
      { label: '₹30,000–50,000', min: rupees(30_000), max: rupees(50_000) },
      { label: '₹50,000–80,000', min: rupees(50_000), max: rupees(80_000) },
      { label: '₹80,000–1,20,000', min: rupees(80_000), max: rupees(1_20_000) },
      { label: 'Above ₹1,20,000', min: rupees(1_20_000) },
    ]);
  });

  it('gives monitors, desktops and mixed listings bands of their own', () => {
    expect(pricePresets('Monitor').map((preset) => preset.label)).toEqual([
      'Under ₹10,000',
      '₹10,000–20,000',
      '₹20,000–35,000',
      '₹35,000–60,000',
      'Above ₹60,000',
    ]);
    expect(pricePresets('Desktop').map((preset) => preset.label)).toEqual([
      'Under ₹40,000',
      '₹40,000–60,000',
      '₹60,000–1,00,000',
      '₹1,00,000–1,50,000',
      'Above ₹1,50,000',
    ]);
    expect(pricePresets(undefined)[0]).toEqual({ label: 'Under ₹20,000', max: rupees(20_000) });
  });
});

describe('price ranges', () => {
  it('reads the URL’s range and says when it is the wrong way round', () => {
    expect(priceRangeOf(new URLSearchParams('minPrice=3000000&maxPrice=5000000'))).toEqual({
      min: 3_000_000,
      max: 5_000_000,
      reversed: false,
    });
    expect(priceRangeOf(new URLSearchParams('minPrice=5000000&maxPrice=3000000'))).toEqual({
      min: 5_000_000,
      max: 3_000_000,
      reversed: true,
    });
    expect(priceRangeOf(new URLSearchParams('minPrice=abc&maxPrice=-4'))).toEqual({ min: undefined, max: undefined, reversed: false });
  });

  it('names a range by its preset, else by its ends', () => {
    expect(priceRangeLabel({ min: rupees(50_000), max: rupees(80_000) }, 'Laptop')).toBe('₹50,000–80,000');
    expect(priceRangeLabel({ min: rupees(50_000), max: rupees(80_000) }, 'Monitor')).toBe('₹50,000 – ₹80,000');
    expect(priceRangeLabel({ min: rupees(32_000) }, 'Laptop')).toBe('From ₹32,000');
    expect(priceRangeLabel({ max: rupees(45_000) }, undefined)).toBe('Up to ₹45,000');
  });

  it('reads what a shopper types in rupees, and refuses a minimum above the maximum', () => {
    expect(typedRupees('45,000')).toBe(rupees(45_000));
    expect(typedRupees(' ₹ 45000 ')).toBe(rupees(45_000));
    expect(typedRupees('45000.50')).toBe(4_500_050);
    expect(typedRupees('')).toBeUndefined();
    expect(typedRupees('cheap')).toBeUndefined();
    expect(checkTypedRange('50000', '30000')).toEqual({ error: 'The minimum is above the maximum' });
    expect(checkTypedRange('30000', '')).toEqual({ range: { min: rupees(30_000), max: undefined } });
    expect(checkTypedRange('30,000', '30000')).toEqual({ range: { min: rupees(30_000), max: rupees(30_000) } });
    expect(fieldRupees(rupees(45_000))).toBe('45000');
    expect(fieldRupees(4_500_050)).toBe('45000.50');
    expect(fieldRupees(undefined)).toBe('');
  });
});
