import type { Category } from '#shared/categories.ts';
import type { DesktopSpecs, LaptopSpecs, MonitorSpecs } from '#shared/schemas/catalog.ts';

export interface DemoVendor {
  name: string;
  slug: string;
  /** what an approved shop has given the marketplace before it may sell: GST registration, pickup, bank */
  phone: string;
  gstin: string;
  legalName: string;
  pan: string;
  pickup: { line1: string; city: string; state: string; pincode: string };
  bank: { number: string; ifsc: string };
  acceptsCod: boolean;
  shipsToSpecialZones: boolean;
}

interface DemoProductBase {
  /** slug of the vendor in DEMO_VENDORS */
  vendor: string;
  name: string;
  brand: string;
  description: string;
  /** GST-inclusive price in paise */
  price: number;
  /** MRP in paise, >= price */
  mrp: number;
  stock: number;
  featured: boolean;
  /** image paths served from the web root, e.g. /catalog/lenovo-thinkpad-x1-carbon-gen-12-1.svg */
  images: string[];
  /** days before the seed time at which the product was listed (drives "newest") */
  listedDaysAgo: number;
}

export type DemoProduct =
  | (DemoProductBase & { category: Extract<Category, 'Laptop'>; specs: LaptopSpecs })
  | (DemoProductBase & { category: Extract<Category, 'Desktop'>; specs: DesktopSpecs })
  | (DemoProductBase & { category: Extract<Category, 'Monitor'>; specs: MonitorSpecs });

/** A product of the category as its data file writes it: the category and images are added from its name. */
export type DemoProductData<C extends DemoProduct['category']> = Omit<Extract<DemoProduct, { category: C }>, 'category' | 'images'>;
