/**
 * The store's benchmark: seeds a large catalogue, starts the production server in its own process
 * and loads it with autocannon from this one, next to a bare Node `http` baseline.
 *
 *   npm run bench                                   # 100,000 products on a fresh SQLite file
 *   BENCH_DATABASE_URL=postgres://…/empty npm run bench
 *   npm run bench -- --products=3000 --seconds=1 --connections=10   # what CI runs
 *
 * The headline scenarios are what shoppers and crawlers do. Every request is drawn at random, so
 * few are answered from the response cache:
 *   - mixed listings: a category or none, 0–2 brands, sometimes spec filters, a price range or
 *     in stock only, one of the sorts, page 1–20;
 *   - a product by id, any active product;
 *   - mixed search: words of the products' names and brands, 30% with a one-letter typo, sometimes
 *     two words, a category, a sort or a later page.
 * Each first runs unmeasured for half its time (JIT, each worker's indexes), then is measured
 * while an admin edits 2 products a second through the API (price and stock, and every other edit
 * a new word in the name). Each edit is followed until it shows: on the product's page, in a
 * listing filtered to its new price, and in a search for the new word (polled every 20 ms for up
 * to 5 s). Each request comes from a random X-Forwarded-For address (the server trusts the bench
 * as its proxy), so no per-address limit counts the whole bench as one shopper.
 * After them come single URLs the response cache answers, a cart quote, and checkout against
 * limited stock, which must never oversell.
 *
 * The baseline, a bare Node `http` server answering a body as large as a list page, is measured
 * twice in the run: asked for one URL again and again (what the cached scenarios are compared
 * with), and asked as the headline scenarios ask, each request's path and address drawn afresh
 * (what they are compared with). Drawing a request costs autocannon, on the same two cores, about
 * what a product page costs the server: against the first, a scenario's ratio measured the client.
 *
 * Settings (environment, or --products=N --database-url=URL --seconds=N --connections=N):
 *   BENCH_PRODUCTS      products to seed (default 100000)
 *   BENCH_DATABASE_URL  (or DATABASE_URL) default: a fresh SQLite file in a temp dir. A postgres://
 *                       URL must point at an empty database; the run is refused if it has products.
 *   BENCH_SECONDS       seconds per scenario (default 10)
 *   BENCH_CONNECTIONS   concurrent connections (default 50)
 *   BENCH_REDIS_URL     give the server this REDIS_URL (default: none)
 *   WEB_CONCURRENCY     passed on to the server (its number of worker processes) when set
 *   BENCH_NODE_OPTIONS  the server's NODE_OPTIONS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/profiles"
 *   BENCH_SERVER_LOG    append everything the server prints to this file (with NODE_V8_FLAGS=--trace-gc,
 *                       which NODE_OPTIONS refuses: each process's garbage collections under the load)
 *   BENCH_KEEP=1        (--keep) leave the seeded SQLite file in place and print where it is
 *   BENCH_REUSE=1       (--reuse) measure a database a kept run seeded instead of refusing it: no
 *                       seeding (1,000,000 products take 3–5 minutes), and no checkout scenario
 *                       (the earlier run's orders would be counted against the stock)
 *   BENCH_ONLY=TEXT     (--only=TEXT) measure only the scenarios whose name contains TEXT
 *
 * Prints the seeding rate, the scenarios (requests/s, p50, p99, errors, timeouts, non-2xx, memory
 * of the server's processes together, ratio to the baseline, target), the writer's edits and how
 * soon they showed, and writes the same as JSON under bench/results/. Targets are reported, not enforced: CI's tiny
 * run says nothing about speed. Exits 1 if checkout ever oversold, a read got an error, a timeout
 * or an answer other than 2xx (or a read scenario got no answer at all), an edit failed, or an
 * edit did not show within 5 s; 2 on bad settings or a non-empty database.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { autocannon } from './autocannon.ts';
import {
  call,
  largestPeakMb,
  measuredCommit,
  processTree,
  serverSettings,
  startBaseline,
  type Started,
  startServer,
  stop,
  treeMemoryMb,
} from './processes.ts';
import { printScenarios, printVisibility, summarizeVisibility } from './report.ts';
import { check, get, measure, measureWhileEditing, type Row, type Scenario, sessionCookie } from './scenarios.ts';
import { activeIds, drawn, RefusalError, seed } from './seed.ts';
import {
  ADMIN,
  CONNECTIONS,
  CUSTOMERS,
  databaseUrl,
  dialect,
  KEEP,
  LIMITED_PRODUCTS,
  LIMITED_STOCK,
  ONLY,
  PRODUCTS,
  REDIS_URL,
  REUSE,
  ROOT,
  SECONDS,
  SEED_CACHE_MB,
  tempDir,
  VENDORS,
  VISIBLE_CAP_MS,
  WARM_UP_SECONDS,
} from './settings.ts';
import { dice, listingPath, searchPath } from './shopper-draws.ts';
import { newVisibility, startWriter, type WriterReport } from './writer.ts';

// ---------------------------------------------------------------------------------------------
// The run

let server: Started | undefined;
let baseline: Started | undefined;
let exitCode = 0;
// Seeding SQLite writes the products' and offers' indexes and the full-text index, a million rows
// long: with the server's 4 MB page cache, their pages would be spilled and read again all the
// time. The benchmark's process is not the server, and not held to its memory.
const database = openDatabase(databaseUrl, { cacheMb: SEED_CACHE_MB });

try {
  await migrateToLatest(database.db);
  const existing = await database.db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const reused = REUSE && Number(existing.n) > 0;
  if (Number(existing.n) > 0 && !reused) {
    throw new RefusalError(
      `Refusing to run: the products table already has ${existing.n} rows. Point BENCH_DATABASE_URL at an empty database.`,
    );
  }

  const seedStart = performance.now();
  if (reused) {
    console.log(`Reusing the ${existing.n} products already in ${databaseUrl}`);
  } else {
    console.log(`Seeding ${PRODUCTS} products from ${VENDORS} vendors on ${dialect}…`);
    await seed(database);
  }
  const seedSeconds = reused ? Number.NaN : (performance.now() - seedStart) / 1000;
  const seedRate = Math.round(PRODUCTS / seedSeconds);
  if (!reused) console.log(`Seeded ${PRODUCTS} products in ${seedSeconds.toFixed(1)} s (${seedRate} products/s)`);
  // Planner statistics, as `PRAGMA optimize` (SQLite) or autovacuum (PostgreSQL) would gather
  // them; on PostgreSQL the vacuum is done now so that autovacuum does not run during the load.
  await (dialect === 'postgres' ? sql`VACUUM ANALYZE` : sql`ANALYZE`).execute(database.db);
  // The seed written out to the tables now, not by a checkpoint in the middle of the measurements:
  // two PostgreSQL runs that met one writing the seed out refused some edits (503), likely so.
  if (!reused) await (dialect === 'postgres' ? sql`CHECKPOINT` : sql`PRAGMA wal_checkpoint(TRUNCATE)`).execute(database.db);

  const openable = await activeIds(database, false);
  const ids = await activeIds(database, true);
  const idAt = (fraction: number) => ids[Math.floor(ids.length * fraction)] as number;
  // Limited stock for checkout, spread through the catalogue; the writer leaves these alone.
  const limited = Array.from({ length: LIMITED_PRODUCTS }, (_, n) => idAt((n + 0.5) / LIMITED_PRODUCTS));
  // Each seeded product has one offer, its own: the offer holds the stock, the product row its buy box's.
  if (!reused) {
    await database.db.transaction().execute(async (tx) => {
      await tx.updateTable('offers').set({ stock: LIMITED_STOCK }).where('product_id', 'in', limited).execute();
      await tx.updateTable('products').set({ stock: LIMITED_STOCK }).where('id', 'in', limited).execute();
    });
  }
  const editable = ids.filter((id) => !limited.includes(id));

  server = await startServer();
  const origin = server.origin;
  const serverPid = server.pid;
  console.log(
    `Server ready (catalogue loaded, common words searched ahead): the largest process's peak so far ${largestPeakMb(serverPid).toFixed(0)} MB`,
  );
  const sameOrigin = { origin, 'content-type': 'application/json' };

  const signedIn = await call(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: sameOrigin,
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password, portal: 'admin' }),
  });
  if (!signedIn.ok) throw new Error(`Signing in as the admin answered ${signedIn.status}: ${await signedIn.text()}`);
  const admin = { ...sameOrigin, cookie: sessionCookie(signedIn) };

  // Customers with an address each, signed in through the API.
  const customers: Array<{ cookie: string; addressId: number }> = [];
  for (let n = 1; n <= (reused ? 0 : CUSTOMERS); n++) {
    const registered = await call(`${origin}/api/auth/register`, {
      method: 'POST',
      headers: sameOrigin,
      body: JSON.stringify({ name: `Bench Customer ${n}`, email: `bench${n}@example.in`, password: 'bench-password-1' }),
    });
    if (registered.status !== 201) throw new Error(`Registering a customer answered ${registered.status}: ${await registered.text()}`);
    const cookie = sessionCookie(registered);
    const address = await call(`${origin}/api/account/addresses`, {
      method: 'POST',
      headers: { ...sameOrigin, cookie },
      body: JSON.stringify({
        name: `Bench Customer ${n}`,
        phone: '9845012345',
        line1: `${n} MG Road`,
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560001',
      }),
    });
    if (address.status !== 201) throw new Error(`Adding an address answered ${address.status}: ${await address.text()}`);
    customers.push({ cookie, addressId: ((await address.json()) as { id: number }).id });
  }

  // What shoppers and crawlers do: a fresh random request each time, while the writer edits.
  const draws = dice(20_260_102);
  const baselineDraws = dice(20_260_104);
  // At 1,000,000 products the targets are the same p99s, with every ratio at 0.05.
  const ratio = (atHundredThousand: number) => (PRODUCTS >= 1_000_000 ? 0.05 : atHundredThousand);
  const headline: Scenario[] = [
    {
      name: 'mixed listings (random filters, sorts, pages)',
      requests: drawn(() => listingPath(draws), draws),
      target: { ratio: ratio(0.1), p99: 50 },
    },
    {
      name: 'product by id (random)',
      requests: drawn(() => `/api/products/${draws.pick(openable)}`, draws),
      target: { ratio: ratio(0.5), p99: 25 },
    },
    {
      name: 'mixed search (random words, 30% typos)',
      requests: drawn(() => searchPath(draws), draws),
      target: { ratio: ratio(0.1), p99: 50 },
    },
  ];

  // The same few URLs again and again: what the response cache does for the most popular pages.
  const listPaths = [
    '/api/products?category=Laptop&sort=price_asc',
    '/api/products?category=Laptop&brand=Lenovo&brand=Dell&ram=16&page=3',
    '/api/products?category=Monitor&refreshRate=144&sort=newest',
    '/api/products?category=Desktop&minPrice=3000000&maxPrice=9000000&inStock=true',
    '/api/products?brand=HP&page=2',
    '/api/products?category=Laptop&storage=512&screenSize=14&sort=price_desc',
  ];
  const cart = [0.1, 0.3, 0.5, 0.7, 0.9].map((fraction, n) => ({ productId: idAt(fraction), quantity: 1 + (n % 2) }));
  const cached: Scenario[] = [
    { name: 'cached: list page, six filter sets', requests: get(listPaths), target: { ratio: 0.3, p99: 25 } },
    {
      name: 'cached: product by id, 50 products',
      requests: get(Array.from({ length: 50 }, (_, n) => `/api/products/${idAt(n / 50)}`)),
      target: { ratio: 0.5, p99: 25 },
    },
    { name: 'cached: search, common word', requests: get(['/api/search?q=lenovo']), target: { p99: 50 } },
    { name: 'cached: search, one-typo word', requests: get(['/api/search?q=lenvo']), target: { p99: 50 } },
    {
      name: 'cart quote, 5 items',
      requests: [{ method: 'POST', path: '/api/cart/quote', headers: { 'content-type': 'application/json' }, body: JSON.stringify(cart) }],
      target: { p99: 25 },
    },
  ];
  let orderNumber = 0;
  const checkout: Scenario = {
    name: `checkout, ${LIMITED_PRODUCTS} products × ${LIMITED_STOCK} units`,
    expectsNon2xx: true,
    requests: [
      {
        method: 'POST',
        path: '/api/checkout/orders',
        setupRequest(request) {
          const n = orderNumber++;
          const customer = customers[n % customers.length] as (typeof customers)[number];
          return {
            ...request,
            headers: { ...sameOrigin, cookie: customer.cookie },
            body: JSON.stringify({
              idempotencyKey: `bench-${process.pid}-${n}`,
              addressId: customer.addressId,
              items: [{ productId: limited[n % limited.length], quantity: 1 + (n % 2) }],
            }),
          };
        },
      },
    ],
  };
  for (const scenario of [...headline, ...cached]) await check(origin, scenario);

  // The baseline answers a body as large as the first list page.
  const listBody = Buffer.from(await (await call(origin + (listPaths[0] as string))).arrayBuffer());
  const bodyFile = path.join(tempDir, 'baseline.json');
  writeFileSync(bodyFile, listBody);
  baseline = await startBaseline(bodyFile);
  console.log(
    `\nMeasuring, ${SECONDS} s per scenario (the headline ones after ${WARM_UP_SECONDS} s unmeasured), ${CONNECTIONS} connections…`,
  );
  const baselineRow = await measure(
    baseline.origin,
    { name: `baseline: bare node:http, ${(listBody.length / 1024).toFixed(1)} KB JSON`, requests: get(['/']) },
    baseline.pid,
    0,
  );
  // The same bare server asked as the headline scenarios ask: a path and an address drawn for each
  // request. Drawing them costs autocannon (in this process, on the same cores) as much as a small
  // answer costs the server, so the headline scenarios are measured against this one. The paths
  // are drawn as product pages draw theirs, the cheapest of the three: the ratios err low.
  const drawnBaselineRow = await measure(
    baseline.origin,
    {
      name: 'baseline: the same, each request drawn at random as the headline scenarios draw theirs',
      requests: drawn(() => `/api/products/${baselineDraws.pick(openable)}`, baselineDraws),
    },
    baseline.pid,
    baselineRow.rps,
  );
  await stop(baseline);
  baseline = undefined;

  const rows: Row[] = [baselineRow, drawnBaselineRow];
  const visibility = newVisibility();
  const writerDice = dice(20_260_103);
  const wanted = (scenario: Scenario) => ONLY === undefined || scenario.name.includes(ONLY);
  for (const scenario of headline.filter(wanted)) {
    await autocannon({ url: origin, connections: CONNECTIONS, duration: WARM_UP_SECONDS, requests: scenario.requests });
    rows.push(
      await measureWhileEditing(origin, scenario, serverPid, drawnBaselineRow.rps, () =>
        startWriter(origin, admin, editable, writerDice, visibility),
      ),
    );
  }
  for (const scenario of cached.filter(wanted)) rows.push(await measure(origin, scenario, serverPid, baselineRow.rps));
  const checkoutRow = !reused && wanted(checkout) ? await measure(origin, checkout, serverPid, baselineRow.rps) : undefined;
  if (checkoutRow) rows.push(checkoutRow);
  const peakMb = treeMemoryMb(serverPid, 'VmHWM');
  // The budget is per process (512 MB at 100,000 products): the largest one's own peak.
  const largestPeak = largestPeakMb(serverPid);
  const serverProcesses = processTree(serverPid).length;
  await stop(server);
  server = undefined;

  // Sold units against stock: never more than there was.
  const sold = await database.db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .where('order_items.product_id', 'in', limited)
    .where('orders.status', '!=', 'cancelled')
    .select(['order_items.product_id', (eb) => eb.fn.sum<number>('order_items.quantity').as('units')])
    .groupBy('order_items.product_id')
    .execute();
  const left = await database.db.selectFrom('offers').select(['product_id as id', 'stock']).where('product_id', 'in', limited).execute();
  const oversold = !checkoutRow
    ? []
    : limited.filter((id) => {
        const units = Number(sold.find((row) => row.product_id === id)?.units ?? 0);
        const stock = left.find((row) => row.id === id)?.stock ?? 0;
        return units > LIMITED_STOCK || stock < 0 || units + stock !== LIMITED_STOCK;
      });
  const unitsSold = sold.reduce((sum, row) => sum + Number(row.units), 0);

  // ------------------------------------------------------------------------------------------
  // Report

  const cpuModel = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const environment = {
    date: new Date().toISOString(),
    commit: measuredCommit(),
    settings: serverSettings(),
    engine: dialect,
    products: PRODUCTS,
    vendors: VENDORS,
    node: process.version,
    cpus: availableParallelism(),
    cpuModel,
    seconds: SECONDS,
    warmUpSeconds: WARM_UP_SECONDS,
    connections: CONNECTIONS,
    redis: Boolean(REDIS_URL),
    webConcurrency: process.env.WEB_CONCURRENCY ?? null,
    serverProcesses,
    seedSeconds: Number(seedSeconds.toFixed(1)),
    seedProductsPerSecond: seedRate,
    serverPeakMemoryMb: Number(peakMb.toFixed(0)),
    largestProcessPeakMemoryMb: Number(largestPeak.toFixed(0)),
  };
  console.log(
    `\n**${dialect}**, ${PRODUCTS.toLocaleString('en-IN')} products, ${VENDORS} vendors · Node ${process.version} · ` +
      `${availableParallelism()} CPUs (${cpuModel}) · ${serverProcesses} server process${serverProcesses === 1 ? '' : 'es'} · ` +
      `${SECONDS} s × ${CONNECTIONS} connections per scenario · ${reused ? 'reusing a database seeded before' : `seeded in ${seedSeconds.toFixed(1)} s (${seedRate} products/s)`}\n`,
  );
  printScenarios(rows);

  const writers = rows.filter((row) => row.writer).map((row) => ({ scenario: row.scenario, ...(row.writer as WriterReport) }));
  const edits = writers.reduce((sum, w) => sum + w.edits, 0);
  const writerErrors = writers.flatMap((w) => w.errors);
  const shown = summarizeVisibility(visibility);
  console.log(
    `\nWriter (an admin editing price, stock and every other time a word of the name): ${edits} edits ` +
      `(${writers.map((w) => `${w.edits} in ${w.seconds.toFixed(1)} s`).join(', ')}), ${writerErrors.length} errors`,
  );
  for (const error of writerErrors.slice(0, 10)) console.log(`  writer error: ${error}`);
  console.log('');
  printVisibility(shown);
  for (const miss of shown.flatMap((s) => s.notShown.map((text) => `${s.surface}: ${text}`)).slice(0, 10)) console.log(`  ${miss}`);

  console.log(
    `\nServer peak memory: ${peakMb.toFixed(0)} MB${serverProcesses > 1 ? `, the sum of its ${serverProcesses} processes' peaks; the largest process's peak ${largestPeak.toFixed(0)} MB` : ''}`,
  );
  const checkoutAnswers = Object.entries(checkoutRow?.statusCodes ?? {}).map(([code, count]) => `${count} × ${code}`);
  if (checkoutRow)
    console.log(
      `Checkout: ${unitsSold} of ${LIMITED_PRODUCTS * LIMITED_STOCK} units sold, ${oversold.length === 0 ? 'none oversold' : `OVERSOLD on products ${oversold.join(', ')}`}; ` +
        `answers ${checkoutAnswers.join(', ')} (409: out of stock)`,
    );

  const resultsDir = path.join(ROOT, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${environment.date.slice(0, 16).replace(/[:T]/g, '-')}-${dialect}-${PRODUCTS}.json`);
  const json = {
    environment,
    rows,
    writers,
    visibility: shown,
    checkout: { unitsSold, unitsAvailable: LIMITED_PRODUCTS * LIMITED_STOCK, oversold },
  };
  writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`Wrote ${path.relative(ROOT, file)}`);

  // Failures, as against targets missed: wrong answers, lost edits, stale pages.
  if (oversold.length > 0) exitCode = 1;
  // No answer at all in the whole scenario is a server that stalled: requests still waiting at the end are counted nowhere else.
  for (const row of rows.filter((r) => !r.expectsNon2xx && (r.answered === 0 || r.errors > 0 || r.timeouts > 0 || r.non2xx > 0))) {
    console.error(
      `FAILED ${row.scenario}: ${row.answered} answered, status codes ${JSON.stringify(row.statusCodes)}, ${row.errors} connection errors, ${row.timeouts} timeouts`,
    );
    exitCode = 1;
  }
  if (writerErrors.length > 0) {
    console.error(`FAILED the writer: ${writerErrors.length} edits failed`);
    exitCode = 1;
  }
  for (const s of shown.filter((summary) => summary.notShown.length > 0)) {
    console.error(`FAILED ${s.surface}: ${s.notShown.length} edits had not shown after ${VISIBLE_CAP_MS / 1000} s`);
    exitCode = 1;
  }
} catch (error) {
  if (error instanceof RefusalError) {
    console.error(error.message);
    exitCode = 2;
  } else {
    console.error(error);
    exitCode = 1;
  }
} finally {
  await stop(server);
  await stop(baseline);
  await database.destroy();
  if (KEEP) console.log(`Kept the database: BENCH_DATABASE_URL=${databaseUrl} (and ${tempDir})`);
  else rmSync(tempDir, { recursive: true, force: true });
}
process.exit(exitCode);
