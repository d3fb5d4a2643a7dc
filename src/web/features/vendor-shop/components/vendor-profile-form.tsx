import { useId, useState } from 'react';
import { useForm, type DefaultValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import type { z } from 'zod';
import { INDIAN_STATES } from '#shared/india.ts';
import { VendorProfileInputSchema, type VendorProfile } from '#shared/schemas/vendor.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { Loading } from '#web/components/ui/loading.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useUpdateVendorProfile, useVendorProfile } from '../api/vendor-shop.ts';
import { nationalNumber } from '../format.ts';
import { vendorPaths } from '../vendor-paths.ts';
import { controlBase, controlClassName, Field } from '#web/components/ui/field.tsx';
import { MobilePrefix } from './form-field.tsx';
import { LoadError } from './load-error.tsx';

type ProfileFormValues = z.input<typeof VendorProfileInputSchema>;
type ProfileInput = z.output<typeof VendorProfileInputSchema>;
type PickupValues = NonNullable<ProfileFormValues['pickupAddress']>;
type FieldName = keyof ProfileFormValues | `pickupAddress.${keyof PickupValues}`;

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
  };
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

const fieldsetClass = 'min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-6';
const legendClass = 'float-left w-full text-lg font-semibold text-slate-900';

function ProfileForm({ profile }: { profile: VendorProfile }) {
  const idPrefix = useId();
  const fieldId = (name: FieldName) => `${idPrefix}-${name.replace('.', '-')}`;
  const [pickupLater, setPickupLater] = useState(profile.pickupAddress === null);
  const [saved, setSaved] = useState(false);
  const mutation = useUpdateVendorProfile();

  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormValues, unknown, ProfileInput>({
    // "I'll add it later" sends null; the hidden fields are neither checked nor sent.
    resolver: (values, context, options) =>
      schemaResolver(pickupLater ? { ...values, pickupAddress: null } : values, context, options),
    defaultValues: toDefaultValues(profile),
  });

  const pickupErrors = errors.pickupAddress;

  const submit = handleSubmit(async (input) => {
    setSaved(false);
    try {
      const updated = await mutation.mutateAsync(input);
      reset(toDefaultValues(updated));
      setPickupLater(updated.pickupAddress === null);
      setSaved(true);
    } catch {
      // The mutation's error is shown above the button.
    }
  });

  const serverError = mutation.error
    ? mutation.error instanceof ApiError
      ? mutation.error.message
      : 'We could not save your changes. Please check your internet connection and try again.'
    : null;

  const invalid = (error: unknown) => (error ? true : undefined);

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <fieldset className={fieldsetClass}>
        <legend className={legendClass}>Business details</legend>
        <div className="clear-left grid gap-5 pt-4 sm:grid-cols-2">
          <Field id={fieldId('businessName')} label="Business name" error={errors.businessName?.message} className="sm:col-span-2">
            {(describedBy) => (
              <input
                id={fieldId('businessName')}
                type="text"
                autoComplete="organization"
                aria-invalid={invalid(errors.businessName)}
                aria-describedby={describedBy}
                className={controlClassName}
                {...register('businessName')}
              />
            )}
          </Field>
          <Field id={fieldId('phone')} label="Contact phone" hint="10-digit mobile number" error={errors.phone?.message}>
            {(describedBy) => (
              <div className="flex">
                <MobilePrefix />
                <input
                  id={fieldId('phone')}
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel-national"
                  aria-invalid={invalid(errors.phone)}
                  aria-describedby={describedBy}
                  className={`${controlBase} rounded-r-lg`}
                  {...register('phone')}
                />
              </div>
            )}
          </Field>
          <Field id={fieldId('gstin')} label="GSTIN" optional hint="15 characters, like 29ABCDE1234F1Z5" error={errors.gstin?.message}>
            {(describedBy) => (
              <input
                id={fieldId('gstin')}
                type="text"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={15}
                aria-invalid={invalid(errors.gstin)}
                aria-describedby={describedBy}
                className={`${controlClassName} font-mono uppercase`}
                {...register('gstin')}
              />
            )}
          </Field>
        </div>
      </fieldset>

      <fieldset className={fieldsetClass}>
        <legend className={legendClass}>Pickup address</legend>
        <p className="clear-left pt-1 text-sm text-slate-600">Where couriers collect your parcels.</p>
        <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:gap-6">
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
          <div className="mt-5 grid grid-cols-1 gap-5 sm:grid-cols-12">
            <Field id={fieldId('pickupAddress.name')} label="Contact name" error={pickupErrors?.name?.message} className="sm:col-span-6">
              {(describedBy) => (
                <input
                  id={fieldId('pickupAddress.name')}
                  type="text"
                  autoComplete="name"
                  aria-invalid={invalid(pickupErrors?.name)}
                  aria-describedby={describedBy}
                  className={controlClassName}
                  {...register('pickupAddress.name')}
                />
              )}
            </Field>
            <Field
              id={fieldId('pickupAddress.phone')}
              label="Mobile number"
              hint="10-digit mobile number"
              error={pickupErrors?.phone?.message}
              className="sm:col-span-6"
            >
              {(describedBy) => (
                <div className="flex">
                  <MobilePrefix />
                  <input
                    id={fieldId('pickupAddress.phone')}
                    type="tel"
                    inputMode="tel"
                    autoComplete="tel-national"
                    aria-invalid={invalid(pickupErrors?.phone)}
                    aria-describedby={describedBy}
                    className={`${controlBase} rounded-r-lg`}
                    {...register('pickupAddress.phone')}
                  />
                </div>
              )}
            </Field>
            <Field
              id={fieldId('pickupAddress.line1')}
              label="Address line 1"
              hint="Shop or building, street"
              error={pickupErrors?.line1?.message}
              className="sm:col-span-12"
            >
              {(describedBy) => (
                <input
                  id={fieldId('pickupAddress.line1')}
                  type="text"
                  autoComplete="address-line1"
                  aria-invalid={invalid(pickupErrors?.line1)}
                  aria-describedby={describedBy}
                  className={controlClassName}
                  {...register('pickupAddress.line1')}
                />
              )}
            </Field>
            <Field
              id={fieldId('pickupAddress.line2')}
              label="Address line 2"
              optional
              hint="Area, landmark"
              error={pickupErrors?.line2?.message}
              className="sm:col-span-12"
            >
              {(describedBy) => (
                <input
                  id={fieldId('pickupAddress.line2')}
                  type="text"
                  autoComplete="address-line2"
                  aria-invalid={invalid(pickupErrors?.line2)}
                  aria-describedby={describedBy}
                  className={controlClassName}
                  {...register('pickupAddress.line2')}
                />
              )}
            </Field>
            <Field id={fieldId('pickupAddress.city')} label="City" error={pickupErrors?.city?.message} className="sm:col-span-4">
              {(describedBy) => (
                <input
                  id={fieldId('pickupAddress.city')}
                  type="text"
                  autoComplete="address-level2"
                  aria-invalid={invalid(pickupErrors?.city)}
                  aria-describedby={describedBy}
                  className={controlClassName}
                  {...register('pickupAddress.city')}
                />
              )}
            </Field>
            <Field id={fieldId('pickupAddress.state')} label="State" error={pickupErrors?.state?.message} className="sm:col-span-5">
              {(describedBy) => (
                <select
                  id={fieldId('pickupAddress.state')}
                  autoComplete="address-level1"
                  aria-invalid={invalid(pickupErrors?.state)}
                  aria-describedby={describedBy}
                  className={controlClassName}
                  {...register('pickupAddress.state')}
                >
                  <option value="">Choose a state or union territory</option>
                  {INDIAN_STATES.map((state) => (
                    <option key={state} value={state}>
                      {state}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field id={fieldId('pickupAddress.pincode')} label="PIN code" error={pickupErrors?.pincode?.message} className="sm:col-span-3">
              {(describedBy) => (
                <input
                  id={fieldId('pickupAddress.pincode')}
                  type="text"
                  inputMode="numeric"
                  maxLength={6}
                  autoComplete="postal-code"
                  aria-invalid={invalid(pickupErrors?.pincode)}
                  aria-describedby={describedBy}
                  className={controlClassName}
                  {...register('pickupAddress.pincode')}
                />
              )}
            </Field>
          </div>
        )}
      </fieldset>

      <fieldset className={fieldsetClass}>
        <legend className={legendClass}>Stock alerts</legend>
        <div className="clear-left pt-4">
          <Field
            id={fieldId('lowStockThreshold')}
            label="Low-stock threshold"
            hint="Products with this many units or fewer are listed under Low stock on your overview."
            error={errors.lowStockThreshold?.message}
            className="max-w-xs"
          >
            {(describedBy) => (
              <input
                id={fieldId('lowStockThreshold')}
                type="number"
                inputMode="numeric"
                min={0}
                max={1000}
                step={1}
                aria-invalid={invalid(errors.lowStockThreshold)}
                aria-describedby={describedBy}
                className={controlClassName}
                {...register('lowStockThreshold', { valueAsNumber: true })}
              />
            )}
          </Field>
        </div>
      </fieldset>

      {serverError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {serverError}
        </div>
      ) : null}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <button type="submit" disabled={isSubmitting} className={`${buttonClass('primary')} w-full sm:w-auto`}>
          {isSubmitting ? 'Saving…' : 'Save changes'}
        </button>
        <p role="status" aria-live="polite" className="text-sm font-medium text-emerald-800">
          {saved ? 'Your changes have been saved.' : ''}
        </p>
      </div>
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
        <LoadError title="We could not load your shop profile." error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <>
          <ShopStatus profile={profile.data} />
          <ProfileForm key={profile.data.id} profile={profile.data} />
        </>
      )}
    </div>
  );
}
