import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers smaller than this go out as they are: a few hundred bytes fit in the first packets
 * anyway, and compressing them costs more time than it saves.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli or gzip, as the client asks (Accept-Encoding), for the answers the server writes itself:
 * the API's JSON (also when a route or the response cache sends it written already), HTML and sitemap XML.
 * The web app's built files are compressed at build time instead (vite.config.ts) and sent as
 * they are (@fastify/static's preCompressed, in app.ts): @fastify/compress leaves an answer alone
 * once it has a Content-Encoding. Beyond `customTypes` it also compresses what mime-db calls
 * compressible (scripts, styles, SVG), so a file without a .br beside it is still compressed on
 * the fly; images (PNG, JPEG, WebP) are not. A client that sends no Accept-Encoding, or only
 * `identity`, gets the answer as it is, with no work done.
 *
 * Compressed answers say `Vary: Accept-Encoding`. It works per route (@fastify/compress adds a
 * route-level onSend hook to every route registered after it), so register it before the routes.
 * Route-level onSend hooks run after the app's own, so the response cache (response-cache.ts)
 * still stores the plain bytes and its hits are compressed like any answer. The not-found
 * handler is not a route: what it sends is not compressed here.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    // Brotli where the browser accepts it (every current one, over https), gzip for the rest; not
    // zstd or deflate, which would add nothing that one of the two does not cover.
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    customTypes: /^(?:application\/(?:[\w.-]+\+)?(?:json|xml)|text\/(?:html|xml))(?:;|$)/,
    // Per request, quality 4: about gzip's speed and still smaller than gzip; brotli's default, 11,
    // takes tens of milliseconds for a listing page, which no shopper should wait for.
    brotliOptions: {
      params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    },
    zlibOptions: { level: 6 },
    // Request bodies are not decompressed: no client of ours sends one compressed, so it would
    // only be one more way in for a malformed request.
    globalDecompression: false,
  });
}
