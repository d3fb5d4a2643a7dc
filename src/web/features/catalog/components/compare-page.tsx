import { useQueries } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { CATEGORY_LABELS } from '#shared/categories.ts';
import type { Product } from '#shared/schemas/catalog.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { Loading } from '#web/components/ui/loading.tsx';
import { ProductImage } from '#web/components/ui/product-image.tsx';
import { ScrollRegion } from '#web/components/ui/scroll-region.tsx';
import { paths } from '#web/config/paths.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useTakenOver } from '#web/lib/hydration.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';
import { productQuery } from '../api/get-product.ts';
import { COMPARE_MAX, comparisonRows, countOf } from '../compare-rules.ts';
import { comparison, useComparison } from '../compare-store.ts';

/**
 * The products chosen for comparison, side by side: each fetched afresh (today's price and stock),
 * every row that differs marked "Differs" in words as well as colour, optionally the differences
 * alone. A product no longer on sale is named, with a button to take it out.
 */
export function ComparePage() {
  const alive = useTakenOver();
  const items = useComparison();
  const results = useQueries({ queries: items.map((item) => productQuery(item.id)) });
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const category = items[0] ? CATEGORY_LABELS[items[0].category].plural.toLowerCase() : 'products';

  function remove(id: number, name: string) {
    comparison.remove(id);
    setAnnouncement(`Removed ${name} from the comparison.`);
    heading.current?.focus();
  }

  const status = (
    <p role="status" className="sr-only">
      {announcement}
    </p>
  );
  const store = useStoreInfo();
  const title = (
    <>
      <title>{`Compare ${category} · ${store.name}`}</title>
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none sm:text-3xl">
        Compare {category}
      </h1>
    </>
  );

  // The comparison lives in this browser: nothing to show until the page is taken over.
  if (!alive) return <Loading label="Loading your comparison…" page />;
  if (items.length === 0) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        {title}
        {status}
        <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="text-lg font-semibold">Nothing to compare yet</p>
          <p className="mt-1 text-slate-600">
            Press Compare on up to {COMPARE_MAX} laptops, desktops or monitors of one kind to see them side by side.
          </p>
          <Link to={paths.products()} className={`${buttonClass('primary')} mt-4`}>
            Browse products
          </Link>
        </div>
      </div>
    );
  }
  if (results.some((result) => result.isPending)) return <Loading label="Loading the products…" page />;

  const products = results.flatMap((result) => (result.data ? [result.data] : []));
  const gone = items.filter((_, index) => results[index]?.error instanceof ApiError && (results[index]?.error as ApiError).status === 404);
  const failed = results.some((result) => result.isError && !(result.error instanceof ApiError && result.error.status === 404));
  const rows = comparisonRows(products);
  const differing = rows.filter((row) => row.differs).length;
  const shown = onlyDifferences ? rows.filter((row) => row.differs) : rows;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-8">
      {title}
      {status}
      <p className="mt-2 text-slate-700">
        {products.length} {products.length === 1 ? 'product' : 'products'} side by side.{' '}
        {products.length > 1 &&
          (differing === 0
            ? 'They are alike in every row.'
            : `${differing} ${differing === 1 ? 'row differs' : 'rows differ'}, marked “Differs”.`)}
      </p>
      {gone.map((item) => (
        <p
          key={item.id}
          className="mt-3 flex flex-wrap items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
        >
          {item.name} is no longer on sale.
          <button type="button" onClick={() => remove(item.id, item.name)} className="font-semibold underline">
            Remove it<span className="sr-only"> from the comparison</span>
          </button>
        </p>
      ))}
      {failed && (
        <p role="alert" className="mt-3 text-sm text-red-800">
          Some products could not be loaded. Please check your connection and reload the page.
        </p>
      )}
      {products.length < 2 && (
        <p className="mt-3 text-sm text-slate-700">
          Add another {items[0] ? CATEGORY_LABELS[items[0].category].singular.toLowerCase() : 'product'} to compare: press Compare on its
          card or page.
        </p>
      )}
      {products.length > 1 && (
        <button
          type="button"
          aria-pressed={onlyDifferences}
          onClick={() => setOnlyDifferences((value) => !value)}
          className={`${buttonClass('secondary', 'sm')} mt-4 aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-800`}
        >
          Show only differences
        </button>
      )}
      {products.length > 2 && (
        <p className="mt-3 text-sm text-slate-600 sm:hidden">
          Scroll the table sideways to see all {countOf(products.length, products[0]!.category)}.
        </p>
      )}
      {products.length > 0 && (
        <ScrollRegion label="Comparison table" className="mt-4 rounded-xl border border-slate-200 bg-white">
          {/* Two products fit side by side at 360 px; more scroll sideways, the row names staying in view. */}
          <table className="w-full table-fixed border-collapse text-sm" style={{ minWidth: `${6 + products.length * 7}rem` }}>
            <caption className="sr-only">
              {`Specifications of ${products.length} ${category} side by side. Rows where they differ are marked “Differs”.`}
            </caption>
            <thead>
              <tr className="border-b border-slate-200 align-top">
                <td className="sticky left-0 w-24 bg-white p-2 sm:w-44 sm:p-3" />
                {products.map((product) => (
                  <ProductColumn key={product.id} product={product} onRemove={() => remove(product.id, product.name)} />
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <tr key={row.label} className={`border-b border-slate-100 last:border-0 ${row.differs ? 'bg-amber-50' : ''}`}>
                  <th
                    scope="row"
                    className={`sticky left-0 p-2 text-left sm:p-3 align-top font-medium text-slate-700 ${row.differs ? 'bg-amber-50' : 'bg-white'}`}
                  >
                    {row.label}
                    {row.differs && products.length > 1 && (
                      <span className="mt-1 block w-fit rounded bg-amber-200 px-1.5 py-0.5 text-xs font-semibold text-amber-950">
                        Differs
                      </span>
                    )}
                  </th>
                  {row.values.map((value, index) => (
                    <td key={products[index]!.id} className="p-2 align-top wrap-break-word text-slate-900 sm:p-3">
                      {value}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </div>
  );
}

function ProductColumn({ product, onRemove }: { product: Product; onRemove: () => void }) {
  return (
    <th scope="col" className="p-2 text-left align-top font-normal sm:p-3">
      <ProductImage
        src={product.images[0]}
        alt=""
        width={160}
        height={120}
        className="aspect-[4/3] w-full max-w-40 rounded-lg border border-slate-200 object-cover"
      />
      <Link
        to={paths.product(product.id)}
        className="mt-2 block font-semibold wrap-break-word text-slate-900 hover:text-brand-700 hover:underline"
      >
        {product.name}
      </Link>
      <button
        type="button"
        onClick={onRemove}
        className="mt-1 text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
      >
        Remove<span className="sr-only"> {product.name} from the comparison</span>
      </button>
    </th>
  );
}
