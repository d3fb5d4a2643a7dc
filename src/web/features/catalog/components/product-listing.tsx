import { type ReactNode, startTransition, useCallback, useEffect, useId, useOptimistic, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { Category } from '#shared/categories.ts';
import type { Sort } from '#shared/schemas/catalog.ts';
import { JsonLd } from '#web/components/seo/page-meta.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { Loading } from '#web/components/ui/loading.tsx';
import { paths } from '#web/config/paths.ts';
import { useRememberedPincode } from '#web/lib/remembered-pincode.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';
import { useProducts } from '../api/get-products.ts';
import { filterChips } from '../listing-filters.ts';
import { clearFilters, hasActiveFilters, listingQueryFromUrl, toggleFilterValue, withParam } from '../listing-query.ts';
import { breadcrumbJsonLd, productsBreadcrumbJsonLd } from '../structured-data.ts';
import { ActiveFilters } from './active-filters.tsx';
import { FilterDrawer } from './filter-drawer.tsx';
import { FilterPanel } from './filter-panel.tsx';
import { type ListingPage, ListingMeta } from './listing-meta.tsx';
import { Pagination } from './pagination.tsx';
import { ProductGrid } from './product-card.tsx';

const SORT_LABELS: Record<Sort, string> = {
  relevance: 'Relevance',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  newest: 'Newest first',
  rating: 'Customer rating',
};

interface ProductListingProps {
  title: ReactNode;
  /** how search engines see the listing; an embedded listing leaves it to its page */
  meta?: ListingPage;
  intro?: ReactNode;
  category?: Category;
  q?: string;
  /** a shop's slug: only that shop's products */
  vendor?: string;
  /** part of a page that has its own h1 and title */
  embedded?: boolean;
}

/**
 * Where the sticky Sort/Filter bar sits: just under the site's header, which is sticky too and
 * as tall as its wrapped rows make it (measured once hydrated; the bar is under it until then).
 */
function useHeaderHeight(): number | undefined {
  const [height, setHeight] = useState<number>();
  useEffect(() => {
    const header = document.querySelector('header');
    if (!header) return;
    const measure = () => setHeight(Math.round(header.getBoundingClientRect().height));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return height;
}

/**
 * A listing with filters, sort, result count, pagination and an empty state; all state in the URL.
 * The chosen filters are chips above the results. Wide screens have the filters beside the
 * results; narrower ones a sticky bar with Filters and Sort, and the filters in a drawer.
 */
export function ProductListing({ title, meta, intro, category, q, vendor, embedded = false }: ProductListingProps) {
  const [urlParams, setParams] = useSearchParams();
  // The router applies URL changes in a transition; show the shopper's choice at once meanwhile.
  const [params, showParams] = useOptimistic(urlParams);
  const location = useLocation();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersButton = useRef<HTMLButtonElement>(null);
  const summary = useRef<HTMLParagraphElement>(null);
  const headerHeight = useHeaderHeight();
  const ids = useId();
  const store = useStoreInfo();
  const query = listingQueryFromUrl(params, { category, q, vendor });
  // The PIN code the shopper checked delivery to on a product page (known once hydrated), or the link's own.
  const [rememberedPincode] = useRememberedPincode();
  const deliverTo = query.deliverTo ?? rememberedPincode ?? undefined;
  const Heading = embedded ? 'h2' : 'h1';
  const { data, isPending, isError, error, isPlaceholderData, refetch } = useProducts(query);

  const update = (next: URLSearchParams) =>
    startTransition(() => {
      showParams(next);
      void setParams(next, { preventScrollReset: true });
    });
  const filtersActive = hasActiveFilters(params);
  const hidden = category ? ['category'] : [];
  const chips = filterChips(params, { hidden, category: category ?? query.category });
  const focusSummary = useCallback(() => summary.current?.focus(), []);
  const filterPanel = (heading = true) => (
    <FilterPanel
      facets={data?.facets ?? []}
      params={params}
      category={category ?? query.category}
      hidden={hidden}
      heading={heading}
      onToggle={(key, value) => update(toggleFilterValue(params, key, value))}
      onPrice={({ min, max }) => update(withParam(withParam(params, 'minPrice', min?.toString()), 'maxPrice', max?.toString()))}
      onInStock={(checked) => update(withParam(params, 'inStock', checked ? 'true' : undefined))}
      deliverTo={deliverTo}
      onDeliverTo={(pincode) => update(withParam(params, 'deliverTo', pincode))}
    />
  );
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const first = data && data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const last = data ? Math.min(data.page * data.pageSize, data.total) : 0;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-8">
      {meta && <ListingMeta {...meta} params={params} />}
      {meta && category && <JsonLd data={breadcrumbJsonLd(store.url, category)} />}
      {meta?.path === paths.products() && <JsonLd data={productsBreadcrumbJsonLd(store.url)} />}
      <div className="mb-4">
        <Heading className={embedded ? 'text-xl font-bold text-slate-900' : 'text-2xl font-bold text-slate-900 sm:text-3xl'}>
          {title}
        </Heading>
        {intro && <div className="mt-1 text-slate-600">{intro}</div>}
      </div>

      <div className="lg:grid lg:grid-cols-[16rem_1fr] lg:gap-8">
        <aside aria-label="Filters" className="hidden lg:block">
          <div className="rounded-xl border border-slate-200 bg-white p-4">{filterPanel()}</div>
        </aside>

        <section aria-labelledby={`${ids}-results`}>
          {/* The cards' names are h3s: a level above them even where the filters (their h2) are folded away. */}
          {!embedded && <h2 className="sr-only">Results</h2>}
          {/* One row on wide screens (the count, then Sort); on narrow ones the bar alone sticks under the header. */}
          <div className="contents lg:mb-4 lg:flex lg:flex-row-reverse lg:flex-wrap lg:items-center lg:justify-between lg:gap-3">
            <div
              style={headerHeight === undefined ? undefined : { top: headerHeight }}
              className="sticky top-0 z-20 -mx-4 mb-3 flex items-center gap-2 border-b border-slate-200 bg-white/95 px-4 py-2 backdrop-blur sm:-mx-6 sm:px-6 lg:static lg:m-0 lg:border-0 lg:bg-transparent lg:p-0 lg:backdrop-blur-none"
            >
              <button
                ref={filtersButton}
                type="button"
                aria-haspopup="dialog"
                onClick={() => setFiltersOpen(true)}
                className={`${buttonClass('secondary')} shrink-0 lg:hidden`}
              >
                <svg
                  aria-hidden="true"
                  viewBox="0 0 20 20"
                  className="size-4"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                >
                  <path d="M3 5h14M6 10h8M9 15h2" />
                </svg>
                Filters
                {chips.length > 0 && (
                  <span className="rounded-full bg-brand-600 px-1.5 text-xs text-white tabular-nums">
                    {chips.length}
                    <span className="sr-only"> chosen</span>
                  </span>
                )}
              </button>
              {/* Sort takes the room Filters leaves: "Price: high to low" whole at 360 px. */}
              <div className="flex min-w-0 flex-1 items-center gap-2 lg:flex-none">
                <label htmlFor={`${ids}-sort`} className="sr-only text-sm whitespace-nowrap text-slate-700 sm:not-sr-only">
                  Sort by
                </label>
                <select
                  id={`${ids}-sort`}
                  value={query.sort}
                  onChange={(event) =>
                    update(withParam(params, 'sort', event.target.value === 'relevance' ? undefined : event.target.value))
                  }
                  className="w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm lg:w-auto lg:py-2"
                >
                  {Object.entries(SORT_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <p ref={summary} tabIndex={-1} id={`${ids}-results`} className="mb-3 text-sm text-slate-600 lg:mb-0" aria-live="polite">
              {data
                ? data.total === 0 || data.items.length === 0
                  ? 'No products found'
                  : `Showing ${first}–${last} of ${data.total} ${data.total === 1 ? 'product' : 'products'}`
                : 'Finding products…'}
            </p>
          </div>

          <ActiveFilters
            chips={chips}
            onRemove={(chip) => update(chip.without)}
            onClear={() => update(clearFilters(params))}
            focusWhenEmpty={focusSummary}
          />

          {isPending ? (
            <Loading label="Loading products…" page />
          ) : isError ? (
            <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
              <p className="font-semibold">We could not load products.</p>
              <p className="mt-1 text-sm">{error.message}</p>
              <button type="button" className={`${buttonClass('secondary')} mt-3`} onClick={() => void refetch()}>
                Try again
              </button>
            </div>
          ) : data.items.length === 0 && data.total > 0 ? (
            <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
              <h2 className="text-lg font-semibold text-slate-900">This page is past the last page of results</h2>
              <p className="mt-1 text-slate-600">
                There are {data.total} matching products on {pageCount} {pageCount === 1 ? 'page' : 'pages'}.
              </p>
              <Link
                to={`${location.pathname}?${withParam(params, 'page', pageCount === 1 ? undefined : String(pageCount)).toString()}`}
                className={`${buttonClass('primary')} mt-4`}
              >
                Go to the last page
              </Link>
            </div>
          ) : data.items.length === 0 ? (
            <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
              <h2 className="text-lg font-semibold text-slate-900">No products match</h2>
              <p className="mt-1 text-slate-600">
                {q
                  ? `We found nothing for “${q}”. Check the spelling or try a shorter search.`
                  : 'Try removing a filter or widening the price range.'}
              </p>
              <div className="mt-4 flex flex-wrap justify-center gap-3">
                {filtersActive && (
                  <button type="button" className={buttonClass('secondary')} onClick={() => update(clearFilters(params))}>
                    Clear filters
                  </button>
                )}
                <Link to={paths.products()} className={buttonClass('primary')}>
                  Browse all products
                </Link>
              </div>
            </div>
          ) : (
            <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={isPlaceholderData}>
              <ProductGrid products={data.items} eagerCount={4} />
              <Pagination
                page={data.page}
                pageCount={pageCount}
                hrefFor={(page) => {
                  const next = withParam(params, 'page', page === 1 ? undefined : String(page));
                  const search = next.toString();
                  return `${location.pathname}${search ? `?${search}` : ''}`;
                }}
              />
            </div>
          )}
        </section>
      </div>

      <FilterDrawer
        open={filtersOpen}
        onClosed={() => {
          setFiltersOpen(false);
          filtersButton.current?.focus();
        }}
        showLabel={!data || isPlaceholderData ? 'Show results' : `Show ${data.total} ${data.total === 1 ? 'result' : 'results'}`}
        onClear={filtersActive ? () => update(clearFilters(params)) : undefined}
      >
        {filterPanel(false)}
      </FilterDrawer>
    </div>
  );
}
