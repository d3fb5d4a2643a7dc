import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { AppError } from '#shared/errors.ts';
import type { Db } from '#server/db/database.ts';
import { createSeoService } from './seo.service.ts';

/**
 * The same for every visitor and changing slowly (a new product shows within the hour), so
 * browsers, proxies and crawlers may keep them; outside /api, so the API's no-store does not apply.
 */
const CACHE_CONTROL = 'public, max-age=3600';

/** `products-12.xml` → 12; anything else (letters, a sign, leading zeros, absurd lengths) → undefined. */
function productSitemapNumber(file: string): number | undefined {
  const match = /^products-(0|[1-9]\d{0,9})\.xml$/.exec(file);
  return match ? Number(match[1]) : undefined;
}

function sendXml(reply: FastifyReply, xml: string) {
  return reply.type('application/xml; charset=utf-8').header('cache-control', CACHE_CONTROL).send(xml);
}

/**
 * `/robots.txt` and the sitemaps: what search engines may crawl, and every page worth finding.
 * `/sitemap.xml` is the index; it names `/sitemaps/pages.xml` and the `/sitemaps/products-{n}.xml`
 * that hold products on sale. Hidden from the API docs: these are for crawlers, not API callers.
 */
export function seoRoutes(deps: { db: Db; publicUrl: string; productsPerSitemap?: number }): FastifyPluginAsync {
  const seo = createSeoService(deps);
  return async (app) => {
    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', CACHE_CONTROL).send(seo.robotsTxt()),
    );

    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => sendXml(reply, await seo.sitemapIndex()));

    app.get('/sitemaps/pages.xml', { schema: { hide: true } }, async (_request, reply) => sendXml(reply, await seo.pagesSitemap()));

    // Answered here, not left to the not-found handler, which would serve the web app's page.
    app.get<{ Params: { file: string } }>('/sitemaps/:file', { schema: { hide: true } }, async (request, reply) => {
      const n = productSitemapNumber(request.params.file);
      if (n === undefined) throw new AppError('NOT_FOUND', `There is no sitemap ${request.params.file}`);
      return sendXml(reply, await seo.productSitemap(n));
    });
  };
}
