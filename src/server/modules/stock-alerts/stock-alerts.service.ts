import { AppError } from '#shared/errors.ts';
import { formatPrice } from '#shared/money.ts';
import type { StockAlert } from '#shared/schemas/stock-alerts.ts';
import type { StoreInfo } from '#shared/store-info.ts';
import type { Db, DbOrTx } from '#server/db/database.ts';
import type { CatalogService } from '#server/modules/catalog/catalog.service.ts';
import type { MailMessage } from '#server/modules/mail/mailer.ts';
import type { OutboxService } from '#server/modules/outbox/outbox.service.ts';
import type { PersonalDataHolder } from '#server/modules/privacy/privacy.service.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';
import * as repository from './stock-alerts.repository.ts';

/**
 * "Notify me" when a product out of stock is back: a signed-in customer's wait, and the mail when
 * the catalogue's change feed shows the product in stock again (or, at start, already is).
 *
 * Crash recovery: each wait is told in one transaction that marks it told (only if no one has)
 * and queues the mail in the outbox; the outbox sends it, and retries it, after the commit. Every
 * worker hears the same changes: the conditional mark makes one of them the teller. A crash before
 * the commit leaves the wait untold, and the next start's sweep (a full load is a change of
 * everything) tells it then.
 */
export function createStockAlertsService({
  db,
  catalog,
  users,
  outbox,
  store,
  log,
  now = () => new Date(),
}: {
  db: Db;
  catalog: Pick<CatalogService, 'get' | 'findPurchasable' | 'listen'>;
  users: Pick<UsersService, 'findById'>;
  outbox: Pick<OutboxService, 'enqueue' | 'runNow'>;
  store: StoreInfo;
  log?: (error: unknown, message: string) => void;
  now?: () => Date;
}) {
  function backInStockMail(to: { email: string; name: string }, product: { id: number; name: string; price: number }): MailMessage {
    return {
      to: to.email,
      subject: `Back in stock: ${product.name}`,
      text: [
        `Hello ${to.name},`,
        '',
        `${product.name} is back in stock at ${store.name}, at ${formatPrice(product.price)}. Stock is limited, so it may not last:`,
        '',
        `${store.url}/product/${product.id}`,
        '',
        'You asked to be told once; ask again on the product page to hear of it another time.',
        '',
        `${store.name} · ${store.supportEmail}`,
      ].join('\n'),
    };
  }

  /** Tells those waiting for these products (all waits, without ids) that are in stock now. */
  async function tell(productIds?: readonly number[]): Promise<number> {
    const waits = await repository.waiting(db, productIds);
    if (waits.length === 0) return 0;
    const inStock = new Map(
      (await catalog.findPurchasable([...new Set(waits.map((wait) => wait.productId))]))
        .filter((product) => product.stock > 0)
        .map((product) => [product.id, product]),
    );
    const queued: number[] = [];
    for (const wait of waits) {
      const product = inStock.get(wait.productId);
      if (!product) continue;
      const user = await users.findById(wait.userId);
      if (!user) continue;
      const id = await db.transaction().execute(async (tx) => {
        if (!(await repository.markNotified(tx, wait.userId, wait.productId, now()))) return undefined;
        return outbox.enqueue(tx, 'mail', backInStockMail(user, product));
      });
      if (id !== undefined) queued.push(id);
    }
    if (queued.length > 0) await outbox.runNow(queued);
    return queued.length;
  }

  let telling = Promise.resolve();
  /** One pass at a time, in the order changes came; a failure is logged, the next change tries again. */
  function tellLater(productIds?: readonly number[]): void {
    telling = telling
      .then(() => tell(productIds).then(() => undefined))
      .catch((error: unknown) => log?.(error, 'Telling customers of products back in stock failed'));
  }

  // Not awaited by the feed: the catalogue's views never wait for mail.
  catalog.listen((change) => {
    if (change.all) tellLater();
    else {
      const back = change.products.filter((product) => product.stock > 0).map((product) => product.id);
      if (back.length > 0) tellLater(back);
    }
  });

  return {
    /** Whether I wait for the product to be back (and since when), or was told; 404 for a product not in the store, as its page. */
    async status(userId: string, productId: number): Promise<StockAlert> {
      await catalog.get(productId);
      const alert = await repository.findAlert(db, userId, productId);
      return { productId, waiting: alert !== undefined && alert.notifiedAt === null, since: alert?.createdAt ?? null };
    },

    /** Waits for a product on sale and out of stock; 409 when it is in stock (buy it now). */
    async subscribe(userId: string, productId: number): Promise<StockAlert> {
      const product = await catalog.get(productId);
      if (product.stock > 0) throw new AppError('CONFLICT', `${product.name} is in stock now: add it to your cart.`);
      await repository.upsertAlert(db, userId, productId, now());
      return { productId, waiting: true, since: now().toISOString() };
    },

    async unsubscribe(userId: string, productId: number): Promise<void> {
      await repository.deleteAlert(db, userId, productId);
    },

    /** Settles the tells under way (tests). */
    settled: () => telling,

    /** "Download my data" and "Delete my account": the products I wait for. */
    personalData: {
      section: 'stockAlerts',
      exportFor: async (userId: string) => repository.alertsOf(db, userId),
      eraseFor: (userId: string, tx: DbOrTx) => repository.deleteAllOf(tx, userId),
    } satisfies PersonalDataHolder,
  };
}

export type StockAlertsService = ReturnType<typeof createStockAlertsService>;
