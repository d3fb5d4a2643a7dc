import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct, createVendor } from '#server/testing/factories.ts';
import { testDialects } from '#server/testing/test-database.ts';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.ts';

function varies(response: LightMyRequestResponse): boolean {
  return String(response.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');
}

/** The body as the client reads it once it has undone the Content-Encoding. */
function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return response.body;
}

describe.each(testDialects())('compression of API answers on %s', (dialect) => {
  let t: TestApp;
  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const vendor = await createVendor(t.services, { name: 'Lamington Road Traders', slug: 'lamington-road' });
    // Enough products for a listing well above the threshold.
    for (let i = 0; i < 8; i++) await createProduct(t.services, { vendorId: vendor.id, name: `Compressible Laptop ${i}`, brand: 'Acme' });
  });
  afterAll(() => t?.close());

  it('sends a listing (JSON the route wrote already) in brotli or gzip as asked, decoding to the same JSON', async () => {
    const plain = await get('/api/products?brand=Acme');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(plain.json().items).toHaveLength(8);

    for (const [acceptEncoding, expected] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      // What browsers send: brotli is preferred, and zstd is not offered.
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
    ] as const) {
      const response = await get('/api/products?brand=Acme', acceptEncoding);
      expect(response.statusCode, acceptEncoding).toBe(200);
      expect(response.headers['content-encoding'], acceptEncoding).toBe(expected);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(varies(response), acceptEncoding).toBe(true);
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decoded(response))).toEqual(plain.json());
      // Helmet's headers and the catalogue's caching are still there.
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('public, no-cache');
    }
  });

  it('compresses answers serialized by Fastify too (a string payload)', async () => {
    const plain = await get('/api/docs/json');
    const response = await get('/api/docs/json', 'gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(response))).toEqual(plain.json());
  });

  it('sends an answer below the threshold as it is', async () => {
    const response = await get('/api/categories', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json().items.length).toBeGreaterThan(0);
  });

  it('sends plain JSON to a client that asks for no encoding or only identity', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate' }]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/products?brand=Acme&sort=price_asc', headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.json().items).toHaveLength(8);
      // A shared cache must still keep it apart from the compressed copies of the same URL.
      expect(varies(response)).toBe(true);
    }
  });

  it('compresses answers from the response cache, which keeps only the plain JSON', async () => {
    const url = '/api/products?brand=Acme&sort=newest';
    const first = await get(url, 'br');
    expect(first.headers['x-cache']).toBe('miss');
    expect(first.headers['content-encoding']).toBe('br');
    const json = JSON.parse(decoded(first));

    expect((await get(url, 'br')).headers['x-cache']).toBe('miss'); // asked for again: kept from now on
    const hit = await get(url, 'br');
    expect(hit.headers['x-cache']).toBe('hit');
    expect(hit.headers['content-encoding']).toBe('br');
    expect(varies(hit)).toBe(true);
    expect(JSON.parse(decoded(hit))).toEqual(json);

    const gzipHit = await get(url, 'gzip');
    expect(gzipHit.headers['x-cache']).toBe('hit');
    expect(gzipHit.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gzipHit))).toEqual(json);

    // Cached after a brotli answer, yet a client without Accept-Encoding gets plain JSON.
    const plainHit = await get(url);
    expect(plainHit.headers['x-cache']).toBe('hit');
    expect(plainHit.headers['content-encoding']).toBeUndefined();
    expect(plainHit.json()).toEqual(json);
  });
});

// Not about data: once, on SQLite.
describe('precompressed files of the web app', () => {
  let t: TestApp;
  let webDir: string;
  const page = `<!doctype html><title>Circuit Bazaar</title><script type="module" src="/assets/index-abc123.js"></script>${'<!-- padding -->'.repeat(80)}`;
  const script = `export const products = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Laptop ${i}` })))};`;
  const image = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${'<rect width="10" height="10"/>'.repeat(100)}</svg>`;
  // The files as the build writes them: each text file with its .br and .gz beside it.
  const files: Record<string, string | Buffer> = {
    'index.html': page,
    'index.html.br': brotliCompressSync(page),
    'index.html.gz': gzipSync(page),
    'assets/index-abc123.js': script,
    'assets/index-abc123.js.br': brotliCompressSync(script),
    'assets/index-abc123.js.gz': gzipSync(script),
    'catalog/acer-nitro-v-15-1.svg': image,
    'catalog/acer-nitro-v-15-1.svg.br': brotliCompressSync(image),
    'catalog/acer-nitro-v-15-1.svg.gz': gzipSync(image),
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  };
  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  beforeAll(async () => {
    webDir = mkdtempSync(path.join(tmpdir(), 'store-web-'));
    for (const [name, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(webDir, name)), { recursive: true });
      writeFileSync(path.join(webDir, name), content);
    }
    t = await buildTestApp('sqlite', { WEB_DIST_DIR: webDir });
  });
  afterAll(async () => {
    await t?.close();
    if (webDir) rmSync(webDir, { recursive: true, force: true });
  });

  it('sends the .br or .gz file built beside an asset, byte for byte, or the file itself', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    // The build's copy, not one compressed again on the fly.
    expect(br.rawPayload.equals(files['assets/index-abc123.js.br'] as Buffer)).toBe(true);
    expect(varies(br)).toBe(true);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gzip = await get('/assets/index-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(files['assets/index-abc123.js.gz'] as Buffer)).toBe(true);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(varies(plain)).toBe(true);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the page compressed, asked again every time, at / and at any client-side route', async () => {
    for (const url of ['/', '/product/42']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(decoded(response), url).toBe(page);
      expect(varies(response), url).toBe(true);
      // Still the page's own caching, though the file sent is index.html.br.
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('keeps catalogue images a year, compressed when they are SVG, and other files an hour', async () => {
    const svg = await get('/catalog/acer-nitro-v-15-1.svg', 'br');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-encoding']).toBe('br');
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.rawPayload.equals(files['catalog/acer-nitro-v-15-1.svg.br'] as Buffer)).toBe(true);
    expect(svg.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plainSvg = await get('/catalog/acer-nitro-v-15-1.svg');
    expect(plainSvg.body).toBe(image);
    expect(plainSvg.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const favicon = await get('/favicon.svg', 'br');
    expect(favicon.statusCode).toBe(200);
    // Not hashed: a day, and a week more while it is asked again.
    expect(favicon.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800');
  });

  it('sends uploaded images as they are, kept a year', async () => {
    mkdirSync(path.join(t.services.media.root, 'v1'), { recursive: true });
    // A WebP is compressed already: compressing it again would only cost time.
    const webp = Buffer.concat([Buffer.from('RIFF0000WEBP'), Buffer.alloc(4 * COMPRESSION_THRESHOLD_BYTES)]);
    writeFileSync(path.join(t.services.media.root, 'v1', 'compression-test.webp'), webp);
    const response = await get('/media/v1/compression-test.webp', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.equals(webp)).toBe(true);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
