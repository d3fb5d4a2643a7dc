import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BuyerGstInputSchema, type BuyerGstInput } from '#shared/schemas/orders.ts';
import { TextField } from '#web/components/form/form-fields.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';

interface GstClaimFormProps {
  /** what the shopper entered before (they came back to this step) */
  initial: BuyerGstInput | undefined;
  disabled: boolean;
  /** the review is done: the business's GST details, or none for a personal purchase */
  onContinue: (buyerGst: BuyerGstInput | undefined) => void;
}

/**
 * The review step's last part: a business buying for its own use may have its tax invoices made
 * out to it (B2B), with its GSTIN checked as it is typed in, to claim the GST back as input tax credit.
 */
export function GstClaimForm({ initial, disabled, onContinue }: GstClaimFormProps) {
  const id = useId();
  const [claim, setClaim] = useState(initial !== undefined);
  const form = useForm<z.input<typeof BuyerGstInputSchema>, unknown, BuyerGstInput>({
    resolver: zodResolver(BuyerGstInputSchema),
    defaultValues: initial ?? { gstin: '', businessName: '' },
  });

  const submit = form.handleSubmit((buyerGst) => onContinue(buyerGst));

  return (
    <form
      noValidate
      onSubmit={(event) => {
        if (claim) return void submit(event);
        event.preventDefault();
        onContinue(undefined);
      }}
      className="space-y-3"
    >
      <div className="flex items-start gap-3">
        <input
          id={`${id}-claim`}
          type="checkbox"
          checked={claim}
          onChange={(event) => setClaim(event.target.checked)}
          aria-describedby={`${id}-claim-hint`}
          className="mt-0.5 size-5 shrink-0 accent-brand-600"
        />
        <div>
          <label htmlFor={`${id}-claim`} className="text-sm font-medium text-slate-900">
            Claim GST input tax credit
          </label>
          <p id={`${id}-claim-hint`} className="text-sm text-slate-600">
            For a business purchase: the tax invoices are made out to your business, with its GSTIN.
          </p>
        </div>
      </div>
      {claim && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            form={form}
            name="gstin"
            label="Business GSTIN"
            hint="15 characters, like 29AABCT1234F1ZM"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={15}
            controlClass="font-mono uppercase"
          />
          <TextField form={form} name="businessName" label="Business name" hint="As on the GST registration" autoComplete="organization" />
        </div>
      )}
      <button type="submit" disabled={disabled} className={buttonClass('primary')}>
        Continue to payment
      </button>
    </form>
  );
}
