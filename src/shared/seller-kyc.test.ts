import { describe, expect, it } from 'vitest';
import { approvalBlocker, sellerChecklist, type SellerDetails } from './seller-kyc.ts';

const complete: SellerDetails = {
  gstin: '27AAPFU0939F1ZV',
  legalName: 'Udyog Electronics LLP',
  pan: 'AAPFU0939F',
  pickupAddress: { pincode: '400001' },
  bankAccount: { holder: 'Udyog Electronics LLP', number: '50100123456789', ifsc: 'HDFC0001234' },
};

const missing = (shop: SellerDetails) =>
  sellerChecklist(shop)
    .filter((entry) => !entry.done)
    .map((entry) => entry.item);

describe('a shop’s approval checklist', () => {
  it('is complete with a valid GSTIN, its PAN, a legal name, a pickup PIN code and a bank account', () => {
    expect(missing(complete)).toEqual([]);
    expect(approvalBlocker(complete)).toBeUndefined();
  });

  it('marks what is wrong, not only what is absent', () => {
    expect(missing({ ...complete, gstin: '27AAPFU0939F1ZW' })).toEqual(['A valid GSTIN', 'The PAN in the GSTIN']);
    expect(missing({ ...complete, pan: 'AAPFU0939G' })).toEqual(['The PAN in the GSTIN']);
    expect(missing({ ...complete, legalName: ' ' })).toEqual(['The legal name of the GST registration']);
    expect(missing({ ...complete, pickupAddress: { pincode: '012345' } })).toEqual(['A pickup address with a valid PIN code']);
    expect(missing({ ...complete, bankAccount: { ...complete.bankAccount!, ifsc: 'HDFC1001234' } })).toEqual([
      'A bank account for settlements (IFSC checked)',
    ]);
    expect(missing({ ...complete, bankAccount: { ...complete.bankAccount!, number: '1234' } })).toEqual([
      'A bank account for settlements (IFSC checked)',
    ]);
  });

  it('says in one sentence everything a new shop still needs', () => {
    expect(approvalBlocker({ gstin: null, legalName: null, pan: null, pickupAddress: null, bankAccount: null })).toBe(
      'This shop cannot be approved yet. It still needs: a valid GSTIN; the legal name of the GST registration; the PAN in the GSTIN; a pickup address with a valid PIN code; a bank account for settlements (IFSC checked).',
    );
  });
});
