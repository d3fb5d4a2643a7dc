/**
 * India's Goods and Services Tax, as the store's invoices and sellers' registrations need it:
 * GSTIN, PAN and IFSC checks, the tax in a GST-inclusive price split into CGST and SGST (a sale
 * within the seller's state) or IGST (to another state), HSN codes and rates per category, the tax
 * of an order's lines and delivery (`orderTax`, for carts, orders and invoices alike), the
 * financial year (April to March) and amounts in words in Indian numbering.
 */
import type { Category } from './categories.ts';
import { indiaClock } from './india-time.ts';
import type { IndianState } from './india.ts';

/** The first two digits of a GSTIN: the state or union territory it is registered in. */
export const GST_STATE_CODES: Readonly<Record<string, IndianState>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  // Daman and Diu's registrations (25) kept their numbers when it merged with Dadra and Nagar Haveli (26) in 2020.
  '25': 'Dadra and Nagar Haveli and Daman and Diu',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  // Andhra Pradesh's registrations before Telangana was formed (28) are valid beside the new code (37).
  '28': 'Andhra Pradesh',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
};

/** The codes GST_STATE_CODES names, 01 to 38: the check needs only these, and the browser not the names. */
const STATE_CODE = /^(?:0[1-9]|[12]\d|3[0-8])$/;
const GSTIN_SHAPE = /^(\d{2})([A-Z]{5}\d{4}[A-Z])([1-9A-Z])Z([0-9A-Z])$/;
const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The check character of a GSTIN's first 14: each character's value, every second one doubled, its base-36 digits summed. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let at = 0; at < 14; at++) {
    const product = BASE36.indexOf(first14[at]!) * (at % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36[(36 - (sum % 36)) % 36]!;
}

/** What is wrong with a GSTIN (upper case, no spaces), in words a seller can act on; undefined when it is valid. */
export function gstinProblem(gstin: string): string | undefined {
  const parts = GSTIN_SHAPE.exec(gstin);
  if (!parts)
    return 'GSTIN must be 15 characters: a 2-digit state code, the PAN, an entity number, Z and a check character, like 29AABCT1234F1ZM';
  if (!STATE_CODE.test(parts[1]!)) return `GSTIN starts with ${parts[1]}, which is not an Indian state code`;
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return 'GSTIN does not add up: please check each character';
  return undefined;
}

/** The state a GSTIN is registered in. */
export function stateOfGstin(gstin: string): IndianState | undefined {
  return GST_STATE_CODES[gstin.slice(0, 2)];
}

/** A PAN: five letters, four digits and a letter; the fourth letter says who holds it (P a person, C a company…). */
export const PAN = /^[A-Z]{3}[ABCFGHJLPT][A-Z]\d{4}[A-Z]$/;

/** The PAN inside a GSTIN: its characters 3 to 12. */
export function panOfGstin(gstin: string): string {
  return gstin.slice(2, 12);
}

/** A bank branch's IFSC: the bank's four letters, a zero, then the branch's six letters or digits. */
export const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;

/** An Indian bank account number: 9 to 18 digits. */
export const BANK_ACCOUNT_NUMBER = /^\d{9,18}$/;

/** A category's HSN code (the customs tariff heading printed on invoices) and GST rate in per cent, per category. */
export type GstRates = Readonly<Record<Category, { hsn: string; ratePercent: number }>>;

/** Each category's HSN code and GST rate: the one table every GST figure in the store is taken at. */
export const GST_BY_CATEGORY: GstRates = {
  Laptop: { hsn: '8471', ratePercent: 18 },
  Desktop: { hsn: '8471', ratePercent: 18 },
  Monitor: { hsn: '8528', ratePercent: 18 },
};

/** The tax in an amount that includes it, in paise. Intra-state sales split it evenly into CGST and SGST; others are IGST. */
export interface TaxSplit {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

/**
 * Splits a GST-inclusive amount (paise) at `ratePercent`: the taxable value is the amount less
 * the tax, rounded to the paisa, so the parts always add up to the amount. Within one state the
 * tax is halved into CGST and SGST (CGST takes the odd paisa); between states it is all IGST.
 */
export function splitTax(inclusive: number, ratePercent: number, sameState: boolean): TaxSplit {
  const taxable = Math.round((inclusive * 100) / (100 + ratePercent));
  const tax = inclusive - taxable;
  if (!sameState) return { taxable, cgst: 0, sgst: 0, igst: tax };
  const sgst = Math.floor(tax / 2);
  return { taxable, cgst: tax - sgst, sgst, igst: 0 };
}

/** One line's tax: its category's HSN code and rate, and its GST-inclusive amount split at that rate. */
export interface LineTax extends TaxSplit {
  hsn: string;
  ratePercent: number;
}

/** The tax in one line's GST-inclusive amount (paise), at its category's rate: as its invoice line shows it. */
export function lineTax(category: Category, inclusive: number, sameState: boolean, rates: GstRates = GST_BY_CATEGORY): LineTax {
  const { hsn, ratePercent } = rates[category];
  return { hsn, ratePercent, ...splitTax(inclusive, ratePercent, sameState) };
}

/** The GST in an order or a cart, in paise: each line's, the delivery charge's and their sum. */
export interface OrderTax {
  lines: number[];
  shipping: number;
  total: number;
}

/**
 * The GST contained in an order's GST-inclusive amounts. Each line (its price less its share of
 * the coupon) is taxed at its category's rate exactly as its invoice line will be, so the lines'
 * tax adds up to the tax on the order's invoices. The delivery charge goes with the goods, as a
 * composite supply: it is taxed at the rate of the principal supply, the largest line (the first
 * of equal ones). The tax does not depend on the state: CGST + SGST is the same sum as IGST.
 */
export function orderTax(
  lines: ReadonlyArray<{ category: Category; amount: number }>,
  shipping = 0,
  rates: GstRates = GST_BY_CATEGORY,
): OrderTax {
  const taxOf = (amount: number, category: Category) => lineTax(category, amount, false, rates).igst;
  const lineTaxes = lines.map((line) => taxOf(line.amount, line.category));
  const principal = lines.reduce<(typeof lines)[number] | undefined>(
    (largest, line) => (largest && largest.amount >= line.amount ? largest : line),
    undefined,
  );
  if (shipping > 0 && !principal) throw new RangeError('A delivery charge needs a line to go with');
  const shippingTax = shipping > 0 && principal ? taxOf(shipping, principal.category) : 0;
  return { lines: lineTaxes, shipping: shippingTax, total: lineTaxes.reduce((sum, tax) => sum + tax, shippingTax) };
}

/** The Indian financial year a moment falls in, April to March in India's time: "2026-27". */
export function financialYear(at: Date): string {
  const india = indiaClock(at);
  const year = india.getUTCMonth() >= 3 ? india.getUTCFullYear() : india.getUTCFullYear() - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}

/** A seller's invoice number: its place in the seller's series for the financial year, "INV/26-27/000042" (16 characters, as GST allows). */
export function invoiceNumber(fy: string, sequence: number): string {
  return `INV/${fy.slice(2)}/${String(sequence).padStart(6, '0')}`;
}

/** A seller's credit note number: its own series beside the invoices', per financial year, "CN/26-27/000007". */
export function creditNoteNumber(fy: string, sequence: number): string {
  return `CN/${fy.slice(2)}/${String(sequence).padStart(6, '0')}`;
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0–99 in words: "Ninety-Nine". */
function belowHundred(n: number): string {
  return n < 20 ? ONES[n]! : `${TENS[Math.floor(n / 10)]}${n % 10 ? `-${ONES[n % 10]}` : ''}`;
}

/** A whole number in words, counted the Indian way: crore, lakh, thousand, hundred. */
export function numberInWords(n: number): string {
  if (n === 0) return 'Zero';
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  if (crore > 0) parts.push(`${numberInWords(crore)} Crore`);
  const rest = n % 10_000_000;
  for (const [size, name] of [
    [100_000, 'Lakh'],
    [1_000, 'Thousand'],
    [100, 'Hundred'],
  ] as const) {
    const count = Math.floor(rest / size) % (size === 100 ? 10 : 100);
    if (count > 0) parts.push(`${belowHundred(count)} ${name}`);
  }
  if (rest % 100 > 0) parts.push(belowHundred(rest % 100));
  return parts.join(' ');
}

/** An amount in paise as an invoice writes it out: "One Lakh Twenty-Nine Thousand Nine Hundred Ninety-Nine Rupees Only". */
export function rupeesInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `${numberInWords(rupees)} Rupees${rest > 0 ? ` and ${numberInWords(rest)} Paise` : ''} Only`;
}
