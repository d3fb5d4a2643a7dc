import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';

const shell = '<!doctype html><title>Circuit Bazaar</title><div id="root"></div>';
const missing = [
  '/media/products/9999/missing-640.webp',
  '/catalog/no-such-laptop.svg',
  '/images/no-such-banner.svg',
  '/assets/index-gone123.js',
  '/catalog/gone.svg?v=2',
];

function expectNoPage(response: { statusCode: number; headers: Record<string, unknown>; body: string }, url: string) {
  expect(response.statusCode, url).toBe(404);
  expect(String(response.headers['content-type']), url).not.toMatch(/html/);
  expect(response.body, url).not.toContain('<!doctype html>');
  expect(JSON.parse(response.body), url).toMatchObject({ error: { code: 'NOT_FOUND' } });
}

// Not about data: once, on SQLite.
describe.each([
  ['the page shell alone', false],
  ['the storefront rendered on the server', true],
])('a file that is not there, with %s', (_name, rendered) => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'store-files-'));
    const webDir = path.join(dir, 'web');
    mkdirSync(path.join(webDir, 'catalog'), { recursive: true });
    writeFileSync(path.join(webDir, 'index.html'), shell);
    writeFileSync(path.join(webDir, 'catalog', 'acer-nitro.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    if (rendered) {
      // A server bundle that, like the app's catch-all route, draws a page for any URL.
      mkdirSync(path.join(dir, 'ssr'));
      writeFileSync(
        path.join(dir, 'ssr', 'entry-server.js'),
        'export function setApiTransport() {}\nexport async function render() { return { status: 200, html: "<main>A page</main>", state: "{}", page: "home", head: "" }; }\n',
      );
    }
    t = await buildTestApp('sqlite', { WEB_DIST_DIR: webDir });
  });
  afterAll(async () => {
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('is a 404 under /media/, /catalog/, /images/ and /assets/, never the app page', async () => {
    for (const url of missing) {
      expectNoPage(await t.app.inject({ method: 'GET', url, headers: { accept: 'image/avif,image/webp,*/*' } }), url);
      expectNoPage(await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } }), url);
    }
  });

  it('still sends the files that are there, and the app page at its own routes', async () => {
    const image = await t.app.inject({ method: 'GET', url: '/catalog/acer-nitro.svg' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
    for (const url of ['/product/42', '/orders', '/media-kit']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
    }
  });
});
