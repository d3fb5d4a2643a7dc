import type { Offer } from '#shared/schemas/catalog.ts';
import type { Db } from '#server/db/database.ts';
import * as repository from './catalog-feed.repository.ts';
import type { ChangedProduct, ListedVendor } from './catalog-feed.repository.ts';
import { offersOn } from './offers.repository.ts';

/**
 * What changed in the catalogue since the last look: `all` when everything must be read again
 * (the first load, an explicit rebuild, or more changes than reading them one by one is worth);
 * otherwise the products written, with what the indexes hold of those on sale (read once for all
 * of them), and the active vendors (slugs, delivery settings) when a vendor changed.
 */
export type CatalogChange =
  | { all: true }
  | {
      all: false;
      productIds: readonly number[];
      /** the changed products that are on sale now; the rest are no longer */
      products: readonly ChangedProduct[];
      /** facet attributes of those products: `ram=16|storage=512` */
      attributes: ReadonlyMap<number, string>;
      /** every offer on sale of those of the products that more than one seller offers (the rest show their row's own) */
      offers?: ReadonlyMap<number, Offer[]>;
      vendors?: readonly ListedVendor[];
    };

/**
 * Lets waiting requests through during a long piece of index maintenance (a full load). SQLite
 * streams rows without ever giving the event loop a turn, so a load of 100,000 products would
 * otherwise hold every request for seconds; call it every few thousand rows.
 */
export function letRequestsThrough(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Applies a change to one in-memory view of the catalogue (the listing index, the search index, caches). */
export type ChangeListener = (change: CatalogChange) => Promise<void> | void;

/**
 * How far back each look re-reads the change log. The log's times are taken when a row is written,
 * not when its transaction commits, so a transaction committing up to this long after a later
 * one's change was read is still seen. Rows already delivered are not delivered twice.
 */
export const CHANGE_LOG_MARGIN_MS = 15_000;
/** Without word of a change (another machine, no Redis), the longest before a process looks anyway. */
export const CHANGE_POLL_MS = 1_000;
/** Looks failing one after another before the next one is a full load instead. */
const LOOKS_BEFORE_RELOAD = 3;
/** More changed rows than this at once (a bulk import): reading everything again is cheaper. */
export const RELOAD_ABOVE = 10_000;
/** How long the change log keeps rows; every process has read them long before. */
const LOG_KEPT_MS = 60 * 60_000;
const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * Keeps in-memory views of the catalogue up to date from the change log (migration 0011): one look
 * at a time, started by `changed()` (a committed write here, or word of one elsewhere) and at least
 * every CHANGE_POLL_MS, each delivering only the products written since the last. Listeners run
 * in order; until the first full load has been delivered there is nothing to answer from.
 */
export function createChangeFeed(
  db: Db,
  {
    pollMs = CHANGE_POLL_MS,
    reloadAbove = RELOAD_ABOVE,
    idsInCommitOrder = false,
    marginMs = CHANGE_LOG_MARGIN_MS,
    log,
  }: {
    pollMs?: number;
    /** tests */
    reloadAbove?: number;
    /**
     * SQLite: one writer at a time, so the log's ids are taken in commit order, and reading on from
     * the last id read is exact, with no margin to read again.
     */
    idsInCommitOrder?: boolean;
    /** tests */
    marginMs?: number;
    log?: (error: unknown, message: string) => void;
  } = {},
) {
  const listeners: ChangeListener[] = [];
  /** the change log's time up to which every row has been read, less the margin; undefined before the first load */
  let since: number | undefined;
  /** change-log rows delivered within the margin, by row time: read again next time, not delivered again */
  let delivered = new Map<number, number>();
  let wanted: 'look' | 'all' | undefined;
  let running: Promise<void> | undefined;
  /** counts looks asked for and those a finished look has covered */
  let requested = 0;
  /** the latest look asked for by word of a change (not by the poll): what answers wait for */
  let announced = 0;
  let covered = 0;
  let waiters: Array<{ target: number; resolve: () => void }> = [];
  let firstLoad: Promise<void> | undefined;
  let lastPrune = 0;
  /** after a bulk write: when to load everything once more (see loadAll) */
  let bulk: { from: number; to: number; seen: ReadonlySet<number>; checkAt: number } | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function deliver(change: CatalogChange): Promise<void> {
    for (const listener of listeners) await listener(change);
  }

  /** SQLite: the last change-log row read */
  let afterId = 0;

  async function loadAll(): Promise<void> {
    if (idsInCommitOrder) {
      const latestId = await repository.latestChangeId(db);
      await deliver({ all: true });
      since = 0;
      afterId = latestId;
      lastPrune = Math.max(lastPrune, Date.now());
      wanted ??= 'look';
      return;
    }
    // The log's latest time is read first: whatever commits during the load is read again after it.
    const latest = await repository.latestChange(db);
    // Changes the load takes in are not delivered again by the next look, which reads the margin again.
    const recent = await repository.changesSince(db, latest - marginMs, Number.MAX_SAFE_INTEGER);
    await deliver({ all: true });
    if (recent.length > reloadAbove) {
      // A bulk write (an import, a seed): looks do not read its rows again and again within the
      // margin. Once the margin has passed, the window is read once more, and rows the load had
      // not seen (a transaction still open meanwhile) are taken in then.
      since = latest;
      delivered = new Map();
      bulk = { from: latest - marginMs, to: latest, seen: new Set(recent.map((row) => row.id)), checkAt: Date.now() + marginMs };
    } else {
      since = latest - marginMs;
      delivered = new Map(recent.map((row) => [row.id, row.changedAt]));
      bulk = undefined;
    }
    lastPrune = Math.max(lastPrune, latest);
    // Changes committed during the load are looked for at once (which also readies the look's
    // connection and code, so the first edit after start shows as quickly as later ones).
    wanted ??= 'look';
  }

  async function look(): Promise<void> {
    const from = since as number;
    const rows = idsInCommitOrder
      ? await repository.changesAfter(db, afterId, reloadAbove + 1)
      : await repository.changesSince(db, from, reloadAbove + 1);
    if (rows.length > reloadAbove) return loadAll();
    const checked = bulk && Date.now() >= bulk.checkAt ? bulk : undefined;
    if (checked) {
      const late = (await repository.changesBetween(db, checked.from, checked.to)).filter((row) => !checked.seen.has(row.id));
      rows.push(...late.map((row) => ({ ...row, changedAt: from })));
    }
    const productIds = new Set<number>();
    const vendorIds = new Set<number>();
    let latest = from + marginMs;
    const seen = new Map<number, number>();
    for (const row of rows) {
      latest = Math.max(latest, row.changedAt);
      seen.set(row.id, row.changedAt);
      if (delivered.has(row.id)) continue;
      if (row.productId !== null) productIds.add(row.productId);
      if (row.vendorId !== null) vendorIds.add(row.vendorId);
    }
    if (vendorIds.size > 0) for (const id of await repository.productIdsOfVendors(db, [...vendorIds])) productIds.add(id);
    if (productIds.size > 0 || vendorIds.size > 0) {
      const ids = [...productIds];
      const products = await repository.changedProducts(db, ids);
      const attributes = await repository.listingAttributesOf(
        db,
        products.map((product) => product.id),
      );
      const offers = await offersOn(
        db,
        products.filter((product) => product.offer_count > 1).map((product) => product.id),
      );
      const vendors = vendorIds.size > 0 ? await repository.activeVendors(db) : undefined;
      await deliver({
        all: false,
        productIds: ids,
        products,
        attributes: new Map(attributes.map((row) => [row.product_id, row.pairs])),
        offers,
        vendors,
      });
    }
    // Only once delivered: a look that failed is made again from where it started.
    for (const row of rows) afterId = Math.max(afterId, row.id);
    if (checked && bulk === checked) bulk = undefined;
    since = Math.max(from, latest - marginMs);
    delivered = new Map([...seen].filter(([, at]) => at > (since as number)));
    if (latest - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = latest;
      await repository.pruneChanges(db, latest - LOG_KEPT_MS);
    }
  }

  function release(upTo: number) {
    covered = Math.max(covered, upTo);
    const ready = waiters.filter((waiter) => waiter.target <= covered);
    waiters = waiters.filter((waiter) => waiter.target > covered);
    for (const waiter of ready) waiter.resolve();
  }

  let failedLooks = 0;

  function run(): void {
    if (running) return;
    running = (async () => {
      while (wanted) {
        const kind = since === undefined || failedLooks >= LOOKS_BEFORE_RELOAD ? 'all' : wanted;
        wanted = undefined;
        const target = requested;
        try {
          await (kind === 'all' ? loadAll() : look());
          failedLooks = 0;
        } catch (error) {
          // The database is away or a listener failed: the views keep answering as they are, and
          // the next change or poll tries again (after a few failures, with a full load: a change
          // that cannot be applied must not hold back every later one). Those waiting are not
          // kept waiting for it.
          failedLooks++;
          log?.(error, 'Reading catalogue changes failed');
          if (since === undefined) {
            release(target);
            break;
          }
        }
        release(target);
      }
    })().finally(() => {
      running = undefined;
      // A look asked for between the loop's last check and here is not left for the next poll.
      if (wanted) run();
    });
  }

  function request(kind: 'look' | 'all'): number {
    requested++;
    wanted = kind === 'all' || wanted === 'all' ? 'all' : 'look';
    run();
    return requested;
  }

  function until(target: number): Promise<void> {
    if (covered >= target) return Promise.resolve();
    return new Promise((resolve) => waiters.push({ target, resolve }));
  }

  /** until(target), or `waitMs` at most; a waiter given up on is forgotten, not left behind. */
  function untilOrAfter(target: number, waitMs: number): Promise<void> {
    if (covered >= target) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter = { target, resolve: () => (clearTimeout(timer), resolve()) };
      const timer = setTimeout(() => {
        waiters = waiters.filter((entry) => entry !== waiter);
        resolve();
      }, waitMs);
      waiters.push(waiter);
    });
  }

  function startPolling(): void {
    if (timer || pollMs <= 0) return;
    timer = setInterval(() => {
      if (!running) request('look');
    }, pollMs);
    timer.unref();
  }

  return {
    /** Listeners run in the order added, on the first load and on every change after it. */
    listen(listener: ChangeListener): void {
      listeners.push(listener);
    },

    /** Resolves once the first full load has been delivered (rejects if it failed: there is nothing to answer from). */
    ready(): Promise<void> {
      if (!firstLoad) {
        startPolling();
        firstLoad = until(request('all')).then(() => {
          if (since === undefined) {
            firstLoad = undefined; // the next caller tries again
            throw new Error('The catalogue could not be loaded');
          }
        });
      }
      return firstLoad;
    },

    /**
     * Ready, and caught up with changes announced so far if that takes at most `waitMs`: a look
     * reads a handful of rows, so a shopper's own edit shows at once, but no answer waits longer
     * for index maintenance than this.
     */
    async fresh(waitMs: number): Promise<void> {
      await this.ready();
      await untilOrAfter(announced, waitMs);
    },

    /** A committed change here, or word of one elsewhere: look at the log. */
    changed(): void {
      if (since !== undefined || firstLoad) announced = request('look');
    },

    /** Reads the whole catalogue again (in the background; views keep answering meanwhile). */
    rebuild(): Promise<void> {
      return until(request('all'));
    },

    /** Resolves once every change announced so far has been delivered (tests, the benchmark's checks). */
    async settled(): Promise<void> {
      await this.ready();
      await until((announced = request('look')));
    },

    close(): void {
      clearInterval(timer);
      timer = undefined;
    },
  };
}

export type ChangeFeed = ReturnType<typeof createChangeFeed>;
