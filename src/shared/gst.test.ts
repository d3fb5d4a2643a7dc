import { describe, expect, it } from 'vitest';
import {
  BANK_ACCOUNT_NUMBER,
  creditNoteNumber,
  financialYear,
  GST_BY_CATEGORY,
  gstinCheckCharacter,
  gstinProblem,
  IFSC,
  invoiceNumber,
  lineTax,
  numberInWords,
  orderTax,
  PAN,
  panOfGstin,
  rupeesInWords,
  splitTax,
  stateOfGstin,
} from './gst.ts';

describe('GSTIN', () => {
  it('accepts registrations whose check character adds up, and says which state they are in', () => {
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeUndefined();
    expect(gstinProblem('33AAACH7409R1Z8')).toBeUndefined();
    expect(stateOfGstin('27AAPFU0939F1ZV')).toBe('Maharashtra');
    expect(stateOfGstin('33AAACH7409R1Z8')).toBe('Tamil Nadu');
    expect(panOfGstin('27AAPFU0939F1ZV')).toBe('AAPFU0939F');
  });

  it('refuses a wrong check character, a mistyped character, an unknown state and a wrong shape, each saying why', () => {
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe('GSTIN does not add up: please check each character');
    expect(gstinProblem('27AAPFU0938F1ZV')).toBe('GSTIN does not add up: please check each character');
    const unknownState = `99AAPFU0939F1Z${gstinCheckCharacter('99AAPFU0939F1Z')}`;
    expect(gstinProblem(unknownState)).toBe('GSTIN starts with 99, which is not an Indian state code');
    for (const shape of ['27AAPFU0939F1Z', '27AAPFU0939F1XV', '27aapfu0939f1zv', '2AAAPFU0939F1ZV', '']) {
      expect(gstinProblem(shape), shape).toMatch(/^GSTIN must be 15 characters/);
    }
  });

  it('knows every state code, old ones kept after mergers and splits included', () => {
    expect(stateOfGstin('25AAPFU0939F1ZV')).toBe('Dadra and Nagar Haveli and Daman and Diu');
    expect(stateOfGstin('28AAPFU0939F1ZV')).toBe('Andhra Pradesh');
    expect(stateOfGstin('37AAPFU0939F1ZV')).toBe('Andhra Pradesh');
    expect(stateOfGstin('38AAPFU0939F1ZV')).toBe('Ladakh');
    expect(stateOfGstin('00AAPFU0939F1ZV')).toBeUndefined();
  });
});

describe('PAN, IFSC and bank account', () => {
  it('checks their shapes', () => {
    expect(PAN.test('AAPFU0939F')).toBe(true);
    expect(PAN.test('ABCPK1234M')).toBe(true);
    expect(PAN.test('ABCXK1234M')).toBe(false); // X holds no PAN
    expect(PAN.test('ABCPK1234')).toBe(false);
    expect(IFSC.test('HDFC0001234')).toBe(true);
    expect(IFSC.test('SBIN0ABC123')).toBe(true);
    expect(IFSC.test('HDFC1001234')).toBe(false); // the fifth character is always 0
    expect(BANK_ACCOUNT_NUMBER.test('50100123456789')).toBe(true);
    expect(BANK_ACCOUNT_NUMBER.test('12345678')).toBe(false);
  });
});

describe('tax in a GST-inclusive price', () => {
  it('splits 18 % inside ₹1,29,999 into the taxable value and CGST + SGST within a state, or IGST between states', () => {
    expect(splitTax(12_999_900, 18, true)).toEqual({ taxable: 11_016_864, cgst: 991_518, sgst: 991_518, igst: 0 });
    expect(splitTax(12_999_900, 18, false)).toEqual({ taxable: 11_016_864, cgst: 0, sgst: 0, igst: 1_983_036 });
  });

  it('always adds up to the amount, the odd paisa going to CGST', () => {
    for (const amount of [1, 99, 118, 4_999_900, 7_299_000, 12_345_678]) {
      const within = splitTax(amount, 18, true);
      expect(within.taxable + within.cgst + within.sgst, String(amount)).toBe(amount);
      expect(within.cgst - within.sgst).toBeGreaterThanOrEqual(0);
      expect(within.cgst - within.sgst).toBeLessThanOrEqual(1);
      const between = splitTax(amount, 18, false);
      expect(between.taxable + between.igst).toBe(amount);
    }
  });

  it('has an HSN code and a rate for every category', () => {
    expect(GST_BY_CATEGORY.Laptop).toEqual({ hsn: '8471', ratePercent: 18 });
    expect(GST_BY_CATEGORY.Desktop.hsn).toBe('8471');
    expect(GST_BY_CATEGORY.Monitor.hsn).toBe('8528');
  });
});

describe('the tax of an order', () => {
  // A hypothetical table: monitors at 28 %, laptops and desktops at today's 18 %.
  const rates = { ...GST_BY_CATEGORY, Monitor: { hsn: '8528', ratePercent: 28 } };
  // ₹1,10,000 of laptops less ₹500 of coupon, and a ₹8,999 monitor.
  const cart = [
    { category: 'Laptop', amount: 10_950_000 },
    { category: 'Monitor', amount: 899_900 },
  ] as const;

  it('taxes each line at its category’s rate, not the order at one rate', () => {
    const tax = orderTax(cart, 0, rates);
    // 1,09,500 − 1,09,500 × 100 / 118 = 16,703.39; 8,999 − 8,999 × 100 / 128 = 1,968.53
    expect(tax).toEqual({ lines: [1_670_339, 196_853], shipping: 0, total: 1_867_192 });
    // 18 % of the whole order, ₹18,076.13, would be ₹595.79 too little.
    expect(tax.total).not.toBe(Math.round((11_849_900 * 18) / 118));
  });

  it('comes to the tax of the order’s invoice lines, within a state and between states', () => {
    const total = orderTax(cart, 0, rates).total;
    const within = cart.map((line) => lineTax(line.category, line.amount, true, rates));
    const between = cart.map((line) => lineTax(line.category, line.amount, false, rates));
    expect(within.map((line) => line.ratePercent)).toEqual([18, 28]);
    expect(within.reduce((sum, line) => sum + line.cgst + line.sgst, 0)).toBe(total);
    expect(between.reduce((sum, line) => sum + line.igst, 0)).toBe(total);
  });

  it('taxes the delivery charge at the rate of the largest line', () => {
    const small = [
      { category: 'Desktop', amount: 30_000 },
      { category: 'Monitor', amount: 60_000 },
    ] as const;
    // ₹99 at the monitor's 28 %: 99 − 99 × 100 / 128 = 21.66
    expect(orderTax(small, 9_900, rates)).toEqual({ lines: [4_576, 13_125], shipping: 2_166, total: 19_867 });
    // At today's rates it is 18 %: 99 × 18 / 118 = 15.10
    expect(orderTax(small, 9_900).shipping).toBe(1_510);
  });

  it('is nothing for an empty order, which has no delivery charge', () => {
    expect(orderTax([])).toEqual({ lines: [], shipping: 0, total: 0 });
    expect(() => orderTax([], 9_900)).toThrow(RangeError);
  });
});

describe('financial years and invoice numbers', () => {
  it('turns over on 1 April in India’s time', () => {
    expect(financialYear(new Date('2026-03-31T18:29:59Z'))).toBe('2025-26'); // 31 March, 11:59 pm IST
    expect(financialYear(new Date('2026-03-31T18:30:00Z'))).toBe('2026-27'); // 1 April, midnight IST
    expect(financialYear(new Date('2027-01-15T10:00:00Z'))).toBe('2026-27');
    expect(financialYear(new Date('2099-12-31T00:00:00Z'))).toBe('2099-00');
  });

  it('numbers a seller’s invoices within 16 characters', () => {
    expect(invoiceNumber('2026-27', 42)).toBe('INV/26-27/000042');
    expect(invoiceNumber('2026-27', 42)).toHaveLength(16);
    expect(creditNoteNumber('2026-27', 7)).toBe('CN/26-27/000007');
  });
});

describe('amounts in words', () => {
  it('counts in crores, lakhs and thousands', () => {
    expect(numberInWords(0)).toBe('Zero');
    expect(numberInWords(7)).toBe('Seven');
    expect(numberInWords(45)).toBe('Forty-Five');
    expect(numberInWords(101)).toBe('One Hundred One');
    expect(numberInWords(129_999)).toBe('One Lakh Twenty-Nine Thousand Nine Hundred Ninety-Nine');
    expect(numberInWords(2_500_000)).toBe('Twenty-Five Lakh');
    expect(numberInWords(10_000_000)).toBe('One Crore');
    expect(numberInWords(123_456_789)).toBe('Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine');
  });

  it('writes rupees and paise as an invoice does', () => {
    expect(rupeesInWords(12_999_900)).toBe('One Lakh Twenty-Nine Thousand Nine Hundred Ninety-Nine Rupees Only');
    expect(rupeesInWords(12_999_950)).toBe('One Lakh Twenty-Nine Thousand Nine Hundred Ninety-Nine Rupees and Fifty Paise Only');
    expect(rupeesInWords(5)).toBe('Zero Rupees and Five Paise Only');
  });
});
