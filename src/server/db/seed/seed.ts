import { indiaDate } from '#shared/india-time.ts';
import type { Db } from '#server/db/database.ts';
import type { CatalogService } from '#server/modules/catalog/catalog.service.ts';
import type { CouponsService } from '#server/modules/coupons/coupons.service.ts';
import type { VendorsService } from '#server/modules/vendors/vendors.service.ts';
import { DEMO_OFFERS, DEMO_PRODUCTS, DEMO_VENDORS, slugify } from './demo-catalog.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Seeds the demo vendors and catalogue into an empty database, in one transaction, so a
 * half-seeded store never exists. Returns the number of products written (0 when not empty).
 */
export async function seedDemoCatalog(
  db: Db,
  services: { catalog: CatalogService; vendors: VendorsService; coupons: CouponsService },
  now = new Date(),
): Promise<number> {
  if ((await services.catalog.count()) > 0) return 0;
  const seeded = await db.transaction().execute(async (tx) => {
    const vendorIds = new Map<string, number>();
    for (const vendor of DEMO_VENDORS) {
      const id = await services.vendors.create({ name: vendor.name, slug: vendor.slug, status: 'active' }, tx);
      await services.vendors.updateProfile(
        id,
        {
          name: vendor.name,
          phone: vendor.phone,
          gstin: vendor.gstin,
          legal_name: vendor.legalName,
          pan: vendor.pan,
          pickup_address: JSON.stringify({ name: vendor.name, phone: vendor.phone, line2: '', ...vendor.pickup }),
          low_stock_threshold: 5,
          bank_account_holder: vendor.legalName,
          bank_account_number: vendor.bank.number,
          bank_ifsc: vendor.bank.ifsc,
          accepts_cod: Number(vendor.acceptsCod),
          ships_to_special_zones: Number(vendor.shipsToSpecialZones),
        },
        tx,
      );
      vendorIds.set(vendor.slug, id);
    }
    const productIds = new Map<string, number>();
    for (const product of DEMO_PRODUCTS) {
      const vendorId = vendorIds.get(product.vendor);
      if (vendorId === undefined) throw new Error(`Demo product ${product.name} has unknown vendor ${product.vendor}`);
      const id = await services.catalog.create(
        {
          vendorId,
          name: product.name,
          slug: slugify(product.name),
          brand: product.brand,
          category: product.category,
          description: product.description,
          price: product.price,
          mrp: product.mrp,
          stock: product.stock,
          images: product.images,
          specs: product.specs,
          status: 'active',
          featured: product.featured,
          createdAt: new Date(now.getTime() - product.listedDaysAgo * DAY_MS).toISOString(),
        },
        tx,
      );
      productIds.set(product.name, id);
    }
    for (const offer of DEMO_OFFERS) {
      const product = DEMO_PRODUCTS.find((candidate) => candidate.name === offer.product);
      const productId = productIds.get(offer.product);
      const vendorId = vendorIds.get(offer.vendor);
      if (!product || productId === undefined || vendorId === undefined)
        throw new Error(`Demo offer of ${offer.product} by ${offer.vendor} names an unknown product or vendor`);
      const price = product.price + offer.dearerBy;
      await services.catalog.addOffer(
        vendorId,
        productId,
        { price, mrp: Math.max(product.mrp, price), stock: offer.stock, dispatchDays: offer.dispatchDays },
        tx,
      );
    }
    return DEMO_PRODUCTS.length;
  });
  await seedDemoCoupons(services, now);
  return seeded;
}

/** Two coupons to try: the marketplace's welcome offer, and one a shop funds on its own laptops. */
async function seedDemoCoupons(services: { vendors: VendorsService; coupons: CouponsService }, now: Date): Promise<void> {
  const startsOn = indiaDate(now);
  const endsOn = indiaDate(new Date(now.getTime() + 365 * DAY_MS));
  const common = {
    startsOn,
    endsOn,
    totalLimit: null,
    perCustomerLimit: 1,
    firstOrderOnly: false,
    vendorId: null,
    maxDiscount: null,
    minOrder: 0,
    category: null,
  };
  await services.coupons.create(
    { kind: 'admin', userId: 'seed' },
    {
      ...common,
      code: 'WELCOME10',
      description: '10% off your first order, up to ₹2,000, on ₹20,000 or more',
      firstOrderOnly: true,
      kind: 'percent',
      value: 10,
      maxDiscount: 2_000_00,
      minOrder: 20_000_00,
    },
  );
  const shop = await services.vendors.findBySlug('nehru-place-computers');
  if (shop) {
    await services.coupons.create(
      { kind: 'vendor', userId: 'seed', vendorId: shop.id },
      {
        ...common,
        code: 'NEHRU3000',
        description: '₹3,000 off Nehru Place Computers laptops of ₹60,000 or more',
        kind: 'flat',
        value: 3_000_00,
        minOrder: 60_000_00,
        category: 'Laptop',
        totalLimit: 500,
      },
    );
  }
}
