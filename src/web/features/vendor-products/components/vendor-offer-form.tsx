import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { formatPrice } from '#shared/money.ts';
import { type Product, ProductListSchema } from '#shared/schemas/catalog.ts';
import { type OfferInput, VendorProductSchema } from '#shared/schemas/vendor.ts';
import { SelectField, TextField } from '#web/components/form/form-fields.tsx';
import { FormActions } from '#web/components/form/form-layout.tsx';
import { parseRupees } from '#web/components/product-form/rupees.ts';
import { controlClassName, Field } from '#web/components/ui/field.tsx';
import { ProductImage } from '#web/components/ui/product-image.tsx';
import { apiRequest } from '#web/lib/api-client.ts';
import { errorMessage, vendorProductKeys } from '../api/vendor-products.ts';
import { vendorProductPaths } from '../paths.ts';

/** Products in the catalogue matching what the seller typed: the storefront's own search. */
function useCatalogSearch(q: string) {
  return useQuery({
    queryKey: ['vendor-offers', 'catalogue', q],
    queryFn: ({ signal }) => apiRequest(`/search?${new URLSearchParams({ q, pageSize: '8' })}`, { schema: ProductListSchema, signal }),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}

function useAddOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['vendor-offers', 'add'],
    mutationFn: (input: OfferInput) => apiRequest('/vendor/offers', { method: 'POST', body: input, schema: VendorProductSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vendorProductKeys.all }),
  });
}

const DISPATCH_DAYS = [0, 1, 2, 3, 4, 5, 7, 10] as const;
const DISPATCH_CHOICES = DISPATCH_DAYS.map((days) => ({
  value: String(days),
  label: days === 0 ? 'Same day' : days === 1 ? '1 working day' : `${days} working days`,
}));

/** The offer as typed: rupees as written ("52,990"), stock and dispatch days as text. */
interface OfferValues {
  price: string;
  mrp: string;
  stock: string;
  sku: string;
  dispatchDays: string;
}
type OfferFields = Omit<OfferInput, 'productId'>;

/** Checks the offer as the server will, in the form's terms: each message says what to type. */
const offerResolver: Resolver<OfferValues, unknown, OfferFields> = (values) => {
  const price = parseRupees(values.price);
  const mrp = parseRupees(values.mrp);
  const sku = values.sku.trim();
  const problems: Partial<Record<keyof OfferValues, string>> = {};
  if (price === undefined || price <= 0) problems.price = 'Enter your price in rupees, such as 52,990';
  if (mrp === undefined || mrp <= 0) problems.mrp = 'Enter the MRP in rupees, such as 64,990';
  else if (price !== undefined && mrp < price) problems.mrp = 'MRP must be at least the price';
  if (!/^\d+$/.test(values.stock.trim())) problems.stock = 'Stock must be a whole number, 0 or more';
  if (sku !== '' && !/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(sku)) problems.sku = 'SKU: letters, digits, . _ - (up to 64)';
  if (Object.keys(problems).length > 0 || price === undefined || mrp === undefined) {
    const errors = Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, { type: 'validate', message }]));
    return { values: {}, errors: errors as FieldErrors<OfferValues> };
  }
  return {
    values: { price, mrp, stock: Number(values.stock), dispatchDays: Number(values.dispatchDays), ...(sku ? { sku } : {}) },
    errors: {},
  };
};

/**
 * Sell a product already in the catalogue: find it by model name or part number, then give your
 * own price, MRP, stock, SKU and dispatch time. Its page, photos and specifications are the
 * catalogue's; shoppers see your offer beside the other sellers'.
 */
export function VendorOfferForm({ shopApproved }: { shopApproved: boolean }) {
  const id = useId();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<Product | undefined>();
  const form = useForm<OfferValues, unknown, OfferFields>({
    resolver: offerResolver,
    defaultValues: { price: '', mrp: '', stock: '', sku: '', dispatchDays: '2' },
  });
  const found = useCatalogSearch(q);
  const add = useAddOffer();
  const offerHeading = useRef<HTMLHeadingElement>(null);

  // Focus follows the step: once a product is chosen, to the offer's heading.
  useEffect(() => {
    if (chosen) offerHeading.current?.focus();
  }, [chosen]);

  // The first field to fix takes the focus and says what is wrong with it.
  const submit = form.handleSubmit((fields) => {
    if (!chosen) return;
    add.mutate({ productId: chosen.id, ...fields }, { onSuccess: (product) => void navigate(vendorProductPaths.edit(product.id)) });
  });

  const results = found.data?.items ?? [];

  return (
    <div className="mx-auto max-w-3xl">
      <title>Sell a catalogue product · Vendor dashboard</title>
      <p className="text-sm">
        <Link to={vendorProductPaths.list()} className="font-medium text-brand-700 underline underline-offset-2">
          ← Products
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">Sell a product already in the catalogue</h1>
      <p className="mt-2 text-slate-600">
        When the model you stock is already listed, add your offer to its page instead of listing it again: shoppers compare your price and
        dispatch time with the other sellers', and the lowest price in stock is shown first.
      </p>
      {!shopApproved && (
        <p role="status" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          Your shop is awaiting approval: you can add offers once it is approved.
        </p>
      )}

      <section aria-labelledby={`${id}-find`} className="mt-6 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <h2 id={`${id}-find`} className="text-lg font-semibold text-slate-900">
          1. Find the product
        </h2>
        <Field
          id={`${id}-q`}
          label="Model name, part number or EAN"
          hint="For example “Inspiron 15 3530”, “U2723QE” or the 13 digits of the box’s barcode"
          className="mt-3"
        >
          {(describedBy) => (
            <input
              id={`${id}-q`}
              type="search"
              value={q}
              onChange={(event) => setQ(event.target.value)}
              aria-describedby={describedBy}
              className={controlClassName}
              autoComplete="off"
            />
          )}
        </Field>
        <div aria-live="polite" className="mt-3">
          {q.trim().length >= 2 && found.isSuccess && results.length === 0 && (
            <p className="text-sm text-slate-600">No product in the catalogue matches “{q}”. You can list it as a new product.</p>
          )}
          {found.isError && (
            <p className="text-sm text-red-700">{errorMessage(found.error, 'We could not search the catalogue. Please try again.')}</p>
          )}
        </div>
        {results.length > 0 && (
          <fieldset className="mt-2">
            <legend className="sr-only">Products found</legend>
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
              {results.map((product) => (
                <li key={product.id}>
                  <label className="flex cursor-pointer items-center gap-3 p-3 has-[:checked]:bg-brand-50">
                    <input
                      type="radio"
                      name={`${id}-product`}
                      checked={chosen?.id === product.id}
                      onChange={() => setChosen(product)}
                      className="size-4 shrink-0"
                    />
                    <ProductImage
                      src={product.images[0]}
                      alt=""
                      width={64}
                      height={48}
                      className="aspect-[4/3] w-16 shrink-0 rounded border border-slate-200 object-cover"
                    />
                    <span className="min-w-0">
                      <span className="block font-medium text-slate-900">{product.name}</span>
                      <span className="block text-sm text-slate-600">
                        {product.brand} · from {formatPrice(product.price)} ·{' '}
                        {product.sellerCount === 1 ? '1 seller' : `${product.sellerCount} sellers`}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
      </section>

      {chosen && (
        <form
          onSubmit={(event) => void submit(event)}
          noValidate
          className="mt-6 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
          aria-labelledby={`${id}-offer`}
        >
          <h2 id={`${id}-offer`} ref={offerHeading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
            2. Your offer for {chosen.name}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Lowest price now {formatPrice(chosen.price)}, sold by {chosen.vendor.name}. Prices include GST.
          </p>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <TextField form={form} name="price" label="Your price (₹)" inputMode="decimal" autoComplete="off" />
            <TextField form={form} name="mrp" label="MRP (₹)" inputMode="decimal" autoComplete="off" />
            <TextField form={form} name="stock" label="Stock" inputMode="numeric" autoComplete="off" />
            <SelectField form={form} name="dispatchDays" label="Dispatch time" options={DISPATCH_CHOICES} />
            <TextField form={form} name="sku" label="Your SKU" optional autoComplete="off" spellCheck={false} className="sm:col-span-2" />
          </div>
          <FormActions
            submitLabel="Start selling"
            pendingLabel="Adding your offer…"
            pending={add.isPending}
            disabled={!shopApproved}
            error={add.isError ? errorMessage(add.error, 'We could not add your offer. Please try again.') : null}
          />
        </form>
      )}
    </div>
  );
}
