import { useQueries } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '#shared/money.ts';
import { ProductImage } from '#web/components/ui/product-image.tsx';
import { ScrollRegion } from '#web/components/ui/scroll-region.tsx';
import { StockLabel } from '#web/components/ui/stock-label.tsx';
import { paths } from '#web/config/paths.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { productQuery } from '../api/get-product.ts';
import { forgetViewed, recentlyViewed } from '../recently-viewed.ts';

/**
 * "Recently viewed": the products this browser opened last (up to 12), newest first, each fetched
 * afresh so its price and stock are today's; `exclude` leaves out the product on screen. A product
 * no longer on sale is forgotten. Drawn in the browser only (the list is kept there).
 */
export default function RecentlyViewed({ exclude }: { exclude?: number }) {
  const headingId = useId();
  const viewed = recentlyViewed.use();
  const ids = useMemo(() => viewed.filter((id) => id !== exclude), [viewed, exclude]);
  const results = useQueries({ queries: ids.map((id) => productQuery(id)) });
  const [cleared, setCleared] = useState(false);
  const goneIds = ids
    .filter((_, index) => results[index]?.error instanceof ApiError && (results[index]?.error as ApiError).status === 404)
    .join(',');

  useEffect(() => {
    for (const id of goneIds ? goneIds.split(',') : []) forgetViewed(Number(id));
  }, [goneIds]);

  const products = results.flatMap((result) => (result.data ? [result.data] : []));
  // In one place while the list shows, and after it is cleared, so that its clearing is announced.
  const status = (products.length > 0 || cleared) && (
    <p role="status" className="sr-only">
      {cleared ? 'Your recently viewed products are cleared.' : ''}
    </p>
  );
  if (products.length === 0) return <>{status}</>;

  function clear() {
    forgetViewed();
    setCleared(true);
    document.getElementById('main')?.focus();
  }

  return (
    <>
      {status}
      <section aria-labelledby={headingId} className="mt-12">
        <div className="mb-3 flex items-end justify-between gap-4">
          <h2 id={headingId} className="text-xl font-bold text-slate-900 sm:text-2xl">
            Recently viewed
          </h2>
          <button type="button" onClick={clear} className="text-sm font-semibold text-brand-700 hover:underline">
            Clear<span className="sr-only"> recently viewed products</span>
          </button>
        </div>
        <ScrollRegion labelledBy={headingId} className="-mx-1 pb-2">
          <ul className="flex gap-3 px-1 py-1">
            {products.map((product) => (
              <li
                key={product.id}
                className="relative w-40 shrink-0 rounded-xl border border-slate-200 bg-white p-2 shadow-sm has-[a:focus-visible]:ring-3 has-[a:focus-visible]:ring-brand-500 sm:w-48"
              >
                <ProductImage
                  src={product.images[0]}
                  alt=""
                  width={192}
                  height={144}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[4/3] w-full rounded-lg bg-slate-100 object-cover"
                />
                <Link
                  to={paths.product(product.id)}
                  className="mt-2 line-clamp-2 text-sm leading-snug font-semibold text-slate-900 after:absolute after:inset-0 hover:text-brand-700 focus-visible:outline-none"
                >
                  {product.name}
                </Link>
                <p className="mt-1 font-bold text-slate-900">{formatPrice(product.price)}</p>
                <StockLabel stock={product.stock} />
              </li>
            ))}
          </ul>
        </ScrollRegion>
      </section>
    </>
  );
}
