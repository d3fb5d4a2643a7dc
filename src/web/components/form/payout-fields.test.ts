import { describe, expect, it } from 'vitest';
import { typedPayout } from './payout-fields.tsx';

const values = { upi: 'asha@okhdfcbank', holder: 'Asha Rao', accountNumber: '123456789012', ifsc: 'HDFC0001234' };

describe('typedPayout', () => {
  it('sends only the UPI ID when UPI is chosen', () => {
    expect(typedPayout({ ...values, payoutKind: 'upi' })).toEqual({ upi: 'asha@okhdfcbank' });
  });

  it('sends only the bank account when a bank account is chosen', () => {
    expect(typedPayout({ ...values, payoutKind: 'bank' })).toEqual({
      holder: 'Asha Rao',
      accountNumber: '123456789012',
      ifsc: 'HDFC0001234',
    });
  });
});
