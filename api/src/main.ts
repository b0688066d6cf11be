import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDatabase } from './db/seed';
import { createMailSender } from './mail/sender';
import { createSmtpTransport } from './mail/transport';
import { createPaymentProviders } from './payments';
import { ticketAttachments } from './sales/ticket-attachments';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  await database.migrate();
  await seedDatabase(database.db, { demoCustomer: config.demoCustomer });

  const payments = createPaymentProviders(config.payments, { apiOrigin: config.apiOrigin });
  const app = await buildApp({
    db: database.db,
    sessionSecret: config.sessionSecret,
    corsOrigins: config.corsOrigins,
    devMailbox: config.devMailbox,
    siteUrl: config.siteUrl,
    google: config.google,
    facebook: config.facebook,
    payments,
    paymentSandbox: payments.sandbox,
    apiOrigin: config.apiOrigin,
    logger: true,
  });
  if (payments.sandbox) app.log.warn(`payment sandbox stands in for ${[payments.safetypay.sandbox && 'SafetyPay', payments.pagoefectivo.sandbox && 'PagoEfectivo'].filter(Boolean).join(' and ')} (no real money)`);

  const transport = config.smtpUrl ? createSmtpTransport(config.smtpUrl) : undefined;
  const sender = transport && createMailSender({ db: database.db, transport, from: config.mailFrom, log: app.log, attachments: ticketAttachments(database.db) });
  if (sender) sender.start();
  else app.log.warn('SMTP_URL is not set: mails stay in the outbox' + (config.devMailbox ? ' (see /dev/outbox)' : ''));

  let closing = false;
  const close = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    await app.close();
    await sender?.stop();
    transport?.close();
    await database.close();
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
