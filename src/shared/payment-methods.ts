import { formatPrice } from './money.ts';

/** Card, UPI and Cash on Delivery rules shared by the checkout form and the server. */

export const CARD_NETWORKS = ['Visa', 'Mastercard', 'RuPay', 'American Express', 'Diners Club', 'Discover'] as const;
export type CardNetwork = (typeof CARD_NETWORKS)[number];

export function digitsOnly(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The Luhn checksum every card number carries. */
export function luhnValid(number: string): boolean {
  const digits = digitsOnly(number);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card network from the number's leading digits (IIN ranges). */
export function detectNetwork(number: string): CardNetwork | undefined {
  const d = digitsOnly(number);
  if (/^3[47]/.test(d)) return 'American Express';
  if (/^(508[5-9]|6069[89]|607|608|652[1-9]|653[0-1]|81|82)/.test(d)) return 'RuPay';
  if (/^4/.test(d)) return 'Visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(d)) return 'Mastercard';
  if (/^3(0[0-5]|[689])/.test(d)) return 'Diners Club';
  if (/^(6011|65|64[4-9])/.test(d)) return 'Discover';
  return undefined;
}

/** Valid through the end of the expiry month. */
export function expiryInFuture(month: number, year: number, now: Date): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12) return false;
  const fullYear = year < 100 ? 2000 + year : year;
  const endOfMonth = new Date(Date.UTC(fullYear, month, 1));
  return endOfMonth.getTime() > now.getTime();
}

/** A UPI id: name@handle. */
export const VPA = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;

export const NET_BANKING_BANKS = [
  { code: 'SBIN', name: 'State Bank of India' },
  { code: 'HDFC', name: 'HDFC Bank' },
  { code: 'ICIC', name: 'ICICI Bank' },
  { code: 'UTIB', name: 'Axis Bank' },
  { code: 'KKBK', name: 'Kotak Mahindra Bank' },
  { code: 'PUNB', name: 'Punjab National Bank' },
  { code: 'BARB', name: 'Bank of Baroda' },
  { code: 'CNRB', name: 'Canara Bank' },
  { code: 'UBIN', name: 'Union Bank of India' },
  { code: 'YESB', name: 'Yes Bank' },
  { code: 'IDFB', name: 'IDFC FIRST Bank' },
  { code: 'INDB', name: 'IndusInd Bank' },
] as const;
export type BankCode = (typeof NET_BANKING_BANKS)[number]['code'];

/** Why an order over Cash on Delivery's ceiling cannot be paid in cash, naming its amount and the ceiling. */
export function cashOnDeliveryOverLimit(total: number, max: number): string {
  return `Cash on Delivery is not available: this order's ${formatPrice(total)} is over the ${formatPrice(max)} limit for cash. Please choose another way to pay.`;
}

/** The same for one product's price, on its page: plainly not available. */
export function cashOnDeliveryOverLimitForPrice(max: number): string {
  return `Cash on Delivery is not available at this price: only on orders up to ${formatPrice(max)}`;
}
