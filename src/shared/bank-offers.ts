import { formatPrice, rupees } from './money.ts';
import { digitsOnly } from './payment-methods.ts';

/**
 * An instant discount a bank funds on its cards: a percentage of the order, up to a cap, on
 * orders of at least a minimum, for cards whose number starts with one of its BINs (the first
 * six digits, which name the issuing bank and the card's kind).
 */
export interface BankOffer {
  id: string;
  bank: string;
  /** "credit cards", "debit cards" */
  cards: string;
  percent: number;
  /** paise */
  maxDiscount: number;
  /** paise */
  minOrder: number;
  bins: readonly string[];
}

/**
 * The offers running now. In the sandbox these BINs belong to these banks; the test cards (Luhn
 * valid, OTP 123456) are: HDFC Bank credit 4854 9800 0000 0002, ICICI Bank credit
 * 5241 9300 0000 0006, SBI Card (RuPay credit) 6521 5000 0000 0006; an HDFC Bank debit card,
 * 4386 2800 0000 0004, gets no offer.
 */
export const BANK_OFFERS: readonly BankOffer[] = [
  {
    id: 'hdfc-credit-10',
    bank: 'HDFC Bank',
    cards: 'credit cards',
    percent: 10,
    maxDiscount: rupees(1_500),
    minOrder: rupees(20_000),
    bins: ['485498', '552260', '436356'],
  },
  {
    id: 'icici-credit-7',
    bank: 'ICICI Bank',
    cards: 'credit cards',
    percent: 7.5,
    maxDiscount: rupees(2_000),
    minOrder: rupees(30_000),
    bins: ['524193', '447746'],
  },
  {
    id: 'sbi-credit-5',
    bank: 'SBI Card',
    cards: 'credit cards',
    percent: 5,
    maxDiscount: rupees(1_000),
    minOrder: rupees(15_000),
    bins: ['652150', '461786'],
  },
];

/** "10% instant discount on HDFC Bank credit cards, up to ₹1,500 on orders of ₹20,000 or more" */
export function describeBankOffer(offer: BankOffer): string {
  return `${offer.percent}% instant discount on ${offer.bank} ${offer.cards}, up to ${formatPrice(offer.maxDiscount)} on orders of ${formatPrice(offer.minOrder)} or more`;
}

/** The offer a card number gets on an amount, with its discount (rounded down to the rupee); undefined when none. */
export function bankOfferFor(
  cardNumber: string,
  amount: number,
  offers: readonly BankOffer[] = BANK_OFFERS,
): { offer: BankOffer; discount: number } | undefined {
  const bin = digitsOnly(cardNumber).slice(0, 6);
  if (bin.length < 6) return undefined;
  const offer = offers.find((candidate) => candidate.bins.includes(bin));
  if (!offer || amount < offer.minOrder) return undefined;
  const discount = Math.min(Math.floor((amount * offer.percent) / 100 / 100) * 100, offer.maxDiscount);
  return discount > 0 ? { offer, discount } : undefined;
}

/** A bank offer as a payment records it: its description and what it took off. */
export interface AppliedBankOffer {
  title: string;
  discount: number;
}

/**
 * The bank offer the order was paid with: that of its payment that took the money (captured,
 * refunded since or not). The order's total stays the invoice value; the card was charged the
 * total less this, so every summary shows it as its own line between the two.
 */
export function paidBankOffer(
  payments: ReadonlyArray<{ status: string; details: { offer?: AppliedBankOffer } }>,
): AppliedBankOffer | undefined {
  const paid = payments.find(
    (payment) => ['captured', 'partially_refunded', 'refunded'].includes(payment.status) && payment.details.offer !== undefined,
  );
  return paid?.details.offer;
}
