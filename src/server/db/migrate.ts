import { type Migration, Migrator } from 'kysely/migration';
import type { Db } from './database.ts';
import * as catalog from './migrations/0001-catalog.ts';
import * as search from './migrations/0002-search.ts';
import * as contactMessages from './migrations/0003-contact-messages.ts';
import * as relevanceIndex from './migrations/0004-relevance-index.ts';
import * as accounts from './migrations/0005-accounts.ts';
import * as orders from './migrations/0006-orders.ts';
import * as vendorArea from './migrations/0007-vendor-area.ts';
import * as admin from './migrations/0008-admin.ts';
import * as listingIndex from './migrations/0009-listing-index.ts';
import * as moneySafety from './migrations/0010-money-safety.ts';
import * as catalogChanges from './migrations/0011-catalog-changes.ts';
import * as searchInMemory from './migrations/0012-search-in-memory.ts';
import * as dropSqlListingIndexes from './migrations/0013-drop-sql-listing-indexes.ts';
import * as offers from './migrations/0014-offers.ts';
import * as productProposals from './migrations/0015-product-proposals.ts';
import * as sellerKyc from './migrations/0016-seller-kyc.ts';
import * as invoices from './migrations/0017-invoices.ts';
import * as buyerGstin from './migrations/0018-buyer-gstin.ts';
import * as delivery from './migrations/0019-delivery.ts';
import * as creditNotes from './migrations/0020-credit-notes.ts';
import * as cashOnDelivery from './migrations/0021-cash-on-delivery.ts';
import * as coupons from './migrations/0022-coupons.ts';
import * as reviews from './migrations/0023-reviews.ts';
import * as accountSecurity from './migrations/0024-account-security.ts';
import * as ratingsInCatalogue from './migrations/0025-ratings-in-catalogue.ts';
import * as wishlists from './migrations/0026-wishlists.ts';
import * as processorGraphicsFacets from './migrations/0027-processor-graphics-facets.ts';
import * as guestOrders from './migrations/0028-guest-orders.ts';
import * as stockAlerts from './migrations/0029-stock-alerts.ts';
import * as returns from './migrations/0030-returns.ts';
import * as moderationReplies from './migrations/0033-moderation-replies.ts';
import * as abandonedPayments from './migrations/0034-abandoned-payments.ts';
import * as returnRequestKeys from './migrations/0036-return-request-keys.ts';
import * as returnConfirmations from './migrations/0038-return-confirmations.ts';
import * as couponFirstOrder from './migrations/0040-coupon-first-order.ts';
import * as razorpay from './migrations/0042-razorpay.ts';
import * as payoutHold from './migrations/0044-payout-hold.ts';
import * as ownerSuspension from './migrations/0045-owner-suspension.ts';

/** The one ordered set of migrations, run on either engine. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-catalog': catalog,
  '0002-search': search,
  '0003-contact-messages': contactMessages,
  '0004-relevance-index': relevanceIndex,
  '0005-accounts': accounts,
  '0006-orders': orders,
  '0007-vendor-area': vendorArea,
  '0008-admin': admin,
  '0009-listing-index': listingIndex,
  '0010-money-safety': moneySafety,
  '0011-catalog-changes': catalogChanges,
  '0012-search-in-memory': searchInMemory,
  '0013-drop-sql-listing-indexes': dropSqlListingIndexes,
  '0014-offers': offers,
  '0015-product-proposals': productProposals,
  '0016-seller-kyc': sellerKyc,
  '0017-invoices': invoices,
  '0018-buyer-gstin': buyerGstin,
  '0019-delivery': delivery,
  '0020-credit-notes': creditNotes,
  '0021-cash-on-delivery': cashOnDelivery,
  '0022-coupons': coupons,
  '0023-reviews': reviews,
  '0024-account-security': accountSecurity,
  '0025-ratings-in-catalogue': ratingsInCatalogue,
  '0026-wishlists': wishlists,
  '0027-processor-graphics-facets': processorGraphicsFacets,
  '0028-guest-orders': guestOrders,
  '0029-stock-alerts': stockAlerts,
  '0030-returns': returns,
  '0033-moderation-replies': moderationReplies,
  '0034-abandoned-payments': abandonedPayments,
  '0036-return-request-keys': returnRequestKeys,
  '0038-return-confirmations': returnConfirmations,
  '0040-coupon-first-order': couponFirstOrder,
  '0042-razorpay': razorpay,
  '0044-payout-hold': payoutHold,
  '0045-owner-suspension': ownerSuspension,
};

/**
 * `schema`: PostgreSQL only, when connections run in a schema other than public (tests): Kysely
 * otherwise finds another schema's migration tables and skips creating its own.
 */
export async function migrateToLatest(db: Db, schema?: string): Promise<void> {
  await migrate(db, schema, (migrator) => migrator.migrateToLatest());
}

/** Up (or down) to the named migration: for tests of a migration on data written before it. */
export async function migrateTo(db: Db, name: string, schema?: string): Promise<void> {
  await migrate(db, schema, (migrator) => migrator.migrateTo(name));
}

async function migrate(
  db: Db,
  schema: string | undefined,
  run: (migrator: Migrator) => ReturnType<Migrator['migrateToLatest']>,
): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    migrationTableSchema: schema,
  });
  const { error, results } = await run(migrator);
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
