import { clock } from '@rumbo/shared/clock';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import { ACCOUNT_RATE_LIMITS, accountsRoutes, type AccountRateLimits } from './accounts/accounts.routes';
import type { FacebookOptions, GoogleOptions } from './accounts/providers';
import { agenciesRoutes } from './agencies/agencies.routes';
import { cargoRoutes } from './cargo/cargo.routes';
import { companiesRoutes } from './companies/companies.routes';
import { complaintsRoutes, type ComplaintCopyLimits } from './complaints/complaints.routes';
import { contentRoutes } from './content/content.routes';
import type { Database } from './db/client';
import { registerErrorHandling } from './http/error-handler';
import { healthRoutes } from './http/health.routes';
import { registerJsonParser } from './http/json-body';
import { Metrics, metricsRoutes, registerRequestMetrics } from './http/metrics';
import { openApiRoutes, type RegisteredRoute } from './http/openapi.routes';
import { LOOKUP_RATE_LIMIT, rateLimitStore, SEAT_RATE_LIMIT, unprovenMailBudget, UNPROVEN_MAIL_LIMIT, WRITE_RATE_LIMIT, type RateLimit } from './http/rate-limit';
import { devMailboxRoutes } from './mail/dev-mailbox.routes';
import { refuseUndeclaredProxy } from './http/proxy';
import { paymentSandboxRoutes, type SandboxOptions } from './payments/sandbox/sandbox.routes';
import type { PaymentProvider } from './payments/provider';
import type { CulqiProvider } from './payments/culqi';
import { culqiSandboxRoutes, type CulqiSandboxOptions } from './payments/sandbox/culqi.sandbox';
import { culqiRoutes } from './sales/culqi.routes';
import { promotionsRoutes } from './promotions/promotions.routes';
import { salesRoutes } from './sales/sales.routes';
import { aftersaleRoutes } from './aftersale/aftersale.routes';
import { peopleRoutes } from './people/people.routes';
import { pointsRoutes } from './points/points.routes';
import { seatPassengerRoutes } from './people/seat-passenger.routes';
import { seatsRoutes } from './seats/seats.routes';
import { tripsRoutes } from './trips/trips.routes';
import { createAnswerCache } from './trips/answer-cache';
import type { OperatorCredential } from './operators/operators';
import { operatorsRoutes } from './operators/operators.routes';
import { disruptionsRoutes } from './disruptions/disruptions.routes';
import type { ChangePolicy } from './disruptions/policy';
import type { VoucherUndo } from './disruptions/voucher-port';
import type { VoucherSeries } from './vouchers/rules';
import { vouchersRoutes } from './vouchers/vouchers.routes';
import { voucherUndo } from './vouchers/undo';
import type { WalletsConfig } from './pocket/pocket.config';
import { pocketOf, type PocketOptions } from './pocket/pocket.service';
import { pocketRoutes } from './pocket/pocket.routes';
import { applePassServiceRoutes } from './pocket/wallet-apple-service';
import type { VapidConfig } from './push/push.config';
import { pushRoutes } from './push/push.routes';
import { privacyRoutes } from './privacy/privacy.routes';
import { waitlistRoutes } from './waitlist/waitlist.routes';
import { priceAlertsRoutes } from './alerts/price-alerts.routes';
import type { WhatsAppConfig } from './whatsapp/whatsapp.config';
import { whatsappWebhookRoutes } from './whatsapp/whatsapp.routes';
import { whatsappSandboxRoutes } from './whatsapp/sandbox.routes';

export interface AppOptions {
  db: Database;
  sessionSecret: string;
  /** Browser origins allowed to call the API (the site and its remotes). */
  corsOrigins?: (string | RegExp)[];
  /** Serve `/dev/outbox` and `/dev/outbox.json`. */
  devMailbox?: boolean;
  /** Serve the API's description: `/openapi.json` and its readable `/docs` page. */
  apiDocs?: boolean;
  writeRateLimit?: RateLimit;
  /** Per-address limit of seat holds and releases. */
  seatRateLimit?: RateLimit;
  /** Look-ups by a code someone could guess (tracking, RUC). */
  lookupRateLimit?: RateLimit;
  /** `/rest/venta/recovery` per payment code; RECOVERY_PER_CODE_LIMIT by default. */
  recoveryPerCodeLimit?: RateLimit;
  /** Issue 32 item 8: mails per recipient to an address nobody has proven (UNPROVEN_MAIL_LIMIT). */
  unprovenMailLimit?: RateLimit;
  /** Issue 15: how many complaint copies go to one recipient and from one client. */
  complaintCopyLimits?: ComplaintCopyLimits;
  /** The clock; tests fix it to file complaints on chosen dates. */
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** The site's origin, for links in account mails (SITE_URL). */
  siteUrl?: string;
  /** Google sign-in; unset: not offered. */
  google?: GoogleOptions;
  /** Facebook sign-in; unset: not offered. */
  facebook?: FacebookOptions;
  accountRateLimits?: AccountRateLimits;
  /** The payment sandbox (createPaymentProviders' `sandbox`); unset: not served. */
  paymentSandbox?: SandboxOptions;
  /** SafetyPay and PagoEfectivo (createPaymentProviders); unset: payments cannot start (404). */
  payments?: { safetypay: PaymentProvider; pagoefectivo: PaymentProvider; culqi?: CulqiProvider };
  /** Issue 46: the Culqi stand-in (createPaymentProviders' `culqiSandbox`, CULQI_SANDBOX=1); unset: not served. */
  culqiSandbox?: CulqiSandboxOptions;
  /** The API's origin as browsers reach it (API_ORIGIN): links to ticket PDFs. */
  apiOrigin?: string;
  /**
   * Redis (REDIS_URL, `connectRateLimitRedis`): every rate limit and per-key limit is counted
   * there, shared by all instances; unset: in this process's memory.
   */
  redis?: Redis;
  /** The start of every rate-limit key in Redis (REDIS_PREFIX, `rumbo-rl-`): several shops or tests on one Redis. */
  redisPrefix?: string;
  /** The Prometheus figures; unset: a registry of its own (tests). */
  metrics?: Metrics;
  /** METRICS_TOKEN: serves `GET /metrics` to a scraper sending it as a bearer token; unset: no such route. */
  metricsToken?: string;
  /**
   * TRUST_PROXY: which proxies' X-Forwarded-For to believe (Fastify's `trustProxy`), so the
   * per-address limits see each customer's address behind the load balancer, not the balancer's.
   */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /**
   * How many X-Forwarded-For hops the operator declared (TRUST_PROXY: its hop count, 1 for
   * addresses, 0 unset): the seat-hold bounds walk only these (issue 32 item 4).
   */
  proxyHops?: number;
  /** Production without TRUST_PROXY: refuse (503, logged) each request a proxy forwarded. */
  refuseUndeclaredProxy?: boolean;
  /** True once the process is shutting down: readiness answers 503. */
  draining?: () => boolean;
  /** OPERATOR_TOKENS: who may call the operators' endpoints (`session: 'operator'`); none: they answer 401. */
  operators?: readonly OperatorCredential[];
  /** Issue 35: the operator's rules for changes after the sale (CHANGE_* variables); unset: DECISIONS.md's defaults. */
  changePolicy?: ChangePolicy;
  /** Issue 34's credit notes for refunds and cancellations; unset: the vouchers module's. */
  voucherUndo?: VoucherUndo;
  /** Issue 44: this instance's boleta and factura series (VOUCHER_SERIES); unset: B001/F001. Vouchers are signed after the sale by the outbox (main.ts). */
  voucherSeries?: VoucherSeries | undefined;
  /** Issue 36: the configured wallets (APPLE_PASS_*, GOOGLE_WALLET_*); none: no wallet links. */
  wallets?: WalletsConfig;
  /** Issues 35 and 36: web push's VAPID keys (VAPID_*); unset: no key, no button, subscribing answers 404. */
  vapid?: VapidConfig;
  /** Issue 48: WhatsApp's Cloud API: its webhook is mounted; the stand-in too when it is the sandbox. */
  whatsapp?: WhatsAppConfig;
  /**
   * Issue 44, search at peak (SEARCH_CACHE_MS): identical trip searches and fare calendars share one
   * query and keep its answer this long (trips/answer-cache.ts); unset or 0: every search queries
   * (the tests' default: they change seats and fares and search again at once).
   */
  searchCacheMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the application registered, in order. */
    registeredRoutes: RegisteredRoute[];
  }
}

/** The HTTP application without a listening socket: main.ts listens, tests use `inject`. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const {
    db,
    sessionSecret,
    writeRateLimit = WRITE_RATE_LIMIT,
    seatRateLimit = SEAT_RATE_LIMIT,
    lookupRateLimit = LOOKUP_RATE_LIMIT,
    now = clock.now,
  } = options;
  // Request bodies are small forms; a large body is refused before it is parsed.
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 64 * 1024, trustProxy: options.trustProxy ?? false });

  registerErrorHandling(app);
  registerJsonParser(app);
  if (options.refuseUndeclaredProxy) refuseUndeclaredProxy(app);
  const metrics = options.metrics ?? new Metrics(db);
  registerRequestMetrics(app, metrics);
  // Shutting down: each answer closes its connection, so keep-alive clients and the balancer
  // reconnect elsewhere and the server can close once the requests in flight are answered.
  const { draining } = options;
  if (draining) {
    app.addHook('onSend', async (_request, reply, payload) => {
      if (draining()) reply.header('connection', 'close');
      return payload;
    });
  }
  // A JSON API plus one small dev page with inline styles: nothing else may load or frame it.
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        styleSrc: ["'unsafe-inline'"],
        baseUri: ["'none'"],
        formAction: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  await app.register(cors, { origin: options.corsOrigins ?? [], credentials: true });
  await app.register(cookie);
  // Only routes that opt in with `config.rateLimit` are limited; with Redis, one count for all instances.
  const { redis } = options;
  await app.register(rateLimit, {
    global: false,
    ...(redis
      ? { store: rateLimitStore(redis, () => metrics.redisFallbacks.inc(), options.redisPrefix) }
      : {}),
    onExceeded: (request) => metrics.limitRefusals.inc({ limit: request.routeOptions.url ?? 'unmatched' }),
  });

  // Every route as registered: `/openapi.json` describes the rate limits, its test compares them with the table.
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    const config = route.config as { rateLimit?: unknown } | undefined;
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, rateLimited: Boolean(config?.rateLimit) });
  });
  app.decorate('registeredRoutes', routes);

  const unprovenMail = unprovenMailBudget(app, options.unprovenMailLimit ?? UNPROVEN_MAIL_LIMIT);

  await app.register(healthRoutes, { db, redis, draining });
  if (options.metricsToken) await app.register(metricsRoutes, { metrics, token: options.metricsToken });
  await app.register(contentRoutes, { db, now });
  await app.register(complaintsRoutes, { db, now, writeRateLimit, copyLimits: options.complaintCopyLimits, unprovenMail });
  await app.register(accountsRoutes, {
    db,
    sessionSecret,
    now,
    siteUrl: options.siteUrl,
    corsOrigins: options.corsOrigins ?? [],
    google: options.google,
    facebook: options.facebook,
    rateLimits: options.accountRateLimits,
    unprovenMail,
  });
  await app.register(pointsRoutes, { db, sessionSecret, now });
  await app.register(privacyRoutes, { db, sessionSecret, now, writeRateLimit, lookupRateLimit, operators: options.operators ?? [], passwordRateLimit: (options.accountRateLimits ?? ACCOUNT_RATE_LIMITS).signIn, whatsapp: Boolean(options.whatsapp) });
  const answers = createAnswerCache({
    ttlMs: options.searchCacheMs ?? 0,
    count: (kind, source) => metrics.searchAnswers.inc({ kind, source }),
    // A test's clock moves the answers' age too; the machine's monotonic clock otherwise.
    ...(options.now ? { clock: () => now().getTime() } : {}),
  });
  await app.register(tripsRoutes, { db, now, answers });
  await app.register(seatsRoutes, { db, now, seatRateLimit, clientSecret: sessionSecret, proxyHops: options.proxyHops ?? 0, operators: options.operators ?? [] });
  await app.register(agenciesRoutes, { db });
  await app.register(cargoRoutes, { db, lookupRateLimit });
  await app.register(promotionsRoutes, { db, now, writeRateLimit, siteOrigins: options.corsOrigins ?? [], unprovenMail });
  await app.register(companiesRoutes, { db, now, writeRateLimit, lookupRateLimit, unprovenMail });
  await app.register(peopleRoutes, { db, now, writeRateLimit });
  await app.register(seatPassengerRoutes, { db, now, writeRateLimit });
  const pocketConfig: PocketOptions = {
    secret: sessionSecret,
    apiOrigin: options.apiOrigin ?? 'http://localhost:3001',
    ...(options.siteUrl ? { siteUrl: options.siteUrl } : {}),
    ...options.wallets,
  };
  const pocket = pocketOf(pocketConfig);
  await app.register(salesRoutes, {
    db,
    sessionSecret,
    now,
    pocket,
    payments: options.payments,
    apiOrigin: options.apiOrigin ?? 'http://localhost:3001',
    siteUrl: options.siteUrl,
    corsOrigins: options.corsOrigins ?? [],
    writeRateLimit,
    lookupRateLimit,
    voucherSeries: options.voucherSeries,
  });
  await app.register(culqiRoutes, {
    db,
    sessionSecret,
    now,
    culqi: options.payments?.culqi,
    siteUrl: options.siteUrl,
    corsOrigins: options.corsOrigins ?? [],
    writeRateLimit,
    lookupRateLimit,
    voucherSeries: options.voucherSeries,
  });
  await app.register(aftersaleRoutes, { db, sessionSecret, now, writeRateLimit, lookupRateLimit, recoveryPerCodeLimit: options.recoveryPerCodeLimit, voucherSeries: options.voucherSeries });
  await app.register(pocketRoutes, { db, now, config: pocketConfig, pocket, lookupRateLimit, writeRateLimit });
  // Apple's PassKit web service: wallets register for a pass's updates and fetch it again.
  if (pocketConfig.apple) await app.register(applePassServiceRoutes, { db, now, config: pocketConfig, pocket, rateLimit: lookupRateLimit, log: app.log });
  await app.register(pushRoutes, { db, sessionSecret, now, vapid: options.vapid, writeRateLimit });
  await app.register(operatorsRoutes, { operators: options.operators ?? [] });
  // The mailed links (a disruption's choices, a waitlist offer) lead to the site: SITE_URL, else its first allowed origin.
  const mailedSite = options.siteUrl ?? (options.corsOrigins ?? []).find((origin): origin is string => typeof origin === 'string') ?? 'http://localhost:3000';
  await app.register(disruptionsRoutes, {
    db,
    sessionSecret,
    now,
    operators: options.operators ?? [],
    siteUrl: mailedSite,
    ...(options.changePolicy ? { policy: options.changePolicy } : {}),
    googleWallet: Boolean(pocketConfig.google),
    whatsapp: Boolean(options.whatsapp),
    vouchers: options.voucherUndo ?? voucherUndo(options.voucherSeries, now),
    voucherSeries: options.voucherSeries,
    ...(options.payments ? { payments: options.payments } : {}),
    writeRateLimit,
    lookupRateLimit,
  });
  await app.register(vouchersRoutes, { db, sessionSecret, now, voucherSeries: options.voucherSeries, operators: options.operators ?? [], writeRateLimit, lookupRateLimit });
  await app.register(waitlistRoutes, { db, sessionSecret, now, siteUrl: mailedSite, operators: options.operators ?? [], writeRateLimit, lookupRateLimit });
  await app.register(priceAlertsRoutes, {
    db,
    sessionSecret,
    now,
    writeRateLimit,
    lookupRateLimit,
    operators: options.operators ?? [],
    alerts: { secret: sessionSecret, siteUrl: mailedSite, apiOrigin: options.apiOrigin ?? 'http://localhost:3001', whatsapp: Boolean(options.whatsapp) },
  });
  if (options.whatsapp) await app.register(whatsappWebhookRoutes, { db, config: options.whatsapp });
  if (options.whatsapp?.sandbox) await app.register(whatsappSandboxRoutes, { config: options.whatsapp });
  await app.register(openApiRoutes, { routes, docs: options.apiDocs ?? false });
  if (options.devMailbox) await app.register(devMailboxRoutes, { db });
  if (options.paymentSandbox) await app.register(paymentSandboxRoutes, options.paymentSandbox);
  if (options.culqiSandbox) await app.register(culqiSandboxRoutes, options.culqiSandbox);

  return app;
}
