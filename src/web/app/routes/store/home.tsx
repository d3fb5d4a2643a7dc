import { Suspense, useId } from 'react';
import { Link } from 'react-router';
import { CATEGORIES, CATEGORY_LABELS } from '#shared/categories.ts';
import { PageMeta } from '#web/components/seo/page-meta.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { paths } from '#web/config/paths.ts';
import { useCategories } from '#web/features/catalog/api/get-categories.ts';
import { useProducts } from '#web/features/catalog/api/get-products.ts';
import { ProductGrid } from '#web/features/catalog/components/product-card.tsx';
import { type HOME_SHELVES, shelfQuery } from '#web/features/catalog/shelves.ts';
import { useTakenOver } from '#web/lib/hydration.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';
// Kept in this browser: drawn once the page is taken over, its code loaded apart.
import { RecentlyViewed } from '../../layouts/shop-extras-loader.tsx';

const TILE_IMAGES = {
  Laptop: '/images/category-laptop.svg',
  Desktop: '/images/category-desktop.svg',
  Monitor: '/images/category-monitor.svg',
} as const;

function Shelf({ title, link, shelf }: { title: string; link: string; shelf: keyof typeof HOME_SHELVES }) {
  const headingId = useId();
  const products = useProducts(shelfQuery(shelf));
  return (
    <section aria-labelledby={headingId} className="mt-12">
      <div className="mb-4 flex items-end justify-between gap-4">
        <h2 id={headingId} className="text-xl font-bold text-slate-900 sm:text-2xl">
          {title}
        </h2>
        <Link to={link} className="text-sm font-semibold text-brand-700 hover:underline">
          View all
        </Link>
      </div>
      {products.data ? (
        <ProductGrid products={products.data.items} />
      ) : (
        <p role="status" className="text-slate-600">
          {products.isError ? 'We could not load these products.' : 'Loading…'}
        </p>
      )}
    </section>
  );
}

export default function HomeRoute() {
  const store = useStoreInfo();
  const categories = useCategories();
  const takenOver = useTakenOver();
  return (
    <>
      <PageMeta
        title={`${store.name} · Laptops, desktops and monitors`}
        description="Buy laptops, desktops and monitors from verified sellers across India, with GST invoices. Pay by UPI, Net Banking, cards or EMI."
        canonical={paths.home()}
      />
      <section className="bg-gradient-to-br from-brand-900 via-brand-700 to-brand-500 text-white">
        <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-12 sm:px-6 md:grid-cols-2 lg:py-16">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">Trusted since {store.tradingSince}</p>
            <h1 className="mt-2 text-3xl leading-tight font-extrabold sm:text-4xl lg:text-5xl">
              Laptops, desktops and monitors at honest prices
            </h1>
            <p className="mt-4 max-w-prose text-brand-50">
              Genuine products with GST invoices from verified sellers, delivered across India. Pay by UPI, Net Banking, cards or no-cost
              EMI.
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              <Link to={paths.products()} className={buttonClass('accent', 'lg')}>
                Shop all products
              </Link>
              <Link
                to={paths.category('Laptop')}
                className="inline-flex items-center rounded-lg border border-white/60 px-5 py-3 text-base font-semibold text-white hover:bg-white/10"
              >
                Browse laptops
              </Link>
            </div>
          </div>
          <img src="/images/hero.svg" alt="" width={800} height={560} className="hidden w-full md:block" />
        </div>
      </section>

      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <section aria-labelledby="categories-heading" className="mt-10">
          <h2 id="categories-heading" className="mb-4 text-xl font-bold text-slate-900 sm:text-2xl">
            Shop by category
          </h2>
          <ul className="grid gap-4 sm:grid-cols-3">
            {CATEGORIES.map((category) => {
              const count = categories.data?.items.find((item) => item.category === category)?.count;
              return (
                <li key={category}>
                  <Link
                    to={paths.category(category)}
                    className="group flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-300 hover:shadow-md sm:flex-col sm:items-start"
                  >
                    <img src={TILE_IMAGES[category]} alt="" width={160} height={120} className="w-24 shrink-0 sm:w-full" />
                    <span>
                      <span className="block text-lg font-semibold text-slate-900 group-hover:text-brand-700">
                        {CATEGORY_LABELS[category].plural}
                      </span>
                      <span className="block text-sm text-slate-600">{CATEGORY_LABELS[category].blurb}</span>
                      {/* kept (hidden) until the count arrives, so the tile does not grow then */}
                      <span className={`mt-1 block text-sm font-medium text-brand-700 ${count === undefined ? 'invisible' : ''}`}>
                        {count === 1 ? '1 product' : `${(count ?? 0).toLocaleString('en-IN')} products`}
                      </span>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
        <Shelf title="Featured" link={paths.products()} shelf="featured" />
        <Shelf title="New arrivals" link={`${paths.products()}?sort=newest`} shelf="newest" />
        {takenOver && (
          <Suspense fallback={null}>
            <RecentlyViewed />
          </Suspense>
        )}
      </div>
    </>
  );
}
