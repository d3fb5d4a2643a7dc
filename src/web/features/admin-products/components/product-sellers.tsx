import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { type Resolver, type ResolverResult, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { formatPrice } from '#shared/money.ts';
import { type AdminProductDetail, AdminProductDetailSchema } from '#shared/schemas/admin.ts';
import { columnsOf, type DataColumn, DataTable } from '#web/components/data-table/data-table.tsx';
import { TextField } from '#web/components/form/form-fields.tsx';
import { FormActions } from '#web/components/form/form-layout.tsx';
import { formSectionClass } from '#web/components/product-form/product-fields.tsx';
import { paths } from '#web/config/paths.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { errorMessage, useShowSavedProduct } from '../api/admin-products.ts';
import { StatusBadge } from './product-badges.tsx';

function useMergeProduct() {
  const show = useShowSavedProduct();
  return useMutation({
    mutationKey: ['admin-products', 'merge'],
    mutationFn: ({ id, into, reason }: { id: number; into: number; reason?: string }) =>
      apiRequest(`/admin/products/${id}/merge`, {
        method: 'POST',
        body: { into, ...(reason ? { reason } : {}) },
        schema: AdminProductDetailSchema,
      }),
    onSuccess: (kept) => show(kept),
  });
}

interface MergeValues {
  into: string;
  reason: string;
}
type MergeFields = { into: number; reason?: string };

/** The product to keep: an id, not this product's own. */
function mergeResolver(productId: number): Resolver<MergeValues, unknown, MergeFields> {
  return (values): ResolverResult<MergeValues, MergeFields> => {
    const into = values.into.trim();
    const reason = values.reason.trim();
    if (!/^[1-9]\d{0,14}$/.test(into))
      return { values: {}, errors: { into: { type: 'validate', message: 'Enter the id of the product to keep, such as 42' } } };
    if (Number(into) === productId)
      return {
        values: {},
        errors: { into: { type: 'validate', message: 'Choose another product: a product cannot be merged into itself' } },
      };
    return { values: { into: Number(into), ...(reason ? { reason } : {}) }, errors: {} };
  };
}

type Offer = AdminProductDetail['offers'][number];
const offer = columnsOf<Offer>();
const OFFER_COLUMNS: DataColumn<Offer>[] = [
  offer.display({
    id: 'seller',
    header: 'Seller',
    meta: { rowHeader: true },
    cell: ({ row: { original } }) => (
      <>
        <Link
          to={`/store/${encodeURIComponent(original.vendor.slug)}`}
          className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
        >
          {original.vendor.name}
        </Link>
        {original.vendor.status !== 'active' && (
          <span className="block text-xs text-amber-900">
            shop {original.vendor.status === 'pending' ? 'awaiting approval' : 'suspended'}
          </span>
        )}
        {original.sku && <span className="block text-xs text-slate-500">SKU {original.sku}</span>}
      </>
    ),
  }),
  offer.accessor('price', {
    header: 'Price',
    meta: { className: 'text-right', cellClassName: 'tabular-nums' },
    cell: ({ getValue }) => formatPrice(getValue()),
  }),
  offer.accessor('mrp', {
    header: 'MRP',
    meta: { className: 'text-right', cellClassName: 'tabular-nums' },
    cell: ({ getValue }) => formatPrice(getValue()),
  }),
  offer.accessor('stock', { header: 'Stock', meta: { className: 'text-right', cellClassName: 'tabular-nums' } }),
  offer.accessor('dispatchDays', {
    header: 'Dispatch',
    cell: ({ getValue }) => (getValue() === 0 ? 'Same day' : `${getValue()} working day${getValue() === 1 ? '' : 's'}`),
  }),
  offer.accessor('status', { header: 'Offer', cell: ({ getValue }) => <StatusBadge status={getValue()} /> }),
];

/**
 * Every seller's offer of the product (on sale or not, the buy box first), and merging a
 * duplicate listing of the same model into another product: its sellers' offers move there, its
 * orders keep their lines, and it leaves the store.
 */
export function ProductSellers({ detail }: { detail: AdminProductDetail }) {
  const { product, offers } = detail;
  const ids = useId();
  const navigate = useNavigate();
  const merge = useMergeProduct();
  const form = useForm<MergeValues, unknown, MergeFields>({ resolver: mergeResolver(product.id), defaultValues: { into: '', reason: '' } });

  const submit = form.handleSubmit(({ into, reason }) => {
    merge.mutate({ id: product.id, into, reason }, { onSuccess: () => void navigate(paths.adminProduct(into)) });
  });

  return (
    <section aria-labelledby={`${ids}-sellers`} className={`${formSectionClass} mt-6`}>
      <h2 id={`${ids}-sellers`} className="text-lg font-semibold text-slate-900">
        Sellers ({offers.length})
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Each seller's own offer. The first on sale holds the buy box: the lowest price in stock, then the quicker dispatch.
      </p>
      <div className="mt-3">
        <DataTable label="Sellers' offers" columns={OFFER_COLUMNS} rows={offers} rowId={(offer) => String(offer.id)} />
      </div>

      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        className="mt-5 border-t border-slate-200 pt-4"
        aria-labelledby={`${ids}-merge`}
      >
        <h3 id={`${ids}-merge`} className="font-semibold text-slate-900">
          Merge into another product
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          When this listing duplicates another of the same model, move its sellers' offers there. Its orders keep their lines; this listing
          leaves the store.
        </p>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <TextField
            form={form}
            name="into"
            label="Id of the product to keep"
            hint="The number at the end of its address, /product/42"
            inputMode="numeric"
            autoComplete="off"
          />
          <TextField form={form} name="reason" label="Reason, kept in the audit log" optional autoComplete="off" />
        </div>
        <FormActions
          submitLabel="Merge into that product"
          pendingLabel="Merging…"
          pending={merge.isPending}
          error={merge.isError ? errorMessage(merge.error, 'The products could not be merged. Please try again.') : null}
        />
      </form>
    </section>
  );
}
