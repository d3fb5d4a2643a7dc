import { describe, expect, it } from 'vitest';
import { bankOfferFor, describeBankOffer, BANK_OFFERS } from './bank-offers.ts';
import { rupees } from './money.ts';
import { luhnValid } from './payment-methods.ts';

describe('bank offers', () => {
  it('matches a card by its BIN, within the minimum and the cap, to the rupee', () => {
    expect(bankOfferFor('4854 9800 0000 0002', rupees(12_345))).toBeUndefined(); // under HDFC's ₹20,000
    expect(bankOfferFor('4854-9800-0000-0002', rupees(20_000))).toMatchObject({ offer: { id: 'hdfc-credit-10' }, discount: rupees(1_500) }); // 10% is ₹2,000: capped
    expect(bankOfferFor('5241930000000006', rupees(31_234.5))).toMatchObject({ offer: { bank: 'ICICI Bank' }, discount: rupees(2_000) });
    expect(bankOfferFor('6521500000000006', rupees(16_789))).toMatchObject({ offer: { bank: 'SBI Card' }, discount: rupees(839) });
    expect(bankOfferFor('4386 2800 0000 0004', rupees(50_000))).toBeUndefined(); // an HDFC debit card
    expect(bankOfferFor('48549', rupees(50_000))).toBeUndefined();
  });

  it('documents test cards that pass the card checks', () => {
    for (const number of ['4854980000000002', '5241930000000006', '6521500000000006', '4386280000000004'])
      expect(luhnValid(number)).toBe(true);
  });

  it('reads the way product pages show it', () => {
    expect(describeBankOffer(BANK_OFFERS[0]!)).toBe(
      '10% instant discount on HDFC Bank credit cards, up to ₹1,500 on orders of ₹20,000 or more',
    );
  });
});
