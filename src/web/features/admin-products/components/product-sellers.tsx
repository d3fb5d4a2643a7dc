import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { formatPrice } from '#shared/money.ts';
import { type AdminProductDetail, AdminProductDetailSchema } from '#shared/schemas/admin.ts';
import { columnsOf, type DataColumn, DataTable } from '#web/components/data-table/data-table.tsx';
import { formSectionClass } from '#web/components/product-form/product-fields.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { controlClassName, Field } from '#web/components/ui/field.tsx';
import { paths } from '#web/config/paths.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { errorMessage, useShowSavedProduct } from '../api/admin-products.ts';
import { StatusBadge } from './product-badges.tsx';

function useMergeProduct() {
  const show = useShowSavedProduct();
  return useMutation({
    mutationKey: ['admin-products', 'merge'],
    mutationFn: ({ id, into, reason }: { id: number; into: number; reason?: string }) =>
      apiRequest(`/admin/products/${id}/merge`, { method: 'POST', body: { into, ...(reason ? { reason } : {}) }, schema: AdminProductDetailSchema }),
    onSuccess: (kept) => show(kept),
  });
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
        <Link to={`/store/${encodeURIComponent(original.vendor.slug)}`} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
          {original.vendor.name}
        </Link>
        {original.vendor.status !== 'active' && <span className="block text-xs text-amber-900">shop {original.vendor.status === 'pending' ? 'awaiting approval' : 'suspended'}</span>}
        {original.sku && <span className="block text-xs text-slate-500">SKU {original.sku}</span>}
      </>
    ),
  }),
  offer.accessor('price', { header: 'Price', meta: { className: 'text-right', cellClassName: 'tabular-nums' }, cell: ({ getValue }) => formatPrice(getValue()) }),
  offer.accessor('mrp', { header: 'MRP', meta: { className: 'text-right', cellClassName: 'tabular-nums' }, cell: ({ getValue }) => formatPrice(getValue()) }),
  offer.accessor('stock', { header: 'Stock', meta: { className: 'text-right', cellClassName: 'tabular-nums' } }),
  offer.accessor('dispatchDays', { header: 'Dispatch', cell: ({ getValue }) => (getValue() === 0 ? 'Same day' : `${getValue()} working day${getValue() === 1 ? '' : 's'}`) }),
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
  const [into, setInto] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const target = Number(into.trim());
    if (!/^[1-9]\d{0,14}$/.test(into.trim())) return setProblem('Enter the id of the product to keep, such as 42');
    if (target === product.id) return setProblem('Choose another product: a product cannot be merged into itself');
    setProblem(undefined);
    merge.mutate({ id: product.id, into: target, reason: reason.trim() || undefined }, { onSuccess: () => void navigate(paths.adminProduct(target)) });
  }

  return (
    <section aria-labelledby={`${ids}-sellers`} className={`${formSectionClass} mt-6`}>
      <h2 id={`${ids}-sellers`} className="text-lg font-semibold text-slate-900">
        Sellers ({offers.length})
      </h2>
      <p className="mt-1 text-sm text-slate-600">Each seller's own offer. The first on sale holds the buy box: the lowest price in stock, then the quicker dispatch.</p>
      <div className="mt-3">
        <DataTable label="Sellers' offers" columns={OFFER_COLUMNS} rows={offers} rowId={(offer) => String(offer.id)} />
      </div>

      <form onSubmit={submit} noValidate className="mt-5 border-t border-slate-200 pt-4" aria-labelledby={`${ids}-merge`}>
        <h3 id={`${ids}-merge`} className="font-semibold text-slate-900">
          Merge into another product
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          When this listing duplicates another of the same model, move its sellers' offers there. Its orders keep their lines; this listing leaves the store.
        </p>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <Field id={`${ids}-into`} label="Id of the product to keep" hint="The number at the end of its address, /product/42" error={problem}>
            {(describedBy) => (
              <input id={`${ids}-into`} inputMode="numeric" value={into} onChange={(event) => setInto(event.target.value)} aria-invalid={problem ? true : undefined} aria-describedby={describedBy} className={controlClassName} />
            )}
          </Field>
          <Field id={`${ids}-reason`} label="Reason, kept in the audit log" optional>
            {(describedBy) => <input id={`${ids}-reason`} value={reason} onChange={(event) => setReason(event.target.value)} aria-describedby={describedBy} className={controlClassName} />}
          </Field>
        </div>
        <div aria-live="assertive">
          {merge.isError && <p className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">{errorMessage(merge.error, 'The products could not be merged. Please try again.')}</p>}
        </div>
        <button type="submit" disabled={merge.isPending} className={`${buttonClass('secondary')} mt-3`}>
          {merge.isPending ? 'Merging…' : 'Merge into that product'}
        </button>
      </form>
    </section>
  );
}
