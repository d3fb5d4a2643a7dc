import type { Category } from '#shared/categories.ts';
import { rupees } from '#shared/money.ts';
import type { DesktopSpecs, LaptopSpecs, MonitorSpecs, ProductSpecs, ProductStatus } from '#shared/schemas/catalog.ts';
import type { Services } from '#server/app.ts';

let sequence = 0;
const next = () => ++sequence;

export const laptopSpecs = (overrides: Partial<LaptopSpecs> = {}): LaptopSpecs => ({
  processor: 'Intel Core i5-1335U',
  ramGb: 16,
  storageGb: 512,
  storageType: 'SSD',
  displaySizeIn: 14,
  graphics: 'Intel Iris Xe',
  os: 'Windows 11 Home',
  weightKg: 1.4,
  batteryWh: 57,
  ...overrides,
});

export const desktopSpecs = (overrides: Partial<DesktopSpecs> = {}): DesktopSpecs => ({
  processor: 'Intel Core i5-14400',
  ramGb: 16,
  storageGb: 1024,
  storageType: 'SSD',
  graphics: 'Intel UHD 730',
  formFactor: 'Tower',
  ...overrides,
});

export const monitorSpecs = (overrides: Partial<MonitorSpecs> = {}): MonitorSpecs => ({
  sizeIn: 27,
  resolution: '2560x1440',
  panel: 'IPS',
  refreshRateHz: 144,
  responseTimeMs: 1,
  ports: ['HDMI 2.0', 'DisplayPort 1.4'],
  ...overrides,
});

const SPEC_FACTORIES: Record<Category, () => ProductSpecs> = {
  Laptop: laptopSpecs,
  Desktop: desktopSpecs,
  Monitor: monitorSpecs,
};

export async function createVendor(
  services: Services,
  overrides: { name?: string; slug?: string; status?: 'pending' | 'active' | 'suspended' } = {},
) {
  const n = next();
  const vendor = { name: overrides.name ?? `Test Vendor ${n}`, slug: overrides.slug ?? `test-vendor-${n}` };
  const id = await services.vendors.create({ ...vendor, status: overrides.status ?? 'active' });
  return { id, ...vendor };
}

export interface ProductOverrides {
  vendorId?: number;
  name?: string;
  brand?: string;
  category?: Category;
  description?: string;
  price?: number;
  mrp?: number;
  stock?: number;
  specs?: ProductSpecs;
  status?: ProductStatus;
  featured?: boolean;
  createdAt?: string;
}

export async function createProduct(services: Services, overrides: ProductOverrides = {}) {
  const n = next();
  const vendorId = overrides.vendorId ?? (await createVendor(services)).id;
  const category = overrides.category ?? 'Laptop';
  const price = overrides.price ?? rupees(50_000);
  const name = overrides.name ?? `Test ${category} ${n}`;
  const id = await services.catalog.create({
    vendorId,
    name,
    slug: `test-product-${n}`,
    brand: overrides.brand ?? 'Acme',
    category,
    description: overrides.description ?? `A dependable ${category.toLowerCase()} for testing.`,
    price,
    mrp: overrides.mrp ?? price,
    stock: overrides.stock ?? 10,
    images: [`/catalog/test-${n}.svg`],
    specs: overrides.specs ?? SPEC_FACTORIES[category](),
    status: overrides.status ?? 'active',
    featured: overrides.featured ?? false,
    createdAt: overrides.createdAt,
  });
  return { id, name, vendorId, price, category };
}
