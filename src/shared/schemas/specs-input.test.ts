import { describe, expect, it } from 'vitest';
import { SPECS_SCHEMAS, validGtin } from './specs-input.ts';

const LaptopSpecsSchema = SPECS_SCHEMAS.Laptop;

describe('product identifiers', () => {
  it('accepts GTINs with the right GS1 check digit (EAN-13, EAN-8, UPC-A, GTIN-14) and nothing else', () => {
    for (const code of ['5901234123457', '4006381333931', '96385074', '036000291452', '10614141000415'])
      expect(validGtin(code), code).toBe(true);
    for (const code of ['5901234123458', '590123412345', '59012341234577', 'ABCDEFGHIJKLM', '', '4006381333932'])
      expect(validGtin(code), code).toBe(false);
  });

  it('keeps part number and EAN optional on every category, checked when given', () => {
    const laptop = {
      processor: 'Intel Core i5-1335U',
      ramGb: 16,
      storageGb: 512,
      storageType: 'SSD',
      displaySizeIn: 15.6,
      graphics: 'Intel Iris Xe',
      os: 'Windows 11 Home',
      weightKg: 1.7,
      batteryWh: 41,
    };
    expect(LaptopSpecsSchema.safeParse(laptop).success).toBe(true);
    expect(LaptopSpecsSchema.safeParse({ ...laptop, partNumber: '82XB00FLIN', ean: '5901234123457' }).success).toBe(true);
    const badEan = LaptopSpecsSchema.safeParse({ ...laptop, ean: '5901234123458' });
    expect(badEan.success).toBe(false);
    expect(badEan.error?.issues[0]?.message).toBe('The EAN must be 8, 12, 13 or 14 digits with a valid check digit');
    expect(LaptopSpecsSchema.safeParse({ ...laptop, partNumber: 'no <script>' }).success).toBe(false);
  });
});
