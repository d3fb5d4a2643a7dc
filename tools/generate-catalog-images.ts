/**
 * Draws the product photos of the demo catalogue as SVG: three per product, written to public/catalog/.
 *   1: front view of the device, with a wallpaper that varies per product
 *   2: a second angle (laptop lid and side ports, desktop rear I/O or side profile, monitor rear)
 *   3: a spec card with the brand, model and key specs
 * Everything is drawn from code: no external references, no <image>, no scripts.
 *
 * The drawings live in tools/catalog-images/: one file per category, the spec card, and the kit they share.
 *
 * Run: node tools/generate-catalog-images.ts
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PRODUCTS } from '../src/server/db/seed/demo-catalog.ts';
import type { DemoProduct } from '../src/server/db/seed/demo-catalog.types.ts';
import { aioFront, aioSide, BOXES, miniFront, miniRear, towerFront, towerRear } from './catalog-images/desktops.ts';
import { laptopFront, laptopSide } from './catalog-images/laptops.ts';
import { monitorFront, monitorRear } from './catalog-images/monitors.ts';
import { specCard } from './catalog-images/spec-card.ts';

const OUT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/catalog');

function views(p: DemoProduct): [string, string, string] {
  if (p.category === 'Laptop') return [laptopFront(p), laptopSide(p), specCard(p)];
  if (p.category === 'Monitor') return [monitorFront(p), monitorRear(p), specCard(p)];
  const ff = p.specs.formFactor;
  if (ff === 'All-in-One') return [aioFront(p), aioSide(p), specCard(p)];
  if (ff === 'Mini PC') return [miniFront(p), miniRear(p), specCard(p)];
  const box = BOXES[ff];
  return [towerFront(p, box), towerRear(p, box), specCard(p)];
}

function main(): void {
  mkdirSync(OUT_DIR, { recursive: true });
  for (const file of readdirSync(OUT_DIR)) {
    if (file.endsWith('.svg')) rmSync(path.join(OUT_DIR, file));
  }
  let count = 0;
  let largest = 0;
  for (const product of DEMO_PRODUCTS) {
    const svgs = views(product);
    product.images.forEach((image, i) => {
      const svg = svgs[i];
      if (!svg) throw new Error(`No view ${i + 1} for ${product.name}`);
      const file = path.join(OUT_DIR, path.basename(image));
      writeFileSync(file, `${svg}\n`);
      largest = Math.max(largest, Buffer.byteLength(svg));
      count++;
    });
  }
  console.log(`Wrote ${count} SVGs to ${path.relative(process.cwd(), OUT_DIR)} (largest ${largest} bytes)`);
}

main();
