import { Plus, Store, Upload } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatPrice } from '#shared/money.ts';
import { VENDOR_PRODUCT_SORTS, VENDOR_PRODUCT_STATES, type VendorProduct, type VendorProductState } from '#shared/schemas/vendor.ts';
import { columnsOf, type DataColumn, DataTable } from '#web/components/data-table/data-table.tsx';
import { type Filter, FilterBar } from '#web/components/data-table/filter-bar.tsx';
import { EmptyState, PagedList } from '#web/components/data-table/paged-list.tsx';
import { type StatusTab, StatusTabs } from '#web/components/data-table/status-tabs.tsx';
import { thumbnailColumn } from '#web/components/data-table/thumbnail-column.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { searchOf, withParam } from '#web/lib/url-params.ts';
import { useVendorProducts, type VendorProductSort } from '../api/vendor-products.ts';
import { vendorProductPaths } from '../paths.ts';
import { HiddenByAdminBadge, StatusBadge, STATUS_LABELS } from './field.tsx';
import { ModerationReplyForm } from './moderation-reply.tsx';
import { StockEditor } from './stock-editor.tsx';

const PAGE_SIZE = 20;

const SORT_LABELS: Record<VendorProductSort, string> = {
  newest: 'Newest first',
  name: 'Name (A–Z)',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  stock_asc: 'Stock: lowest first',
};

/** The products of a state, for "You have no draft products". */
const STATE_NOUNS: Record<VendorProductState, string> = {
  draft: 'draft products',
  active: 'active products',
  archived: 'archived products',
  hidden: 'products hidden by an admin',
};

/** Every state has a tab but Hidden, which shows only while some product is hidden (or it is the tab open). */
const STATE_LABELS: Record<VendorProductState, string> = { ...STATUS_LABELS, hidden: 'Hidden by admin' };

/** The search box; the status is chosen by the tabs above it, which show each status's count. */
const SEARCH: readonly Filter[] = [{ kind: 'text', param: 'q', label: 'Search your products', placeholder: 'Name, brand or SKU' }];

interface ListState {
  q: string | undefined;
  status: VendorProductState | undefined;
  sort: VendorProductSort;
  page: number;
}

/** The list's state as the URL holds it; anything unreadable falls back to the default. */
function readState(params: URLSearchParams): ListState {
  const q = params.get('q')?.trim() || undefined;
  const status = VENDOR_PRODUCT_STATES.find((value) => value === params.get('status'));
  const sort = VENDOR_PRODUCT_SORTS.find((value) => value === params.get('sort')) ?? 'newest';
  const pageText = params.get('page') ?? '';
  const page = /^[1-9]\d{0,5}$/.test(pageText) ? Number(pageText) : 1;
  return { q, status, sort, page };
}

/** The vendor's products: filter by status, search, sort, page, and fix stock in place. */
export default function VendorProductList() {
  const [params, setParams] = useSearchParams();
  const ids = useId();
  const state = readState(params);
  const products = useVendorProducts({
    q: state.q,
    status: state.status,
    sort: state.sort,
    page: state.page,
    pageSize: PAGE_SIZE,
  });

  const update = (next: URLSearchParams) => void setParams(next, { preventScrollReset: true });

  const counts = products.data?.counts;
  const all = counts ? VENDOR_PRODUCT_STATES.reduce((sum, value) => sum + counts[value], 0) : undefined;
  const filtered = state.q !== undefined || state.status !== undefined;

  const tabs: StatusTab<VendorProductState>[] = [
    { value: undefined, label: 'All', count: all },
    ...VENDOR_PRODUCT_STATES.filter((value) => value !== 'hidden' || (counts?.hidden ?? 0) > 0 || state.status === 'hidden').map(
      (value) => ({
        value,
        label: STATE_LABELS[value],
        count: counts?.[value],
      }),
    ),
  ];

  return (
    <div className="min-w-0">
      <title>Products · Vendor dashboard</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Products</h1>
        <div className="flex flex-col gap-2 min-[400px]:flex-row">
          <Link to={vendorProductPaths.create()} className={buttonClass('primary')}>
            <Plus aria-hidden="true" className="size-4" />
            Add a product
          </Link>
          <Link to={vendorProductPaths.sell()} className={buttonClass('secondary')}>
            <Store aria-hidden="true" className="size-4" />
            Sell a catalogue product
          </Link>
          <Link to={vendorProductPaths.import()} className={buttonClass('secondary')}>
            <Upload aria-hidden="true" className="size-4" />
            Import from CSV
          </Link>
        </div>
      </div>

      <StatusTabs label="Products by status" tabs={tabs} current={state.status} params={params} />

      <FilterBar filters={SEARCH} params={params} onChange={update} />

      <div className="mt-4 flex justify-end">
        <div className="flex items-center gap-2">
          <label htmlFor={`${ids}-sort`} className="shrink-0 text-sm font-medium text-slate-900">
            Sort by
          </label>
          <select
            id={`${ids}-sort`}
            value={state.sort}
            onChange={(event) => update(withParam(params, 'sort', event.target.value === 'newest' ? undefined : event.target.value))}
            className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base md:flex-none"
          >
            {VENDOR_PRODUCT_SORTS.map((value) => (
              <option key={value} value={value}>
                {SORT_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      </div>

      <PagedList
        query={products}
        params={params}
        noun={['product', 'products']}
        what="your products"
        pagesLabel="Pages of your products"
        empty={
          !filtered && all === 0 ? (
            <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
              <h2 className="text-lg font-semibold text-slate-900">You have no products yet</h2>
              <p className="mt-1 text-slate-600">Add your first product, or import many at once from a CSV file.</p>
              <div className="mt-4 flex flex-col justify-center gap-3 sm:flex-row">
                <Link to={vendorProductPaths.create()} className={buttonClass('primary')}>
                  Add a product
                </Link>
                <Link to={vendorProductPaths.import()} className={buttonClass('secondary')}>
                  Import from CSV
                </Link>
              </div>
            </div>
          ) : (
            <EmptyState
              title="No products match"
              action={{
                to: { search: searchOf(withParam(withParam(params, 'q', undefined), 'status', undefined)) },
                label: 'Show all products',
              }}
            >
              {state.q
                ? `Nothing matches “${state.q}”${state.status ? ` among ${STATE_NOUNS[state.status]}` : ''}. Check the spelling or try a shorter search.`
                : `You have no ${state.status ? STATE_NOUNS[state.status] : 'products'}.`}
            </EmptyState>
          )
        }
      >
        {(page, summaryId) => (
          <DataTable
            columns={COLUMNS}
            rows={page.items}
            rowId={(product) => String(product.id)}
            label="Your products"
            describedBy={summaryId}
            sort={{ value: state.sort, onChange: (sort) => update(withParam(params, 'sort', sort === 'newest' ? undefined : sort)) }}
          />
        )}
      </PagedList>
    </div>
  );
}

const products = columnsOf<VendorProduct>();

/** The table's columns: a product's name opens its editor; its stock is changed in place. */
const COLUMNS: DataColumn<VendorProduct>[] = products.columns([
  thumbnailColumn<VendorProduct>((product) => product.images[0]),
  products.accessor('name', {
    header: 'Product',
    meta: { rowHeader: true, sort: { asc: 'name' }, className: 'min-w-56' },
    cell: ({ row: { original: product } }) => (
      <>
        <Link
          to={vendorProductPaths.edit(product.id)}
          className="font-semibold wrap-break-word text-slate-900 underline-offset-2 hover:text-brand-700 hover:underline"
        >
          {product.name}
        </Link>
        <span className="block text-xs text-slate-500">
          {product.brand} · {product.category}
        </span>
      </>
    ),
  }),
  products.accessor('sku', {
    header: 'SKU',
    cell: ({ getValue }) => <span className="font-mono text-xs whitespace-nowrap text-slate-700">{getValue() ?? '—'}</span>,
  }),
  products.accessor('status', {
    header: 'Status',
    meta: { className: 'min-w-40' },
    cell: ({ row: { original: product } }) =>
      product.hiddenReason !== null ? (
        <HiddenStatus product={product} />
      ) : (
        <span className="flex flex-wrap items-center gap-2">
          <StatusBadge status={product.status} review={product.review.status} />
          {product.status === 'draft' && product.review.status === 'pending' && (
            <span className="text-xs font-medium text-slate-700">Needs approval once published</span>
          )}
        </span>
      ),
  }),
  products.accessor('price', {
    header: 'Price',
    meta: { sort: { asc: 'price_asc', desc: 'price_desc' }, className: 'text-right' },
    cell: ({ getValue }) => <span className="font-semibold whitespace-nowrap text-slate-900">{formatPrice(getValue())}</span>,
  }),
  products.accessor('stock', {
    header: 'Stock',
    meta: { sort: { asc: 'stock_asc' } },
    cell: ({ row }) => <StockEditor product={row.original} />,
  }),
]);

/** A product an admin hid: so it reads, with the reason, and the seller answers from here. */
function HiddenStatus({ product }: { product: VendorProduct }) {
  const replies = product.moderationReplies.length;
  return (
    <div className="max-w-72 min-w-0">
      <HiddenByAdminBadge />
      <p className="mt-1 text-xs wrap-break-word text-slate-700">
        <span className="font-medium">Reason:</span> {product.hiddenReason}
      </p>
      {replies > 0 && (
        <p className="mt-1 text-xs text-slate-600">
          {replies === 1 ? 'You replied once' : `You replied ${replies} times`}
          {product.moderationReplies.at(-1)?.asksReview ? '; a review is requested' : ''}
        </p>
      )}
      <details className="mt-1 text-sm">
        <summary className="cursor-pointer font-semibold text-brand-700 underline-offset-2 hover:underline">
          Reply<span className="sr-only"> about {product.name}</span>
        </summary>
        <ModerationReplyForm product={product} compact />
      </details>
    </div>
  );
}
