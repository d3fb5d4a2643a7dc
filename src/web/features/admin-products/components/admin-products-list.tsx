import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CATEGORIES, CATEGORY_LABELS } from '#shared/categories.ts';
import { formatPrice } from '#shared/money.ts';
import { columnsOf, type DataColumn, DataTable } from '#web/components/data-table/data-table.tsx';
import { anyFilterSet, type Filter, FilterBar, withoutFilters } from '#web/components/data-table/filter-bar.tsx';
import { EmptyState, PagedList } from '#web/components/data-table/paged-list.tsx';
import { thumbnailColumn } from '#web/components/data-table/thumbnail-column.tsx';
import { paths } from '#web/config/paths.ts';
import { searchOf } from '#web/lib/url-params.ts';
import {
  useAdminProducts,
  type AdminProduct,
  type AdminProductCategory,
  type AdminProductStatusFilter,
  type AdminProductStockFilter,
  type ModerationResult,
} from '../api/admin-products.ts';
import { ModerationActions } from './moderation-actions.tsx';
import { HiddenBadge, StatusBadge } from './product-badges.tsx';

const PAGE_SIZE = 20;

const STATUS_FILTERS = ['draft', 'active', 'archived', 'hidden', 'review'] as const satisfies readonly AdminProductStatusFilter[];
const STATUS_FILTER_LABELS: Record<AdminProductStatusFilter, string> = {
  draft: 'Draft',
  active: 'Active',
  archived: 'Archived',
  hidden: 'Hidden by moderation',
  review: 'Awaiting approval',
};

const STOCK_FILTERS = ['out', 'low'] as const satisfies readonly AdminProductStockFilter[];
const STOCK_FILTER_LABELS: Record<AdminProductStockFilter, string> = { out: 'Out of stock', low: '5 or fewer' };

const VENDOR_SLUG = /^[a-z0-9-]{1,80}$/;

/** The list's filters, each a URL parameter; a vendor is named by its store address. */
const FILTERS: readonly Filter[] = [
  { kind: 'text', param: 'q', label: 'Search by name or brand' },
  {
    kind: 'text',
    param: 'vendor',
    label: 'Vendor (store address)',
    type: 'text',
    maxLength: 200,
    placeholder: 'e.g. kochi-computers',
    normalize: toVendorSlug,
    check: (slug) =>
      VENDOR_SLUG.test(slug) ? undefined : 'Enter the store address as it appears after /store/, for example kochi-computers',
  },
  {
    kind: 'select',
    param: 'category',
    label: 'Category',
    anyLabel: 'All categories',
    options: CATEGORIES.map((category) => ({ value: category, label: CATEGORY_LABELS[category].singular })),
  },
  {
    kind: 'select',
    param: 'status',
    label: 'Status',
    anyLabel: 'All',
    options: STATUS_FILTERS.map((status) => ({ value: status, label: STATUS_FILTER_LABELS[status] })),
  },
  {
    kind: 'select',
    param: 'stock',
    label: 'Stock',
    anyLabel: 'Any',
    options: STOCK_FILTERS.map((stock) => ({ value: stock, label: STOCK_FILTER_LABELS[stock] })),
  },
];

interface ListState {
  q: string | undefined;
  vendor: string | undefined;
  category: AdminProductCategory | undefined;
  status: AdminProductStatusFilter | undefined;
  stock: AdminProductStockFilter | undefined;
  page: number;
}

function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | undefined {
  return allowed.find((item) => item === value);
}

/** The list's state as the URL holds it; anything unreadable falls back to the default. */
function readState(params: URLSearchParams): ListState {
  const vendor = params.get('vendor')?.trim().toLowerCase() ?? '';
  const pageText = params.get('page') ?? '';
  return {
    q: params.get('q')?.trim().slice(0, 100) || undefined,
    vendor: VENDOR_SLUG.test(vendor) ? vendor : undefined,
    category: oneOf(CATEGORIES, params.get('category')),
    status: oneOf(STATUS_FILTERS, params.get('status')),
    stock: oneOf(STOCK_FILTERS, params.get('stock')),
    page: /^[1-9]\d{0,5}$/.test(pageText) ? Number(pageText) : 1,
  };
}

/** What was typed in the vendor field as a store slug: "Kochi-Computers" or a pasted …/store/kochi-computers link. */
function toVendorSlug(text: string): string {
  const trimmed = text.trim().toLowerCase();
  const fromLink = /\/store\/([^/?#\s]+)/.exec(trimmed)?.[1];
  return fromLink ?? trimmed;
}

const storePath = (slug: string) => `/store/${encodeURIComponent(slug)}`;

/** Where focus goes once a row's action has been done. */
type FocusRequest = { productId: number; seq: number };

/** Every vendor's products: search, filter, page through, and hide or restore them. */
export default function AdminProductsList() {
  const [params, setParams] = useSearchParams();
  const ids = useId();
  const state = readState(params);
  const products = useAdminProducts({
    q: state.q,
    vendor: state.vendor,
    category: state.category,
    status: state.status,
    stock: state.stock,
    page: state.page,
    pageSize: PAGE_SIZE,
  });
  const [announcement, setAnnouncement] = useState('');
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const rowLinkId = (productId: number) => `${ids}-product-${productId}`;

  // After hiding or restoring, the row's buttons change (and with the "hidden" filter the row may
  // go): focus moves to the product's name, or to the heading when the row is gone.
  useEffect(() => {
    if (!focusRequest) return;
    const target = document.getElementById(`${ids}-product-${focusRequest.productId}`);
    (target ?? headingRef.current)?.focus();
  }, [focusRequest, ids]);

  const update = (next: URLSearchParams) => void setParams(next, { preventScrollReset: true });

  const onModerated = (result: ModerationResult, message: string) => {
    setAnnouncement(message);
    setFocusRequest((previous) => ({ productId: result.id, seq: (previous?.seq ?? 0) + 1 }));
  };

  const filtered = anyFilterSet(params, FILTERS);
  const cleared = withoutFilters(params, FILTERS);

  return (
    <div className="mx-auto w-full max-w-7xl">
      <title>Manage Products · Admin</title>
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-slate-900">
        Manage Products
      </h1>
      <p className="mt-1 text-slate-600">
        Every vendor’s products. Open one to edit or archive it; hide one to take it off the store with a reason the vendor sees.
      </p>

      <p
        role="status"
        aria-live="polite"
        className={
          announcement
            ? 'mt-4 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium wrap-break-word text-emerald-900'
            : 'sr-only'
        }
      >
        {announcement}
      </p>

      <FilterBar filters={FILTERS} params={params} onChange={update} searchLabel="Products" />

      <PagedList
        query={products}
        params={params}
        noun={['product', 'products']}
        pagesLabel="Pages of products"
        empty={
          <EmptyState
            title={filtered ? 'No products match' : 'No products yet'}
            action={filtered ? { to: { search: searchOf(cleared) }, label: 'Show all products' } : undefined}
          >
            {state.q
              ? `Nothing matches “${state.q}”. Check the spelling, or search for part of the name or brand.`
              : filtered
                ? 'No product matches these filters.'
                : 'Products appear here as vendors add them.'}
          </EmptyState>
        }
      >
        {(page, summaryId) => (
          <DataTable
            columns={productColumns(rowLinkId, onModerated)}
            rows={page.items}
            rowId={(product) => String(product.id)}
            label="Products"
            describedBy={summaryId}
          />
        )}
      </PagedList>
    </div>
  );
}

function StockCount({ stock }: { stock: number }) {
  return (
    <span className="whitespace-nowrap">
      <span className="font-medium text-slate-900">{stock}</span>
      {stock <= 0 ? (
        <span className="text-xs font-semibold text-red-700"> · Out of stock</span>
      ) : stock <= 5 ? (
        <span className="text-xs font-semibold text-amber-800"> · Low</span>
      ) : null}
    </span>
  );
}

const products = columnsOf<AdminProduct>();

/** The table's columns: the name links to the product's editor; the last column hides or restores it. */
function productColumns(
  rowLinkId: (productId: number) => string,
  onModerated: (result: ModerationResult, message: string) => void,
): DataColumn<AdminProduct>[] {
  return products.columns([
    thumbnailColumn<AdminProduct>((product) => product.image),
    products.accessor('name', {
      header: 'Product',
      meta: { rowHeader: true, className: 'min-w-56' },
      cell: ({ row: { original: product } }) => (
        <>
          <Link
            id={rowLinkId(product.id)}
            to={paths.adminProduct(product.id)}
            className="font-semibold wrap-break-word text-slate-900 underline decoration-slate-300 underline-offset-2 hover:text-brand-700 hover:decoration-current"
          >
            {product.name}
          </Link>
          <span className="block text-xs wrap-break-word text-slate-600">{product.brand}</span>
        </>
      ),
    }),
    products.accessor((product) => product.vendor.name, {
      id: 'vendor',
      header: 'Vendor',
      cell: ({ row: { original: product } }) => (
        <Link
          to={storePath(product.vendor.slug)}
          className="wrap-break-word text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          {product.vendor.name}
        </Link>
      ),
    }),
    products.accessor('category', { header: 'Category', cell: ({ getValue }) => <span className="text-slate-700">{getValue()}</span> }),
    products.accessor('price', {
      header: 'Price',
      meta: { className: 'text-right' },
      cell: ({ getValue }) => <span className="font-semibold whitespace-nowrap text-slate-900">{formatPrice(getValue())}</span>,
    }),
    products.accessor('stock', { header: 'Stock', cell: ({ getValue }) => <StockCount stock={getValue()} /> }),
    products.accessor('status', {
      header: 'Status',
      cell: ({ row: { original: product } }) => (
        <span className="flex flex-wrap items-center gap-2">
          <StatusBadge status={product.status} review={product.review} />
          {product.hiddenReason !== null && <HiddenBadge reason={product.hiddenReason} />}
        </span>
      ),
    }),
    products.display({
      id: 'actions',
      header: 'Actions',
      meta: { className: 'w-72 min-w-64' },
      cell: ({ row: { original: product } }) => <ModerationActions product={product} onModerated={onModerated} />,
    }),
  ]);
}
