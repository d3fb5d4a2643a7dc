/**
 * The demo catalogue: four Indian sellers and sixty products (20 laptops, 20 desktops, 20 monitors)
 * with realistic 2025–2026 models, GST-inclusive prices in paise and specs that satisfy the zod schemas.
 * The products are written per category in demo-laptops.ts, demo-desktops.ts and demo-monitors.ts;
 * DEMO_PRODUCTS adds their category and images. Product images are generated from DEMO_PRODUCTS by
 * tools/generate-catalog-images.ts.
 */
import { rupees } from '#shared/money.ts';
import type { DemoProduct, DemoProductData, DemoVendor } from './demo-catalog.types.ts';
import { DESKTOPS } from './demo-desktops.ts';
import { LAPTOPS } from './demo-laptops.ts';
import { MONITORS } from './demo-monitors.ts';
import { BL, CH, LR, NP } from './demo-vendor-slugs.ts';

/** Lower-case, every run of non-alphanumerics collapsed to one hyphen, hyphens trimmed from the ends. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The three generated images of a product: /catalog/<slug>-1.svg, -2.svg, -3.svg. */
export function imagesFor(name: string): string[] {
  const slug = slugify(name);
  return [1, 2, 3].map((n) => `/catalog/${slug}-${n}.svg`);
}

export const DEMO_VENDORS: DemoVendor[] = [
  {
    name: 'Nehru Place Computers',
    slug: 'nehru-place-computers',
    phone: '+919810012345',
    gstin: '07AAFCN4821K1ZC',
    legalName: 'Nehru Place Computers Private Limited',
    pan: 'AAFCN4821K',
    pickup: { line1: 'Shop 14, Nehru Place', city: 'New Delhi', state: 'Delhi', pincode: '110019' },
    bank: { number: '50100234567890', ifsc: 'HDFC0000123' },
    acceptsCod: true,
    shipsToSpecialZones: true,
  },
  {
    name: 'Lamington Road Digital',
    slug: 'lamington-road-digital',
    phone: '+919820012345',
    gstin: '27AACCL5930M1Z7',
    legalName: 'Lamington Road Digital Private Limited',
    pan: 'AACCL5930M',
    pickup: { line1: '23 Lamington Road, Grant Road East', city: 'Mumbai', state: 'Maharashtra', pincode: '400007' },
    bank: { number: '001205012345', ifsc: 'ICIC0000012' },
    acceptsCod: true,
    shipsToSpecialZones: true,
  },
  {
    name: 'Chennai Tech Mart',
    slug: 'chennai-tech-mart',
    phone: '+919840012345',
    gstin: '33AAHCC7712P1ZC',
    legalName: 'Chennai Tech Mart Private Limited',
    pan: 'AAHCC7712P',
    pickup: { line1: '45 Ritchie Street, Mount Road', city: 'Chennai', state: 'Tamil Nadu', pincode: '600002' },
    bank: { number: '30123456789', ifsc: 'SBIN0000800' },
    acceptsCod: true,
    shipsToSpecialZones: true,
  },
  {
    // Takes no Cash on Delivery and ships only within reach of its couriers: the demo's refusals.
    name: 'Bengaluru Laptop Hub',
    slug: 'bengaluru-laptop-hub',
    phone: '+919845012345',
    gstin: '29AAGCB3304Q1ZD',
    legalName: 'Bengaluru Laptop Hub Private Limited',
    pan: 'AAGCB3304Q',
    pickup: { line1: '88 SP Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560002' },
    bank: { number: '917020012345678', ifsc: 'UTIB0000009' },
    acceptsCod: false,
    shipsToSpecialZones: false,
  },
];

type LaptopProduct = Extract<DemoProduct, { category: 'Laptop' }>;
type DesktopProduct = Extract<DemoProduct, { category: 'Desktop' }>;
type MonitorProduct = Extract<DemoProduct, { category: 'Monitor' }>;

function laptop(p: DemoProductData<'Laptop'>): LaptopProduct {
  return { ...p, category: 'Laptop', images: imagesFor(p.name) };
}

function desktop(p: DemoProductData<'Desktop'>): DesktopProduct {
  return { ...p, category: 'Desktop', images: imagesFor(p.name) };
}

function monitor(p: DemoProductData<'Monitor'>): MonitorProduct {
  return { ...p, category: 'Monitor', images: imagesFor(p.name) };
}

export const DEMO_PRODUCTS: DemoProduct[] = [...LAPTOPS.map(laptop), ...DESKTOPS.map(desktop), ...MONITORS.map(monitor)];

/**
 * Other sellers' offers of demo products, as a marketplace has them: the same model from another
 * shop, a little dearer (so the listing seller keeps the buy box) but dispatched sooner, or with
 * fewer units. Prices are the listing seller's plus `dearerBy`; the MRP is the product's.
 */
export const DEMO_OFFERS: ReadonlyArray<{ product: string; vendor: string; dearerBy: number; stock: number; dispatchDays: number }> = [
  { product: 'Lenovo ThinkPad E14 Gen 6', vendor: NP, dearerBy: rupees(800), stock: 6, dispatchDays: 0 },
  { product: 'Lenovo ThinkPad E14 Gen 6', vendor: CH, dearerBy: rupees(1_500), stock: 3, dispatchDays: 1 },
  { product: 'HP Victus 15 (Ryzen 7, RTX 4050)', vendor: BL, dearerBy: rupees(1_200), stock: 4, dispatchDays: 1 },
  { product: 'Apple MacBook Air 13 (M4)', vendor: LR, dearerBy: rupees(2_000), stock: 5, dispatchDays: 0 },
  { product: 'Dell UltraSharp U2724D', vendor: NP, dearerBy: rupees(500), stock: 8, dispatchDays: 1 },
  { product: 'LG UltraGear 27GR75Q', vendor: CH, dearerBy: rupees(400), stock: 10, dispatchDays: 2 },
];
