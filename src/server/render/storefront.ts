import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { understoodSearchParams } from '#shared/query-understanding.ts';
import type { SessionResponse } from '#shared/schemas/auth.ts';
import type { StoreInfo } from '#shared/store-info.ts';
import type { ResponseCache } from '#server/plugins/response-cache.ts';
import { PRIVATE_CACHE_CONTROL } from '#server/plugins/security-headers.ts';

/** The pages the storefront renders (SsrPage in src/web/app/routes.tsx). */
type SsrPage = 'home' | 'products' | 'category' | 'search' | 'product' | 'info' | 'vendor-store' | 'not-found';

/** A page the browser draws: the shell, with this head in place of the shell's title and description. */
interface ShellPage {
  head: string;
}

interface RenderedPage {
  status: number;
  html: string;
  state: string;
  page: SsrPage;
  /** structured data for the head */
  head: string;
}

/** What the server bundle (src/web/entry-server.tsx, built to dist/ssr) exports; the server does not import web code itself. */
interface SsrEntry {
  render(url: string, context: { store: StoreInfo; session: SessionResponse }): Promise<RenderedPage | ShellPage | null>;
  setApiTransport(transport: (url: string, init: RequestInit) => Promise<Response>): void;
}

/** Where each page's code is, as the build's manifest names it: preloaded with the page, not after the app starts. */
const PAGE_MODULES: Record<SsrPage, readonly string[]> = {
  home: ['app/routes/store/home.tsx'],
  products: ['app/routes/store/products.tsx'],
  category: ['app/routes/store/category.tsx'],
  search: ['app/routes/store/search.tsx'],
  product: ['app/routes/store/product.tsx'],
  info: [],
  'vendor-store': ['app/routes/store/vendor-store.tsx'],
  'not-found': ['app/routes/not-found.tsx'],
};

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The chunk files a module needs, itself first, as `<link rel="modulepreload">`. */
function preloads(manifest: Record<string, ManifestChunk>, modules: readonly string[]): string {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of modules) visit(key);
  return [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
}

/** React writes the page's title, meta and link elements first; they belong in the head. */
const HOISTED = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/;

/**
 * The built page shell (dist/web/index.html) with a rendered page in it: the page's own head
 * elements in place of the shell's title and description, its code preloaded, its HTML in #root,
 * and the data it was drawn from as JSON for the app to start from. A page that is not a success
 * (404, 410) carries no data: the app draws it afresh rather than taking it over.
 */
function fillShell(shell: string, manifest: Record<string, ManifestChunk>, page: RenderedPage): string {
  const hoisted = HOISTED.exec(page.html)?.[0] ?? '';
  const body = page.html.slice(hoisted.length);
  const head = hoisted + page.head;
  let html = shell;
  if (head.includes('<title>')) html = html.replace(/<title>[^<]*<\/title>/, '');
  if (head.includes('<meta name="description"')) html = html.replace(/<meta name="description"[^>]*>/, '');
  const state = page.status === 200 ? `<script type="application/json" id="ssr-state">${page.state}</script>` : '';
  return html
    .replace('</head>', `${head}${preloads(manifest, PAGE_MODULES[page.page])}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${body}</div>${state}`);
}

/** The shell with a browser-drawn page's own title (and robots) instead of the home page's title and description. */
function shellWith(shell: string, head: string): string {
  return shell
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', `${head}</head>`);
}

export interface Storefront {
  /** Answers a page request: the rendered page, or the shell for pages the browser draws. */
  serve(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/**
 * The public storefront rendered on the server, from the build's server bundle (dist/ssr) and page
 * shell (dist/web/index.html); undefined when there is no build (tests of the API, `npm run dev`),
 * and the shell, if any, is served as before.
 *
 * The pages read their data through the JSON API, asked in-process (`inject`): the same answers,
 * limits and in-memory catalogue as the browser gets, with no second way to read it. Rendered
 * pages are kept in the catalogue's response cache, so a catalogue change drops them too.
 */
export async function createStorefront({
  app,
  webDistDir,
  ssrDistDir,
  store,
  cache,
  removed,
}: {
  app: FastifyInstance;
  webDistDir: string;
  ssrDistDir: string;
  store: StoreInfo;
  cache: ResponseCache;
  /** whether a product not on sale was once (archived, hidden, its seller suspended): 410 rather than 404 */
  removed: (productId: number) => Promise<boolean>;
}): Promise<Storefront | undefined> {
  const entryFile = path.join(ssrDistDir, 'entry-server.js');
  const shellFile = path.join(webDistDir, 'index.html');
  if (!existsSync(entryFile) || !existsSync(shellFile)) return undefined;
  const entry = (await import(pathToFileURL(entryFile).href)) as SsrEntry;
  const shell = readFileSync(shellFile, 'utf8');
  const manifestFile = path.join(webDistDir, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>) : {};

  entry.setApiTransport(async (url, init) => {
    const answer = await app.inject({ method: (init.method ?? 'GET') as 'GET', url, headers: { accept: 'application/json' } });
    return new Response(new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  });

  /** The caller as GET /api/auth/session tells it; no cookie, no session. */
  async function sessionOf(request: FastifyRequest): Promise<SessionResponse> {
    const cookie = request.headers.cookie;
    if (!cookie) return { user: null };
    const answer = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    return answer.statusCode === 200 ? (answer.json() as SessionResponse) : { user: null };
  }

  return {
    async serve(request, reply) {
      // A search whose words say filters ("16gb ram laptop under 80000") is the listing with those
      // filters: the shopper (or a crawler) is sent there, so the filter panel shows them.
      const asked = new URL(request.url, store.url);
      if (asked.pathname === '/search') {
        const understood = understoodSearchParams(asked.searchParams);
        if (understood) return reply.redirect(`/search?${understood.toString()}`, 302);
      }
      reply.type('text/html; charset=utf-8');
      // A visitor's page is the same for every visitor: kept, and cacheable by the browser; a
      // signed-in shopper's names them, so it is kept by no one.
      const session = await sessionOf(request);
      const shared = session.user === null;
      // Vary: Cookie, so a shared cache never hands a visitor's page (signed out) to a signed-in shopper.
      reply.header('cache-control', shared ? 'no-cache' : PRIVATE_CACHE_CONTROL).header('vary', 'cookie');
      const key = `page:${request.url}`;
      const cached = shared ? cache.get(key) : undefined;
      if (cached) return reply.header('x-cache', 'hit').send(cached);
      const generation = cache.generation;
      const page = await entry.render(`${store.url}${request.url}`, { store, session });
      if (!page) return reply.header('cache-control', 'no-cache').send(shell);
      if (!('html' in page)) return reply.header('cache-control', 'no-cache').send(shellWith(shell, page.head));
      let status = page.status;
      const productId = page.page === 'product' ? Number(/^\/product\/(\d+)/.exec(request.url)?.[1]) : NaN;
      if (status === 404 && Number.isSafeInteger(productId) && (await removed(productId))) status = 410;
      const html = fillShell(shell, manifest, { ...page, status });
      if (status === 200 && shared) cache.set(key, html, generation);
      return reply.status(status).send(html);
    },
  };
}
