import { existsSync } from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_IMAGE_BYTES } from '#shared/schemas/vendor.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { createAdminService } from './modules/admin/admin.service.ts';
import { createModerationRepliesService } from './modules/admin/moderation-replies.service.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { resetPasswordMail } from './modules/auth/account-mails.ts';
import { accountSecurityRoutes } from './modules/auth/account-security.routes.ts';
import { createAccountSecurityService } from './modules/auth/account-security.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createLinkTokens } from './modules/auth/link-tokens.service.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { createCartService } from './modules/cart/cart.service.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { CATALOG_MAX_AGE_MS, CATALOG_TABLES } from './modules/catalog/listing-index/catalog-index.ts';
import { checkoutRoutes } from './modules/checkout/checkout.routes.ts';
import { createCheckoutService } from './modules/checkout/checkout.service.ts';
import { createReconciliationService } from './modules/checkout/gateway-reconciliation.service.ts';
import { guestCheckoutRoutes } from './modules/checkout/guest-checkout.routes.ts';
import { createGuestOrdersService } from './modules/checkout/guest-orders.service.ts';
import { hostedCheckoutRoutes } from './modules/checkout/hosted-checkout.routes.ts';
import { createHostedCheckoutService } from './modules/checkout/hosted-checkout.service.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { createContactService } from './modules/contact/contact.service.ts';
import { couponsRoutes } from './modules/coupons/coupons.routes.ts';
import { createCouponsService } from './modules/coupons/coupons.service.ts';
import { deliveryRoutes } from './modules/delivery/delivery.routes.ts';
import { createDeliveryService } from './modules/delivery/delivery.service.ts';
import { invoicesRoutes } from './modules/invoices/invoices.routes.ts';
import { createInvoicesService } from './modules/invoices/invoices.service.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { createQueuedMailer } from './modules/mail/queued-mailer.ts';
import { createMediaService } from './modules/media/media.service.ts';
import { createFulfilmentService } from './modules/orders/fulfilment.service.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { createOrdersService } from './modules/orders/orders.service.ts';
import { createRefundsService } from './modules/orders/refunds.service.ts';
import { createOutboxService } from './modules/outbox/outbox.service.ts';
import { createGatewayPaymentsService } from './modules/payments/gateway-payments.service.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import type { PaymentProvider } from './modules/payments/providers/payment-provider.ts';
import { createRazorpayProvider } from './modules/payments/providers/razorpay.ts';
import { createSandboxProvider, type SandboxProvider } from './modules/payments/providers/sandbox.ts';
import { razorpayWebhookRoutes } from './modules/payments/razorpay-webhooks.routes.ts';
import { reconciliationRoutes } from './modules/payments/reconciliation.routes.ts';
import { privacyRoutes } from './modules/privacy/privacy.routes.ts';
import { createPrivacyService } from './modules/privacy/privacy.service.ts';
import { createOrderReturnsReader } from './modules/returns/returns-reader.ts';
import { returnsRoutes } from './modules/returns/returns.routes.ts';
import { createReturnsService, returnsPersonalData } from './modules/returns/returns.service.ts';
import { trackReturnsRoutes } from './modules/returns/track-returns.routes.ts';
import { reviewsRoutes } from './modules/reviews/reviews.routes.ts';
import { createReviewsService, REVIEW_TABLES, reviewsPersonalData, reviewsProductMerge } from './modules/reviews/reviews.service.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { createSearchService } from './modules/search/search.service.ts';
import { seoRoutes } from './modules/seo/seo.routes.ts';
import { stockAlertRoutes } from './modules/stock-alerts/stock-alerts.routes.ts';
import { createStockAlertsService } from './modules/stock-alerts/stock-alerts.service.ts';
import { storeRoutes } from './modules/store/store.routes.ts';
import { addressesRoutes } from './modules/users/addresses.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createProductImportService } from './modules/vendors/product-import.service.ts';
import { createVendorProductsService } from './modules/vendors/vendor-products.service.ts';
import { createVendorReportsService } from './modules/vendors/vendor-reports.service.ts';
import { storesRoutes, vendorRoutes } from './modules/vendors/vendors.routes.ts';
import { createVendorsService } from './modules/vendors/vendors.service.ts';
import { wishlistRoutes } from './modules/wishlist/wishlist.routes.ts';
import { createWishlistService } from './modules/wishlist/wishlist.service.ts';
import { createAuth, registerSessionHook } from './plugins/auth.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { rateLimitStore } from './plugins/rate-limit-store.ts';
import { closeRedis, createRedisClient } from './plugins/redis-client.ts';
import { createResponseCache, registerResponseCache, shareCatalogChanges } from './plugins/response-cache.ts';
import { razorpayHosts, registerSecurityHeaders } from './plugins/security-headers.ts';
import { workerChannel } from './plugins/worker-channel.ts';
import { isFileUrl } from './render/file-urls.ts';
import { createStorefront } from './render/storefront.ts';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
}

/** Tests of crash recovery only (TEST_FAULT, NODE_ENV=test): the process dies right after the gateway captured. */
function faultAfterCharge(config: Config) {
  if (config.env !== 'test' || config.testFault !== 'kill-after-capture') return undefined;
  return (outcome: { status: string }) => {
    if (outcome.status === 'captured') process.kill(process.pid, 'SIGKILL');
  };
}

/** Composes the services and the HTTP app from plain factories; the services, for seeding and tests. */

/**
 * Static files whose names stay when they change (the favicon, /images): a day, then still used
 * for a week while the browser asks again. Hashed scripts and the catalogue's images are kept a year.
 */
export const STATIC_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

export function createServices({
  database,
  config,
  log,
  logWarn,
}: Pick<AppDeps, 'database' | 'config'> & { log?: (error: unknown, message: string) => void; logWarn?: (message: string) => void }) {
  const { db } = database;
  const vendors = createVendorsService({ db });
  const delivery = createDeliveryService({ db, vendors, codMax: config.codMax });
  const users = createUsersService({ db, vendors, delivery });
  // Refunds and mails are written to the outbox first and retried from it until they succeed.
  const outbox = createOutboxService({ db, log });
  const mailer = createQueuedMailer(
    outbox,
    createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, from: `${config.store.name} <${config.store.supportEmail}>` }),
  );
  const auth = createAuth({
    config,
    database,
    log,
    sendResetPassword: (user, token) => mailer.send(resetPasswordMail(config.store, user, token)),
  });
  const catalog = createCatalogService({
    db,
    dialect: database.dialect,
    places: delivery,
    log,
    changeWaitMs: config.catalogChangeWaitMs,
    compressedUpTo: config.catalogCompressedUpTo,
  });
  const search = createSearchService({ catalog, hitsPerProduct: config.searchHitsPerProduct });
  // The orders service is made below; a coupon asks it only while pricing an order.
  const coupons = createCouponsService({
    db,
    vendors,
    users,
    countOrders: (userIds, statuses, tx) => orders.countOf(userIds, statuses, tx),
  });
  const cart = createCartService({ catalog, coupons });
  const contact = createContactService({ db });
  // The sandbox ("Test mode") unless a gateway is configured; both behind the PaymentProvider port.
  // (refundsFailWith: the sandbox's outage switch for tests; no such switch on a real gateway)
  const paymentProvider: PaymentProvider & Partial<Pick<SandboxProvider, 'refundsFailWith'>> =
    config.payments.provider === 'razorpay' ? createRazorpayProvider(config.payments) : createSandboxProvider({ db });
  const payments = createPaymentsService({ db, provider: paymentProvider, outbox, emiPlans: config.emiPlans });
  const gatewayPayments = createGatewayPaymentsService({ db, provider: paymentProvider });
  const invoices = createInvoicesService({ db });
  // Orders show their returns through the returns module's reader (that module imports this one's).
  const orders = createOrdersService({ db, payments, invoices, returns: createOrderReturnsReader(db) });
  const guestOrders = createGuestOrdersService({ db, users, orders, invoices, payments, coupons, secret: config.sessionSecret });
  // A verified e-mail brings the guest orders placed with it into the account.
  const accountSecurity = createAccountSecurityService({
    db,
    auth,
    users,
    mailer,
    store: config.store,
    onEmailVerified: guestOrders.claim,
    log,
  });
  const authService = createAuthService({ db, auth, users, vendors, afterSignUp: accountSecurity.afterSignUp, log });
  const wishlist = createWishlistService({ db, catalog });
  const stockAlerts = createStockAlertsService({ db, catalog, users, outbox, store: config.store, log });
  // Other modules' personal data joins the download and the erasure through `holders` (see PersonalDataHolder).
  const privacy = createPrivacyService({
    db,
    users,
    orders,
    accountSecurity,
    store: config.store,
    holders: [wishlist.personalData, stockAlerts.personalData, reviewsPersonalData(db), returnsPersonalData(db, config.dataDir)],
  });
  const crashAfterCharge = faultAfterCharge(config);
  const checkout = createCheckoutService({
    db,
    catalog,
    cart,
    coupons,
    delivery,
    orders,
    payments,
    outbox,
    users,
    mailer,
    store: config.store,
    log,
    afterCharge: crashAfterCharge,
  });
  const hostedCheckout = createHostedCheckoutService({
    db,
    checkout,
    orders,
    payments,
    gateway: gatewayPayments,
    outbox,
    store: config.store,
    log: { warn: (message) => logWarn?.(message), error: (error, message) => log?.(error, message) },
    // TEST_FAULT=kill-after-capture: the process dies once Razorpay has captured, before we record it.
    afterGatewayCapture: crashAfterCharge && (() => crashAfterCharge({ status: 'captured' })),
  });
  const reconciliation = createReconciliationService({ db, gateway: gatewayPayments, hostedCheckout });
  // Admins' refunds and received returns' refunds: one use case, one transaction (refunds.service.ts).
  const refunds = createRefundsService({
    db,
    orders,
    payments,
    invoices,
    outbox,
    audit: (entry, tx) => audit.record(entry, tx),
    cancelUnshipped: async (tx, orderId, reason) => {
      const { outcome, jobs } = await checkout.cancelIn(tx, orderId, reason, ['confirmed']);
      return { cancelled: outcome === 'cancelled', jobs };
    },
  });
  const media = createMediaService({ db, dataDir: config.dataDir });
  const fulfilment = createFulfilmentService({ db, catalog, users, invoices, payments, mailer, store: config.store, log });
  // Admin actions, whichever module takes them, are written to one audit log.
  const audit = createAuditService({ db, users, catalog, vendors, payments, orders });
  const moderationReplies = createModerationRepliesService({ db, catalog, audit });
  const vendorProducts = createVendorProductsService({ vendors, catalog, orders, media, moderationReplies });
  const vendorReports = createVendorReportsService({ orders, catalog, payments, commissionPercent: config.commissionPercent });
  const productImport = createProductImportService({ db, catalog, vendorProducts });
  // A merge of duplicate products moves their reviews (and ratings) and wishlist saves with their offers.
  const admin = createAdminService({
    db,
    users,
    vendors,
    catalog,
    orders,
    authService,
    audit,
    payments,
    invoices,
    refunds,
    outbox,
    mailer,
    media,
    moderationReplies,
    store: config.store,
    log,
    mergeFollowers: [reviewsProductMerge, wishlist.productMerge],
  });
  const reviews = createReviewsService({ db, catalog, orders, vendors, audit });
  const returns = createReturnsService({
    db,
    orders,
    payments,
    refunds,
    catalog,
    outbox,
    users,
    store: config.store,
    dataDir: config.dataDir,
    audit: audit.record,
    linkTokens: createLinkTokens(),
  });
  return {
    returns,
    refunds,
    audit,
    admin,
    moderationReplies,
    reviews,
    wishlist,
    stockAlerts,
    guestOrders,
    vendors,
    delivery,
    coupons,
    users,
    authService,
    accountSecurity,
    privacy,
    catalog,
    search,
    cart,
    contact,
    payments,
    paymentProvider,
    gatewayPayments,
    hostedCheckout,
    reconciliation,
    outbox,
    orders,
    checkout,
    mailer,
    media,
    fulfilment,
    invoices,
    vendorProducts,
    vendorReports,
    productImport,
    emiPlans: config.emiPlans,
    store: config.store,
  };
}

export type Services = ReturnType<typeof createServices>;

/** Builds the app without listening; `server.ts` listens, tests call `inject`. */
export async function buildApp(deps: AppDeps): Promise<{ app: FastifyInstance; services: Services }> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    requestIdHeader: 'x-request-id',
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    // A slow or stalled client cannot hold a connection: it has headersTimeout to send its headers
    // and requestTimeout for the whole request (408, then closed; checked every second at most),
    // and an idle keep-alive connection closes after keepAliveTimeout, which should be longer
    // than the load balancer's own idle timeout so that the balancer is the one to close it.
    // A socket with no traffic at all (a client that stopped reading) is closed after the longest of them.
    http: { headersTimeout: config.headersTimeoutMs, connectionsCheckingInterval: Math.min(1_000, config.headersTimeoutMs / 2) },
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    connectionTimeout: Math.max(config.requestTimeoutMs, config.keepAliveTimeoutMs) + 5_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // A lost database connection (a restart, a failover) is logged, not fatal: the pool opens a new
  // one for the next query, and requests meanwhile answer 503 with Retry-After.
  const stopHearingLostConnections = database.onConnectionError((error) =>
    app.log.warn({ err: error }, 'A database connection was lost; the next query opens a new one'),
  );
  app.addHook('onClose', async () => stopHearingLostConnections());
  await registerSecurityHeaders(app, {
    publicUrl: config.publicUrl,
    checkout: config.payments.provider === 'razorpay' ? razorpayHosts(config.payments) : undefined,
  });
  // Before any route: it compresses the answers of the routes registered after it.
  await registerCompression(app);

  const services = createServices({
    database,
    config,
    log: (error, message) => app.log.error({ err: error }, message),
    logWarn: (message) => app.log.warn(message),
  });

  // Limits hold for the whole machine however many workers serve it (the primary counts), and
  // for every instance through Redis when REDIS_URL is set. While Redis is unreachable they count
  // for the machine alone, without waiting for it.
  const redis = config.redisUrl ? createRedisClient(config.redisUrl, app.log) : undefined;
  if (redis) app.addHook('onClose', () => closeRedis(redis));
  const store = rateLimitStore({ redis, nameSpace: 'store-rate-limit:', log: app.log });
  await app.register(rateLimit, { global: false, store });

  // Catalogue answers are cached by URL, and listings come from an in-memory index kept up to date
  // from the catalogue's change log. A committed change, here or (through Redis) in another
  // process, clears the cache and starts a look at the log at once; every process also looks each
  // second, so a change made elsewhere shows within about a second even without word of it.
  const catalogCache = createResponseCache({ maxBytes: config.catalogCacheBytes, ttlMs: CATALOG_MAX_AGE_MS });
  // Changes found in the log drop cached answers too (those made elsewhere had no word here). The
  // first load needs not: nothing is answered, so nothing cached, before it.
  let loaded = false;
  services.catalog.listen((change) => {
    if (loaded || !change.all) catalogCache.clear();
    loaded = true;
  });
  app.addHook('onClose', async () => services.catalog.close());
  // India Post's directory is read before the first request (see delivery.ready): never first inside a checkout's transaction.
  app.addHook('onReady', () => services.delivery.ready());
  const catalogChanged = () => {
    catalogCache.clear();
    services.catalog.changed();
  };
  // Another process's change (or, after a reconnect, possibly missed ones): look at the log.
  const shared = redis ? shareCatalogChanges(redis, 'store:catalog-changed', catalogChanged) : undefined;
  if (shared) app.addHook('onClose', shared.close);
  // The other workers of this `npm run serve` hear of it at once through the primary.
  const workers = workerChannel('catalog-changed');
  const stopHearingWorkers = workers?.subscribe(catalogChanged);
  if (stopHearingWorkers) app.addHook('onClose', async () => stopHearingWorkers());
  const stopWatching = database.onCommittedWrite((tables) => {
    // Product pages show their reviews: a review written, hidden or restored drops this process's
    // cached pages (another process's go within CATALOG_MAX_AGE_MS, and the browser asks again).
    if (REVIEW_TABLES.some((table) => tables.has(table))) catalogCache.clear();
    if (!CATALOG_TABLES.some((table) => tables.has(table))) return;
    catalogChanged();
    shared?.publish(tables);
    workers?.publish({ tables: [...tables] });
  });
  app.addHook('onClose', async () => stopWatching());
  registerResponseCache(app, catalogCache);
  await registerOpenApi(app, config.store.name, config.publicUrl);
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5 } });
  // Vendors' images, re-encoded on upload; served with long caching since each name is unique.
  await app.register(fastifyStatic, {
    root: services.media.root,
    prefix: '/media/',
    decorateReply: false,
    wildcard: true,
    setHeaders: (res) => res.header('cache-control', 'public, max-age=31536000, immutable'),
  });

  registerSessionHook(app, { resolveCaller: services.authService.resolveCaller, publicUrl: config.publicUrl });

  await app.register(
    async (api) => {
      await api.register(storeRoutes({ store: config.store, db: database.db }));
      await api.register(authRoutes({ authService: services.authService, secureCookies: config.publicUrl.startsWith('https://') }));
      await api.register(accountSecurityRoutes(services));
      await api.register(privacyRoutes(services));
      await api.register(addressesRoutes(services));
      await api.register(vendorRoutes(services));
      await api.register(invoicesRoutes(services));
      await api.register(adminRoutes(services));
      await api.register(guestCheckoutRoutes(services));
      await api.register(checkoutRoutes(services));
      await api.register(hostedCheckoutRoutes(services));
      await api.register(razorpayWebhookRoutes(services));
      await api.register(reconciliationRoutes(services));
      await api.register(ordersRoutes(services));
      await api.register(returnsRoutes(services));
      await api.register(trackReturnsRoutes(services));
      await api.register(storesRoutes(services));
      await api.register(catalogRoutes(services));
      await api.register(deliveryRoutes(services));
      await api.register(searchRoutes(services));
      await api.register(cartRoutes(services));
      await api.register(couponsRoutes(services));
      await api.register(reviewsRoutes(services));
      await api.register(wishlistRoutes(services));
      await api.register(stockAlertRoutes(services));
      await api.register(contactRoutes(services));
    },
    { prefix: '/api' },
  );
  await app.register(seoRoutes({ db: database.db, publicUrl: config.publicUrl }));

  const indexHtml = path.join(config.webDistDir, 'index.html');
  const serveWeb = existsSync(indexHtml);
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      // `/` is the home page, rendered like the storefront's other pages (see below).
      index: false,
      // The build writes x.br and x.gz beside each text file (vite.config.ts); the one the client
      // accepts is sent, with Vary: Accept-Encoding, by the file routes and reply.sendFile() alike.
      // They are not routes of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (res, filePath) => {
        // The page itself is asked again every time (it names this release's hashed scripts, which
        // the next release removes); hashed assets never change; the catalogue's images are kept a
        // year too, so one that is redrawn must take a new name (browsers would keep the old one);
        // other files (the favicon, /images) keep their names when changed, so are kept a day and
        // then used while asked again for a week more: a redrawn one shows within a day.
        // `filePath` is the file sent: index.html.br for the page.
        const file = path.relative(config.webDistDir, filePath).replace(/\.(?:br|gz)$/, '');
        const folder = file.split(path.sep)[0];
        const immutable = folder === 'assets' || folder === 'catalog';
        res.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : file === 'index.html' ? 'no-cache' : STATIC_CACHE_CONTROL,
        );
      },
    });
  }

  // The public storefront's pages are rendered here (when built); the app's other pages are drawn
  // in the browser from the same shell.
  const storefront = serveWeb
    ? await createStorefront({
        app,
        webDistDir: config.webDistDir,
        ssrDistDir: path.join(config.webDistDir, '..', 'ssr'),
        store: config.store,
        cache: catalogCache,
        removed: async (id) => {
          const product = await services.catalog.findAny(id);
          return product !== undefined && product.status !== 'draft';
        },
      })
    : undefined;

  // A route rather than the not-found handler, so its pages are compressed like every answer.
  if (storefront) {
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      const isApi = request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
      return isApi || isFileUrl(request.url) ? reply.callNotFound() : storefront.serve(request, reply);
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const isFile = isFileUrl(request.url);
    if (!isApi && !isFile && serveWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // The single-page app routes everything else, including its own 404 page.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const where = request.url.split('?')[0];
    return reply.status(404).send({
      error: { code: 'NOT_FOUND', message: isFile ? `No file at ${where}` : `No route for ${request.method} ${where}` },
    });
  });

  return { app, services };
}
