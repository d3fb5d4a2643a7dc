import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Loading } from '#web/components/ui/loading.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

/** The public layout: header, the page (loaded on demand) and footer. */
export function StoreLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Skip to main content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Suspense fallback={<Loading page />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
