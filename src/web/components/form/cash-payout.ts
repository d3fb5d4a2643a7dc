/** The form values of a cash refund's destination: a UPI ID, or a bank account. */
export interface PayoutValues {
  payoutKind: 'upi' | 'bank';
  upi: string;
  holder: string;
  accountNumber: string;
  ifsc: string;
}

/** The payout as typed, in the shape the API takes: only the fields of the kind chosen. */
export function typedPayout(values: PayoutValues): { upi: string } | { holder: string; accountNumber: string; ifsc: string } {
  return values.payoutKind === 'upi' ? { upi: values.upi } : { holder: values.holder, accountNumber: values.accountNumber, ifsc: values.ifsc };
}
