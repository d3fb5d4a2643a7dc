import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** A hosted payment checkout the page may load: its script, and the origins its frames and calls go to. */
export interface CheckoutHosts {
  scripts: string[];
  frames: string[];
  connects: string[];
}

/** Razorpay's Standard Checkout: its script's origin, and its checkout and API origins for frames and calls (the configured URLs'). */
export function razorpayHosts({ apiUrl, checkoutUrl }: { apiUrl: string; checkoutUrl: string }): CheckoutHosts {
  const api = new URL(apiUrl).origin;
  const checkout = new URL(checkoutUrl).origin;
  const both = [...new Set([api, checkout])];
  return { scripts: [checkout], frames: both, connects: both };
}

/**
 * The Content-Security-Policy of every answer. The built app is scripts, styles, fonts and images
 * from its own origin (see dist/web/index.html: no inline script) and calls only its own API;
 * with a hosted payment checkout on (Razorpay), exactly that gateway's hosts besides, and nothing
 * more when it is off.
 */
export function contentSecurityPolicy({ https, checkout }: { https: boolean; checkout?: CheckoutHosts }): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(checkout?.scripts ?? [])],
    'script-src-attr': ["'none'"],
    // 'unsafe-inline' for styles only, because it is needed: Radix's dialog and dropdown menu lock
    // page scrolling with react-remove-scroll, which injects a <style> element holding the scrollbar
    // width measured at that moment, so no hash can name it, and the static index.html has no
    // per-answer nonce to hand it. Without it, opening the mobile menu or the account menu is a
    // violation (seen in the browser tests, which fail on one), and so is the API docs page
    // (swagger-ui injects <style> too). Scripts stay strict; inline styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    // The app's own images, /media/ uploads (same origin), data: icons and blob: previews of an image being uploaded.
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(checkout?.connects ?? [])],
    'frame-src': ["'self'", ...(checkout?.frames ?? [])],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Over https, a stray http:// address in content is fetched over https rather than blocked.
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** A Cache-Control for answers that depend on who is asking: kept by no browser or proxy. */
export const PRIVATE_CACHE_CONTROL = 'no-store';

/**
 * Security headers on every answer (HTML, assets, media, API, errors), from helmet: the CSP above,
 * X-Frame-Options DENY, nosniff, Referrer-Policy strict-origin-when-cross-origin, and HSTS only
 * when the store is served over https (PUBLIC_URL), since a browser would otherwise refuse the
 * plain-http address it was given. Register it before any hook that may answer early (the
 * catalogue cache answers from onRequest), so those answers carry the headers too.
 *
 * Caching: every /api answer that did not choose its own Cache-Control gets `no-store`, so a
 * browser or proxy never keeps one caller's account, cart, orders or admin data. Only answers
 * that are the same for everyone choose their own (the catalogue routes, see response-cache.ts).
 * An answer that sets a cookie is `no-store` whatever it chose.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  { publicUrl, checkout }: { publicUrl: string; checkout?: CheckoutHosts },
): Promise<void> {
  const https = publicUrl.startsWith('https://');
  // helmet's middleware, made once: @fastify/helmet made it afresh for every request (parsing the
  // policy each time), which cost a product page about a twentieth of its server time.
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy({ https, checkout }) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Not includeSubDomains: other hosts under the store's domain are not ours to decide for.
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false } : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
    if (isApi && (reply.getHeader('cache-control') === undefined || reply.getHeader('set-cookie') !== undefined)) {
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
    }
    return payload;
  });
}
