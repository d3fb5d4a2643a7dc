/**
 * The storefront rendered on the server: the same routes, pages and providers as the browser's
 * app (main.tsx), drawn to HTML once the data they show is in the page's query cache. The server
 * (src/server/render/storefront.ts) builds this file with Vite and calls `render` per request.
 */
import { dehydrate, type FetchQueryOptions, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, type Params, StaticRouterProvider } from 'react-router';
import { isCategory } from '#shared/categories.ts';
import type { SessionResponse } from '#shared/schemas/auth.ts';
import type { StoreInfo } from '#shared/store-info.ts';
import { SESSION_QUERY_KEY } from '#web/features/auth/api/session.ts';
import { categoriesQuery } from '#web/features/catalog/api/get-categories.ts';
import { productQuery } from '#web/features/catalog/api/get-product.ts';
import { productsQuery } from '#web/features/catalog/api/get-products.ts';
import { listingQueryFromUrl } from '#web/features/catalog/listing-query.ts';
import { shelfQuery } from '#web/features/catalog/shelves.ts';
import { ratingSummaryQuery } from '#web/features/reviews/api/get-rating-summary.ts';
import { FIRST_REVIEWS, reviewsQuery } from '#web/features/reviews/api/get-reviews.ts';
import { publicStoreQuery } from '#web/features/vendor-shop/api/vendor-shop.ts';
import { ApiError, type ApiTransport, setApiTransport } from '#web/lib/api-client.ts';
import { storeInfoQuery } from '#web/lib/store-info.ts';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { preloadPages, type RouteHandle, routes, type SsrPage } from './app/routes.tsx';
import { storeJsonLd } from './components/seo/store-json-ld.ts';
import { productJsonLd } from './features/catalog/structured-data.ts';

export { setApiTransport };
export type { ApiTransport };

interface PageData {
  params: Params;
  url: URL;
  queryClient: QueryClient;
}

/** Fetches a query the page shows into its cache; the page's status is that query's (404: the page draws its "not found"). */
async function statusOf<T, Key extends readonly unknown[]>(
  queryClient: QueryClient,
  query: FetchQueryOptions<T, Error, T, Key>,
): Promise<number> {
  await queryClient.prefetchQuery(query);
  const error = queryClient.getQueryState(query.queryKey)?.error;
  if (!error) return 200;
  return error instanceof ApiError ? error.status : 500;
}

/** A listing's page of products, as ProductListing asks for it with these fixed filters. */
function listing(url: URL, fixed: Parameters<typeof listingQueryFromUrl>[1]) {
  return productsQuery(listingQueryFromUrl(url.searchParams, fixed));
}

/** Puts in the cache what each page shows when first drawn (the queries its components make), and says the page's status. */
const PAGE_DATA: Record<SsrPage, (data: PageData) => Promise<number>> = {
  async home({ queryClient }) {
    await Promise.all([
      queryClient.prefetchQuery(categoriesQuery),
      queryClient.prefetchQuery(productsQuery(shelfQuery('featured'))),
      queryClient.prefetchQuery(productsQuery(shelfQuery('newest'))),
    ]);
    return 200;
  },
  products: ({ url, queryClient }) => statusOf(queryClient, listing(url, {})),
  category: async ({ params, url, queryClient }) => {
    const category = params.category ?? '';
    return isCategory(category) ? statusOf(queryClient, listing(url, { category })) : 404;
  },
  search: ({ url, queryClient }) => statusOf(queryClient, listing(url, { q: (url.searchParams.get('q') ?? '').trim() })),
  product: async ({ params, queryClient }) => {
    const id = params.id ?? '';
    if (!/^[1-9]\d{0,14}$/.test(id)) return 404;
    // Its rating (in its structured data too) and first page of reviews are part of the page.
    const [status] = await Promise.all([
      statusOf(queryClient, productQuery(Number(id))),
      queryClient.prefetchQuery(ratingSummaryQuery(Number(id))),
      queryClient.prefetchQuery(reviewsQuery(Number(id), FIRST_REVIEWS)),
    ]);
    return status;
  },
  'vendor-store': async ({ params, url, queryClient }) => {
    const slug = params.vendorSlug ?? '';
    if (!/^[a-z0-9-]{1,80}$/.test(slug)) return 404;
    const [status] = await Promise.all([
      statusOf(queryClient, publicStoreQuery(slug)),
      queryClient.prefetchQuery(listing(url, { vendor: slug })),
    ]);
    return status;
  },
  info: async () => 200,
  'not-found': async () => 404,
};

// Once: ranking the routes costs more than drawing a page.
const { query, dataRoutes } = createStaticHandler(routes);

export interface RenderedPage {
  status: number;
  /** the page's body, inside #root; it starts with the head elements React hoisted (title, meta, link) */
  html: string;
  /** the query cache the page was drawn from, as JSON, for the browser to start from */
  state: string;
  /** which page it is, for the server to preload its code */
  page: SsrPage;
  /** the page's structured data (JSON-LD scripts), for the head; written here, not by the page's components, so the browser's code carries none of it */
  head: string;
}

const jsonLdScript = (data: object) => `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

/**
 * The home page's Organization and WebSite, and a product's Product with its offers, rating and
 * first page of reviews (the ones the page shows), from the data the page was drawn from.
 */
function structuredData(page: SsrPage, params: Params, queryClient: QueryClient, store: StoreInfo): string {
  if (page === 'home') return storeJsonLd(store.url, store).map(jsonLdScript).join('');
  if (page !== 'product') return '';
  const id = Number(params.id);
  const product = queryClient.getQueryData(productQuery(id).queryKey);
  if (!product) return '';
  const rating = queryClient.getQueryData(ratingSummaryQuery(id).queryKey);
  const reviews = queryClient.getQueryData(reviewsQuery(id, FIRST_REVIEWS).queryKey)?.items ?? [];
  return jsonLdScript(productJsonLd(product, store.url, rating, reviews));
}

/**
 * The whole page as HTML, lazy pages included: `prerender` waits for everything and writes it in
 * place, with no fallback swapped out later by an inline script (the CSP runs none). Pages' code
 * is loaded before (preloadPages), so they are not drawn as "Loading…" first either.
 */
async function renderToHtml(element: React.ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element, {
    // Never outlined: a large part (a listing) would otherwise come after the rest, put in place by
    // an inline script.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      console.error('Rendering a page failed', error);
    },
  });
  let html = '';
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString();
  return html;
}

/** A page the browser draws, as the server sends it: the page shell with this page's own title and robots. */
export interface ShellPage {
  /** `<title>` and `<meta name="robots">`, in place of the shell's home-page title and description */
  head: string;
}

/**
 * The titles of the pages the browser draws that the server's shell should not send with the
 * home page's title: by route path, as each page's component titles itself (" · store name"
 * after). All per shopper or one-time, so kept out of search results. Here, not in the route
 * table, so the browser's code carries none of it.
 */
const SHELL_TITLES: Record<string, string> = {
  cart: 'Your cart',
  wishlist: 'My Wishlist',
  compare: 'Compare products',
  track: 'Order Tracking',
  login: 'Sign in',
  register: 'Register',
  'forgot-password': 'Forgot password',
  'reset-password': 'Choose a new password',
  'verify-email': 'Verify your e-mail',
};

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page at `url` (absolute) as `session` sees it; for a page the browser draws (cart, account,
 * checkout…), its shell head when its route names one, else null (the shell as built).
 */
export async function render(
  url: string,
  { store, session }: { store: StoreInfo; session: SessionResponse },
): Promise<RenderedPage | ShellPage | null> {
  const context = await query(new Request(url));
  if (context instanceof Response) return null;
  const handle = context.matches.at(-1)?.route.handle as RouteHandle | undefined;
  const page = handle?.ssr;
  if (!page) {
    const title = SHELL_TITLES[context.matches.at(-1)?.route.path ?? ''];
    if (title === undefined) return null;
    return { head: `<title>${escapeHtml(`${title} · ${store.name}`)}</title><meta name="robots" content="noindex, follow">` };
  }

  const queryClient = createQueryClient();
  // A failed read is shown as failed at once; the browser tries again when it takes over.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false, retryOnMount: false } });
  queryClient.setQueryData(storeInfoQuery.queryKey, store);
  // Who is asking is known before the page is drawn, so it never shows "Loading authentication...".
  queryClient.setQueryData(SESSION_QUERY_KEY, session);
  const match = context.matches.at(-1);
  const status = await PAGE_DATA[page]({ params: match?.params ?? {}, url: new URL(url), queryClient });

  await preloadPages(context.matches);
  const router = createStaticRouter(dataRoutes, context);
  const html = await renderToHtml(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  const head = status === 200 ? structuredData(page, match?.params ?? {}, queryClient, store) : '';
  return { status, html, state: JSON.stringify(dehydrate(queryClient)).replace(/</g, '\\u003c'), page, head };
}
