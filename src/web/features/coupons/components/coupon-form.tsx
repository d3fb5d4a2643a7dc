import { useEffect, useState } from 'react';
import { type UseFormSetError, useForm, useWatch } from 'react-hook-form';
import { CATEGORIES, CATEGORY_LABELS } from '#shared/categories.ts';
import type { Coupon } from '#shared/schemas/coupons.ts';
import { CheckboxField, SelectField, TextField } from '#web/components/form/form-fields.tsx';
import { FormActions, FormSection } from '#web/components/form/form-layout.tsx';
import { ApiError, errorMessage, fieldIssues } from '#web/lib/api-client.ts';
import { type NewCoupon, useCreateCoupon } from '../api/create-coupon.ts';
import { SELLERS_LISTED, useCouponSellers } from '../api/get-coupon-sellers.ts';
import type { CouponArea } from '../api/get-coupons.ts';
import {
  type CouponField,
  type CouponFormValues,
  couponResolver,
  emptyCouponForm,
  indiaToday,
  isCouponField,
} from '../coupon-form-values.ts';

const OFFLINE = 'The coupon was not created. Please check your internet connection and try again.';

const CATEGORY_CHOICES = CATEGORIES.map((category) => ({ value: category, label: CATEGORY_LABELS[category].plural }));
const KIND_CHOICES = [
  { value: 'percent', label: 'Percentage off' },
  { value: 'flat', label: 'Flat amount off (₹)' },
];

/**
 * Puts the server's refusal where it belongs: each field's issue on its field (the first takes the
 * focus), a taken code on the code. Says what is left for the box above the buttons, if anything.
 */
function placeServerErrors(
  error: unknown,
  setError: UseFormSetError<CouponFormValues>,
  shown: (field: CouponField) => boolean,
): string | null {
  const issues = fieldIssues(error);
  const placed = issues.filter((issue) => isCouponField(issue.field) && shown(issue.field));
  placed.forEach((issue, index) =>
    setError(issue.field as CouponField, { type: 'server', message: issue.message }, { shouldFocus: index === 0 }),
  );
  if (placed.length === 0 && error instanceof ApiError && error.code === 'CONFLICT') {
    setError('code', { type: 'server', message: error.message }, { shouldFocus: true });
    return null;
  }
  if (placed.length > 0 && placed.length === issues.length) return null;
  return errorMessage(error, OFFLINE);
}

interface CouponFormProps {
  area: CouponArea;
  /** the form's section id (the "New coupon" button controls it) */
  id: string;
  onCreated: (coupon: Coupon) => void;
  onCancel: () => void;
}

/**
 * A new coupon: its code and discount (a percentage, with an optional cap, or a flat amount, in
 * rupees), the minimum order, validity in India dates, limits, and what it applies to (a category;
 * for an admin, also one seller). Checked by the shared schema before it is sent; the server's
 * objections are shown on their fields.
 */
export function CouponForm({ area, id, onCreated, onCancel }: CouponFormProps) {
  const create = useCreateCoupon(area);
  const sellers = useCouponSellers(area === 'admin');
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<CouponFormValues, unknown, NewCoupon>({ resolver: couponResolver, defaultValues: emptyCouponForm(indiaToday()) });
  const { handleSubmit, setError, setFocus } = form;
  const kind = useWatch({ control: form.control, name: 'kind' });

  useEffect(() => {
    setFocus('code');
  }, [setFocus]);

  const shown = (field: CouponField) => (field === 'vendorId' ? area === 'admin' : field === 'maxDiscount' ? kind === 'percent' : true);

  const submit = handleSubmit((input) => {
    setServerError(null);
    create.mutate(input, {
      onSuccess: onCreated,
      onError: (error) => setServerError(placeServerErrors(error, setError, shown)),
    });
  });

  const sellerChoices = (sellers.data?.sellers ?? []).map((seller) => ({
    value: String(seller.id),
    label: seller.status === 'active' ? seller.name : `${seller.name} (${seller.status})`,
  }));

  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="mt-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        New coupon
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {area === 'admin'
          ? 'The marketplace pays for this coupon’s discounts: sellers are paid for their items in full.'
          : 'Your coupon applies to your own products only. Its discounts come out of your payable: your settlement deducts them from your sales, and commission is charged on what is left.'}
      </p>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        <FormSection legend="Code and discount">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              form={form}
              name="code"
              label="Code"
              hint="4 to 20 letters and digits, like DIWALI10. Shoppers type it in their cart."
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              controlClass="font-mono uppercase"
            />
            <TextField
              form={form}
              name="description"
              label="Description"
              optional
              hint="For your own records, up to 200 characters"
              autoComplete="off"
              maxLength={200}
            />
            <SelectField form={form} name="kind" label="Discount type" options={KIND_CHOICES} />
            {kind === 'percent' ? (
              <TextField
                form={form}
                name="value"
                label="Discount (%)"
                hint="A whole number from 1 to 90"
                inputMode="numeric"
                autoComplete="off"
              />
            ) : (
              <TextField
                form={form}
                name="value"
                label="Discount"
                hint="In rupees, like 500"
                prefix="₹"
                inputMode="decimal"
                autoComplete="off"
              />
            )}
            <TextField
              form={form}
              name="minOrder"
              label="Minimum order"
              optional
              hint="Of the items it applies to; empty for none"
              prefix="₹"
              inputMode="decimal"
              autoComplete="off"
            />
            {kind === 'percent' && (
              <TextField
                form={form}
                name="maxDiscount"
                label="Maximum discount"
                optional
                hint="The most one order saves; empty for no cap"
                prefix="₹"
                inputMode="decimal"
                autoComplete="off"
              />
            )}
          </div>
        </FormSection>

        <FormSection
          legend="Validity and limits"
          description="Dates are India dates: the coupon works from the start of the first day to the end of the last."
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField form={form} name="startsOn" label="Starts on" type="date" />
            <TextField form={form} name="endsOn" label="Ends on" type="date" />
            <TextField
              form={form}
              name="totalLimit"
              label="Total uses"
              optional
              hint="Orders that may use it in all; empty for no limit"
              inputMode="numeric"
              autoComplete="off"
            />
            <TextField form={form} name="perCustomerLimit" label="Uses per customer" inputMode="numeric" autoComplete="off" />
            <CheckboxField
              form={form}
              name="firstOrderOnly"
              label="First order only"
              hint="Only for a customer with no earlier confirmed order that was not cancelled, by account or, for a guest, by e-mail"
              className="sm:col-span-2"
            />
          </div>
        </FormSection>

        <FormSection
          legend="Applies to"
          description={
            area === 'admin'
              ? 'Everything in the store, or only one category, one seller’s products, or both.'
              : 'All your products, or only one category of them.'
          }
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField form={form} name="category" label="Category" options={CATEGORY_CHOICES} placeholder="All categories" />
            {area === 'admin' && (
              <SelectField
                form={form}
                name="vendorId"
                label="Seller"
                options={sellerChoices}
                placeholder="All sellers"
                hint={
                  sellers.isPending
                    ? 'Loading the sellers…'
                    : sellers.isError
                      ? `We could not load the sellers: ${errorMessage(sellers.error, 'please check your connection')}.`
                      : sellers.data.more
                        ? `The first ${SELLERS_LISTED} sellers by name.`
                        : undefined
                }
              />
            )}
          </div>
        </FormSection>

        <FormActions
          submitLabel="Create coupon"
          pendingLabel="Creating…"
          pending={create.isPending}
          error={serverError}
          onCancel={onCancel}
        />
      </form>
    </section>
  );
}
