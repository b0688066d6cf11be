import { createRetentionJob } from './privacy/retention';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDatabase } from './db/seed';
import { loggerOptions } from './http/logging';
import { Metrics } from './http/metrics';
import { connectRateLimitRedis } from './http/rate-limit';
import { createMailSender } from './mail/sender';
import { createSmtpTransport } from './mail/transport';
import { createPaymentProviders } from './payments';
import { ticketAttachments } from './sales/ticket-attachments';
import { createVoucherSender } from './vouchers/sender';
import { throwawaySigner } from './vouchers/signing';
import { createSunatSoapPort, createSunatStandIn } from './vouchers/sunat';
import { pocketOf } from './pocket/pocket.service';
import { createReminderJob } from './pocket/reminders';
import { createRefundRetryJob } from './disruptions/refunds';
import { createWaitlistJob } from './waitlist/waitlist.job';
import { createPriceAlertJob } from './alerts/price-alerts.job';
import { createWhatsAppSender } from './whatsapp/whatsapp.sender';
import { createPushSender } from './push/push.sender';
import { createWalletSender } from './pocket/wallet-updates';

/** How long SIGTERM waits for requests in flight and the mail batch before the process exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 25_000;
// (plus SHUTDOWN_DELAY_MS, the time the balancer needs to notice the failing readiness check)

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  await database.migrate();
  await seedDatabase(database.db, { demoCustomer: config.demoCustomer });

  // Only the stand-in (SUNAT_SANDBOX=1, config.ts) may sign with a certificate made here.
  const voucherSigner = config.sunat.signer ?? throwawaySigner();
  const payments = createPaymentProviders(config.payments, { apiOrigin: config.apiOrigin, sandboxSecret: config.sessionSecret });
  let draining = false;
  const logger = loggerOptions(config.logLevel);
  // The limits' Redis reports through the app's logger once it exists (to stderr before that).
  let log: Pick<FastifyBaseLogger, 'warn' | 'info'> = { warn: (message: string) => console.warn(message), info: () => undefined };
  const redisLog = { warn: (message: string) => log.warn(message), info: (message: string) => log.info(message) };
  const redis = config.redisUrl ? connectRateLimitRedis(config.redisUrl, redisLog) : undefined;
  const app = await buildApp({
    db: database.db,
    sessionSecret: config.sessionSecret,
    corsOrigins: config.corsOrigins,
    devMailbox: config.devMailbox,
    apiDocs: config.apiDocs,
    siteUrl: config.siteUrl,
    google: config.google,
    facebook: config.facebook,
    payments,
    paymentSandbox: payments.sandbox,
    ...(payments.culqiSandbox ? { culqiSandbox: payments.culqiSandbox } : {}),
    apiOrigin: config.apiOrigin,
    logger,
    // A hop count trusts that many proxies next to the API (proxy-addr's index of the hop).
    trustProxy: typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    proxyHops: typeof config.trustProxy === 'number' ? config.trustProxy : config.trustProxy ? 1 : 0,
    refuseUndeclaredProxy: config.production && config.trustProxy === undefined,
    redis,
    redisPrefix: config.redisPrefix,
    metrics: new Metrics(database.db, { process: true }),
    metricsToken: config.metricsToken,
    draining: () => draining,
    operators: config.operators,
    changePolicy: config.changePolicy,
    voucherSeries: config.voucherSeries,
    searchCacheMs: config.searchCacheMs,
    wallets: config.wallets,
    vapid: config.vapid,
    whatsapp: config.whatsapp,
  });
  log = app.log;
  if (payments.culqiSandbox) app.log.warn('CULQI_SANDBOX=1: the Culqi stand-in approves Yape, cards and QR orders (no real money)');
  if (payments.sandbox) app.log.warn(`payment sandbox stands in for ${[payments.safetypay.sandbox && 'SafetyPay', payments.pagoefectivo.sandbox && 'PagoEfectivo'].filter(Boolean).join(' and ')} (no real money)`);
  if (config.devMailbox) app.log.warn('DEV_MAILBOX=1: every queued mail is readable at /dev/outbox (development only)');
  if (config.apiDocs) app.log.info('API_DOCS=1: the API is described at /openapi.json and /docs');
  if (config.demoCustomer) app.log.warn('DEMO_CUSTOMER=1: the demo customer with its published password exists (development only)');
  if (config.operators.length > 0) app.log.info(`operators' endpoints open to ${config.operators.map((operator) => operator.name).join(', ')} (OPERATOR_TOKENS)`);
  if (!redis) app.log.info('REDIS_URL is not set: rate limits are counted in this process (one instance only)');

  const transport = config.smtpUrl ? createSmtpTransport(config.smtpUrl) : undefined;
  // Issue 34: the vouchers' outbox goes to SUNAT (or the stand-in, asked for by SUNAT_SANDBOX=1).
  const sunat = config.sunat.sol ? createSunatSoapPort(config.sunat.sol) : createSunatStandIn(throwawaySigner('SUNAT (simulador)'), undefined, { lowPriority: true });
  if (sunat.sandbox) app.log.warn('SUNAT_SANDBOX=1: the stand-in checks and acknowledges the electronic vouchers; nothing is declared to SUNAT');
  // Issue 44: the sales number the vouchers; this outbox signs them right after (a claim is an
  // indexed look-up, so it runs every second: the ticket page shows the voucher within a second
  // or two) and sends them to SUNAT.
  const voucherSender = createVoucherSender({ db: database.db, sunat, signer: voucherSigner, log: app.log, intervalMs: 1_000 });
  app.log.info(`vouchers numbered in series ${config.voucherSeries.boleta} (boletas) and ${config.voucherSeries.factura} (facturas) (VOUCHER_SERIES)`);
  voucherSender.start();
  const sender = transport && createMailSender({ db: database.db, transport, from: config.mailFrom, log: app.log, siteUrl: config.siteUrl, claimMs: config.mailClaimMs, attachments: ticketAttachments(database.db, undefined, { siteUrl: config.siteUrl }) });
  if (sender) sender.start();
  // Every instance runs the reminders job: each reminder is claimed in the database, so it goes out once.
  const pocketConfig = { secret: config.sessionSecret, apiOrigin: config.apiOrigin, ...(config.siteUrl ? { siteUrl: config.siteUrl } : {}), ...config.wallets };
  const reminders = createReminderJob({ db: database.db, pocket: pocketOf(pocketConfig), whatsapp: Boolean(config.whatsapp), log: app.log });
  reminders.start();
  // Issue 35: refunds the provider could not answer are asked again with the same key (claimed in the database).
  const refunds = createRefundRetryJob({ db: database.db, providers: { safetypay: payments.safetypay, pagoefectivo: payments.pagoefectivo, ...(payments.culqi ? { culqi: payments.culqi } : {}) }, log: app.log });
  refunds.start();
  // Issue 47: the retention purge; each instance checks hourly, the day's run is claimed once in the database.
  const retention = createRetentionJob({ db: database.db, log: app.log });
  retention.start();
  // Issue 48: freed seats go to the first in line of each waitlist (each queue worked by one instance at a time).
  const mailedSite = config.siteUrl ?? (config.corsOrigins ?? []).find((origin): origin is string => typeof origin === 'string') ?? 'http://localhost:3000';
  const waitlist = createWaitlistJob({ db: database.db, secret: config.sessionSecret, siteUrl: mailedSite, whatsapp: Boolean(config.whatsapp), log: app.log });
  waitlist.start();
  // And the price alerts: told once per drop, by the channels the customer consented to.
  const priceAlerts = createPriceAlertJob({ db: database.db, secret: config.sessionSecret, siteUrl: mailedSite, apiOrigin: config.apiOrigin, whatsapp: Boolean(config.whatsapp), log: app.log });
  priceAlerts.start();
  // WhatsApp's outbox (issue 48): every instance sends, each message claimed once.
  const whatsappSender = config.whatsapp && createWhatsAppSender({ db: database.db, config: config.whatsapp, tickets: { secret: config.sessionSecret, apiOrigin: config.apiOrigin }, log: app.log });
  whatsappSender?.start();
  if (config.whatsapp?.sandbox) app.log.warn('WHATSAPP_SANDBOX=1: the stand-in takes the WhatsApp messages (nothing reaches a phone); see /whatsapp-sandbox/mensajes');
  // Every instance runs the push sender too: each queued notification is claimed in the database.
  const pushSender = config.vapid && createPushSender({ db: database.db, vapid: config.vapid, log: app.log });
  pushSender?.start();
  // And the wallets' updates (a disruption moves or voids the saved passes), when a wallet is configured.
  const walletSender = (config.wallets.apple || config.wallets.google) && createWalletSender({ db: database.db, pocket: pocketConfig, log: app.log });
  walletSender?.start();
  if (config.vapid) app.log.info('web push offered (VAPID_*)');
  if (config.wallets.apple) app.log.info('Apple Wallet passes offered (APPLE_PASS_*)');
  if (config.wallets.google) app.log.info('Google Wallet links offered (GOOGLE_WALLET_*)');
  if (!transport) app.log.warn('SMTP_URL is not set: mails stay in the outbox' + (config.devMailbox ? ' (see /dev/outbox)' : ''));

  /**
   * Graceful stop: readiness answers 503 at once, after SHUTDOWN_DELAY_MS the server stops accepting connections and
   * answers 503 to new requests on open ones, requests in flight finish, the mail sender finishes
   * its batch, then the connections to Redis and the database close and the process exits.
   */
  let closing = false;
  const close = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    draining = true;
    app.log.info(`${signal} received: finishing requests in flight and the mail batch`);
    setTimeout(() => {
      app.log.error(`still busy ${SHUTDOWN_TIMEOUT_MS / 1000} s after closing: exiting`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS + config.shutdownDelayMs).unref();
    try {
      // Readiness already fails: the balancer stops sending within its check interval; until
      // then (SHUTDOWN_DELAY_MS) requests are still served, each closing its connection.
      if (signal === 'SIGTERM' && config.shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
      await app.close();
      await reminders.stop();
      await refunds.stop();
      await retention.stop();
      await waitlist.stop();
      await priceAlerts.stop();
      await whatsappSender?.stop();
      await pushSender?.stop();
      await walletSender?.stop();
      await sender?.stop();
      await voucherSender.stop();
      transport?.close();
      await redis?.quit().catch(() => redis.disconnect());
      await database.close();
      app.log.info('stopped');
    } catch (error) {
      app.log.error({ err: error }, 'error while stopping');
      process.exitCode = 1;
    }
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);

  await app.listen({
    port: config.port,
    host: config.host,
    listenTextResolver: (address) => `API listening on ${address}`,
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Cannot start the API: ${error.message}` : error);
  process.exit(1);
});
