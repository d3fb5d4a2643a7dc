import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import type { Product } from '#shared/schemas/catalog.ts';
import { Loading } from '#web/components/ui/loading.tsx';
import { paths } from '#web/config/paths.ts';
import { ProductCardExtras } from '#web/features/catalog/components/product-card-extras.ts';
import { useTakenOver } from '#web/lib/hydration.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
// The cards' heart and Compare, and the comparison tray: loaded apart, after the page's own code.
import { CompareTray, ProductActions } from './shop-extras-loader.tsx';

const cardExtras = (product: Product) => (
  <Suspense fallback={<div className="mt-2 h-9" />}>
    <ProductActions product={product} />
  </Suspense>
);

/** The tray of products chosen for comparison, on the shop's pages (not on the comparison itself, nor at checkout). */
function Tray() {
  const { pathname } = useLocation();
  const takenOver = useTakenOver();
  if (!takenOver || pathname === paths.compare() || pathname.startsWith(paths.checkout())) return null;
  return (
    <Suspense fallback={null}>
      <CompareTray />
    </Suspense>
  );
}

/** The public layout: header, the page (loaded on demand) and footer. */
export function StoreLayout() {
  return (
    <ProductCardExtras value={cardExtras}>
      <div className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to main content
        </a>
        <Header />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          <Suspense fallback={<Loading page />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer />
        <Tray />
        <ScrollRestoration />
      </div>
    </ProductCardExtras>
  );
}
