import { useId, useState } from 'react';
import { useForm, type DefaultValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import type { z } from 'zod';
import { INDIAN_STATES } from '#shared/india.ts';
import { VendorProfileInputSchema, type VendorProfile } from '#shared/schemas/vendor.ts';
import { AddressFields } from '#web/components/address/address-fields.tsx';
import { PINCODE_ERROR_TYPES } from '#web/components/address/use-pincode-place.ts';
import { CheckboxField, FormActions, FormSection, TextField } from '#web/components/form/form-fields.tsx';
import { Checklist } from '#web/components/ui/checklist.tsx';
import { Loading } from '#web/components/ui/loading.tsx';
import { errorMessage, fieldIssues } from '#web/lib/api-client.ts';
import { useUpdateVendorProfile, useVendorProfile } from '../api/vendor-shop.ts';
import { nationalNumber } from '../format.ts';
import { vendorPaths } from '../vendor-paths.ts';
import { LoadError } from '#web/components/ui/list-states.tsx';

type ProfileFormValues = z.input<typeof VendorProfileInputSchema>;
type ProfileInput = z.output<typeof VendorProfileInputSchema>;
type PickupValues = NonNullable<ProfileFormValues['pickupAddress']>;
const PICKUP_FIELDS = ['name', 'phone', 'line1', 'line2', 'city', 'state', 'pincode'] as const;

const THRESHOLD_MESSAGE = 'Please enter a whole number from 0 to 1000';

// The schema's own messages win; only the threshold (an empty number field is NaN) needs a kinder one.
const schemaResolver = zodResolver(VendorProfileInputSchema, {
  error: (issue) => (issue.path?.[0] === 'lowStockThreshold' ? THRESHOLD_MESSAGE : undefined),
});

const APPROVAL: Record<VendorProfile['status'], { label: string; text: string; tone: string }> = {
  pending: {
    label: 'Awaiting approval',
    text: 'Our team reviews new shops, usually within two business days. Your store page goes live once approved.',
    tone: 'bg-amber-50 text-amber-900 ring-amber-300',
  },
  active: {
    label: 'Approved',
    text: 'Your shop is live and customers can buy your products.',
    tone: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  },
  suspended: {
    label: 'Suspended',
    text: 'Your products are hidden from the store. Please contact seller support to resolve this.',
    tone: 'bg-red-50 text-red-800 ring-red-200',
  },
};

function isIndianState(value: string): value is PickupValues['state'] {
  return (INDIAN_STATES as readonly string[]).includes(value);
}

// The pickup fields keep their values while "I'll add it later" hides them; no state until one is chosen.
function toDefaultValues(profile: VendorProfile): DefaultValues<ProfileFormValues> {
  const pickup = profile.pickupAddress;
  return {
    businessName: profile.businessName,
    phone: profile.phone ? nationalNumber(profile.phone) : '',
    gstin: profile.gstin ?? '',
    pickupAddress: pickup
      ? {
          name: pickup.name,
          phone: nationalNumber(pickup.phone),
          line1: pickup.line1,
          line2: pickup.line2,
          city: pickup.city,
          state: isIndianState(pickup.state) ? pickup.state : undefined,
          pincode: pickup.pincode,
        }
      : { name: '', phone: '', line1: '', line2: '', city: '', pincode: '' },
    lowStockThreshold: profile.lowStockThreshold,
    legalName: profile.legalName ?? '',
    pan: profile.pan ?? '',
    bankAccount: profile.bankAccount ?? { holder: '', number: '', ifsc: '' },
    acceptsCod: profile.acceptsCod,
    shipsToSpecialZones: profile.shipsToSpecialZones,
  };
}

/** No bank account typed in (all three boxes empty) is none, not one to check. */
function withoutEmptyBankAccount(values: ProfileFormValues): ProfileFormValues {
  const account = values.bankAccount;
  return account && `${account.holder}${account.number}${account.ifsc}`.trim() === '' ? { ...values, bankAccount: null } : values;
}

function ShopStatus({ profile }: { profile: VendorProfile }) {
  const approval = APPROVAL[profile.status];
  const storePath = vendorPaths.store(profile.slug);
  return (
    <dl className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-2 sm:p-5">
      <div className="min-w-0">
        <dt className="text-slate-600">Approval status</dt>
        <dd className="mt-1">
          <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${approval.tone}`}>
            {approval.label}
          </span>
          <p className="mt-1 text-slate-700">{approval.text}</p>
        </dd>
      </div>
      {profile.status === 'pending' && (
        <div className="min-w-0 sm:col-span-2">
          <dt className="text-slate-600">Before we can approve your shop</dt>
          <dd className="mt-1.5">
            <Checklist items={profile.checklist} />
          </dd>
        </div>
      )}
      <div className="min-w-0">
        <dt className="text-slate-600">Your public store</dt>
        <dd className="mt-1">
          <Link to={storePath} className="font-semibold break-all text-brand-700 underline underline-offset-2 hover:text-brand-900">
            {storePath}
          </Link>
        </dd>
      </div>
    </dl>
  );
}

function ProfileForm({ profile }: { profile: VendorProfile }) {
  const idPrefix = useId();
  const [pickupLater, setPickupLater] = useState(profile.pickupAddress === null);
  const [saved, setSaved] = useState(false);
  const mutation = useUpdateVendorProfile();

  const form = useForm<ProfileFormValues, unknown, ProfileInput>({
    // "I'll add it later" sends null; the hidden fields are neither checked nor sent.
    resolver: (values, context, options) =>
      schemaResolver(withoutEmptyBankAccount(pickupLater ? { ...values, pickupAddress: null } : values), context, options),
    defaultValues: toDefaultValues(profile),
  });

  const submit = form.handleSubmit(async (input) => {
    setSaved(false);
    try {
      const updated = await mutation.mutateAsync(input);
      form.reset(toDefaultValues(updated));
      setPickupLater(updated.pickupAddress === null);
      setSaved(true);
    } catch (error) {
      // The pickup address's fields the server refused ("PIN code … is not in India Post's
      // directory") are marked on them, so each goes once its field changes; anything else is
      // the mutation's error, shown above the button.
      const placed = fieldIssues(error).filter((issue) => PICKUP_FIELDS.some((field) => issue.field === `pickupAddress.${field}`));
      placed.forEach((issue, i) =>
        form.setError(
          issue.field as Path<ProfileFormValues>,
          { type: PINCODE_ERROR_TYPES.server, message: issue.message },
          { shouldFocus: i === 0 },
        ),
      );
      if (placed.length > 0) mutation.reset();
    }
  });

  const serverError = mutation.error
    ? errorMessage(mutation.error, 'We could not save your changes. Please check your internet connection and try again.')
    : null;

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
        </div>
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

/** The vendor's shop details: business name, contact phone, GSTIN, pickup address and low-stock threshold. */
export default function VendorProfileForm() {
  const profile = useVendorProfile();

  return (
    <div className="min-w-0 space-y-5">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Shop profile</h1>
      {profile.isPending ? (
        <Loading label="Loading your shop profile…" />
      ) : profile.isError ? (
        <LoadError
          what="your shop profile"
          message={errorMessage(profile.error, 'Please check your internet connection and try again.')}
          onRetry={() => void profile.refetch()}
        />
      ) : (
        <>
          <ShopStatus profile={profile.data} />
          <ProfileForm key={profile.data.id} profile={profile.data} />
        </>
      )}
    </div>
  );
}
