/**
 * Screenshots of store pages at phone and desktop widths, for looking at what we build:
 *   node tools/screenshots.ts http://127.0.0.1:3000 /tmp/shots / /products /cart
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const [base = 'http://127.0.0.1:3000', outDir = '/tmp/shots', ...routes] = process.argv.slice(2);
const widths = [360, 1280];
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
for (const width of widths) {
  const page = await browser.newPage({ viewport: { width, height: width < 600 ? 740 : 900 } });
  for (const route of routes.length > 0 ? routes : ['/']) {
    await page.goto(new URL(route, base).toString(), { waitUntil: 'networkidle' });
    const name = `${route.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${width}.png`;
    await page.screenshot({ path: path.join(outDir, name), fullPage: process.env.SHOT_VIEWPORT_ONLY !== '1' });
    console.log(path.join(outDir, name));
  }
  await page.close();
}
await browser.close();
