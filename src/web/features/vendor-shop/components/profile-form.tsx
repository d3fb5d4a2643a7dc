import { useId } from 'react';
import type { VendorProfile } from '#shared/schemas/vendor.ts';
import { AddressFields } from '#web/components/address/address-fields.tsx';
import { CheckboxField, TextField } from '#web/components/form/form-fields.tsx';
import { FormActions, FormSection } from '#web/components/form/form-layout.tsx';
import { formatDateTime } from '../format.ts';
import { useProfileForm } from './use-profile-form.ts';

/** The shop profile's form: business, tax and bank details, the pickup address, delivery and stock alerts. */
export function ProfileForm({ profile }: { profile: VendorProfile }) {
  const idPrefix = useId();
  const { form, pickupLater, setPickupLater, saved, submit, serverError } = useProfileForm(profile);
  // Replacing a payout detail on file takes the password; filling one in for the first time does not.
  const onFile = Boolean(profile.bankAccount || profile.gstin || profile.pan || profile.legalName);

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <FormSection legend="Business details">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField form={form} name="businessName" label="Business name" autoComplete="organization" className="sm:col-span-2" />
          <TextField
            form={form}
            name="phone"
            label="Contact phone"
            hint="10-digit mobile number"
            prefix="+91"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
          />
          <TextField
            form={form}
            name="gstin"
            label="GSTIN"
            optional
            hint="15 characters, like 29AABCT1234F1ZM"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={15}
            controlClass="font-mono uppercase"
          />
        </div>
      </FormSection>

      <FormSection
        legend="Tax and bank details"
        description="Needed before we approve your shop: your GST registration and the account we pay your settlements into."
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            form={form}
            name="legalName"
            label="Legal name"
            hint="As on your GST registration certificate"
            autoComplete="organization"
            className="sm:col-span-2"
          />
          <TextField
            form={form}
            name="pan"
            label="PAN"
            hint="The 10 characters inside your GSTIN"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={10}
            controlClass="font-mono uppercase"
          />
          <TextField form={form} name="bankAccount.holder" label="Account holder" hint="As the bank has it" autoComplete="off" />
          <TextField
            form={form}
            name="bankAccount.number"
            label="Account number"
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            controlClass="font-mono"
          />
          <TextField
            form={form}
            name="bankAccount.ifsc"
            label="IFSC"
            hint="11 characters, on your cheque book, like HDFC0001234"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={11}
            controlClass="font-mono uppercase"
          />
          {onFile && (
            <TextField
              form={form}
              name="currentPassword"
              type="password"
              label="Current password"
              optional
              hint="Needed only to change the bank account, GSTIN, PAN or legal name on file. Payouts then wait 72 hours and we mail you."
              autoComplete="current-password"
              className="sm:col-span-2"
            />
          )}
        </div>
        {profile.payoutsHeldUntil && (
          <p role="status" className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
            Your payout details changed recently: payouts are held until {formatDateTime(profile.payoutsHeldUntil)}. If this was not you,
            write to us at once.
          </p>
        )}
      </FormSection>

      <FormSection legend="Pickup address" description="Where couriers collect your parcels.">
        <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
          <label className="flex items-center gap-3 text-sm font-medium text-slate-900">
            <input
              type="radio"
              name={`${idPrefix}-pickup-choice`}
              checked={!pickupLater}
              onChange={() => setPickupLater(false)}
              className="size-5 shrink-0 accent-brand-600"
            />
            Enter it now
          </label>
          <label className="flex items-center gap-3 text-sm font-medium text-slate-900">
            <input
              type="radio"
              name={`${idPrefix}-pickup-choice`}
              checked={pickupLater}
              onChange={() => setPickupLater(true)}
              className="size-5 shrink-0 accent-brand-600"
            />
            I&rsquo;ll add it later
          </label>
        </div>

        {!pickupLater && (
          <div className="mt-5">
            <AddressFields form={form} prefix="pickupAddress." nameLabel="Contact name" line1Hint="Shop or building, street" />
          </div>
        )}
      </FormSection>

      <FormSection legend="Delivery" description="What shoppers see under “Check delivery” and at checkout.">
        <div className="grid gap-4">
          <CheckboxField
            form={form}
            name="acceptsCod"
            label="Accept Cash on Delivery"
            hint="The courier collects the cash; we capture the payment when you mark the parcel delivered."
          />
          <CheckboxField
            form={form}
            name="shipsToSpecialZones"
            label="Deliver to the North East, Jammu & Kashmir, Ladakh and the islands"
            hint="Couriers take longer there: about 8 working days after dispatch."
          />
        </div>
      </FormSection>

      <FormSection legend="Stock alerts">
        <TextField
          form={form}
          name="lowStockThreshold"
          label="Low-stock threshold"
          hint="Products with this many units or fewer are listed under Low stock on your overview."
          type="number"
          inputMode="numeric"
          min={0}
          max={1000}
          step={1}
          rules={{ valueAsNumber: true }}
          className="max-w-xs"
        />
      </FormSection>

      <FormActions submitLabel="Save changes" pendingLabel="Saving…" pending={form.formState.isSubmitting} error={serverError}>
        <p role="status" aria-live="polite" className="text-sm font-medium text-emerald-800">
          {saved ? 'Your changes have been saved.' : ''}
        </p>
      </FormActions>
    </form>
  );
}
