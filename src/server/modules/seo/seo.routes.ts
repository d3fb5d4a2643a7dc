import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '#server/app.ts';

/** `/robots.txt` and the sitemaps: what search engines may crawl, and every page worth finding. */
export function seoRoutes(_deps: { services: Services; publicUrl: string }): FastifyPluginAsync {
  return async () => {};
}
