import type { FieldValues, Path } from 'react-hook-form';
import { type FormOf, TextField } from './form-fields.tsx';

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
  return values.payoutKind === 'upi'
    ? { upi: values.upi }
    : { holder: values.holder, accountNumber: values.accountNumber, ifsc: values.ifsc };
}

interface CashPayoutFieldsetProps<T extends FieldValues & PayoutValues> {
  form: FormOf<T>;
  /** the kind chosen, as the form watches it: the UPI ID's box or the bank account's boxes show */
  payoutKind: PayoutValues['payoutKind'];
  legend: string;
  /** whose account it is: the customer typing their own, or an admin typing the customer's */
  whose: 'own' | 'customer';
}

/**
 * Where the cash paid on delivery goes back: a UPI ID, or a bank account (holder, number, IFSC).
 * The values are checked by the form's resolver, as the server checks them.
 */
export function CashPayoutFieldset<T extends FieldValues & PayoutValues>({ form, payoutKind, legend, whose }: CashPayoutFieldsetProps<T>) {
  // The fields are PayoutValues' own, which every T has.
  const name = (field: keyof PayoutValues) => field as Path<T>;
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-900">{legend}</legend>
      <div className="flex flex-wrap gap-4 text-sm">
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" value="upi" {...form.register(name('payoutKind'))} className="size-4 accent-brand-600" /> UPI ID
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" value="bank" {...form.register(name('payoutKind'))} className="size-4 accent-brand-600" /> Bank account
        </label>
      </div>
      {payoutKind === 'upi' ? (
        <TextField
          form={form}
          name={name('upi')}
          label={whose === 'own' ? 'Your UPI ID' : 'Customer’s UPI ID'}
          hint="Like name@okhdfcbank"
          autoComplete="off"
          className="max-w-sm"
        />
      ) : (
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField form={form} name={name('holder')} label="Account holder" autoComplete={whose === 'own' ? 'name' : 'off'} />
          <TextField form={form} name={name('accountNumber')} label="Account number" inputMode="numeric" autoComplete="off" />
          <TextField form={form} name={name('ifsc')} label="IFSC" autoComplete="off" />
        </div>
      )}
    </fieldset>
  );
}
