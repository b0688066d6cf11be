import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDatabase } from './db/seed';
import { createMailSender } from './mail/sender';
import { createSmtpTransport } from './mail/transport';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  await database.migrate();
  await seedDatabase(database.db);

  const app = await buildApp({
    db: database.db,
    sessionSecret: config.sessionSecret,
    corsOrigins: config.corsOrigins,
    devMailbox: config.devMailbox,
    siteUrl: config.siteUrl,
    google: config.google,
    facebook: config.facebook,
    logger: true,
  });

  const transport = config.smtpUrl ? createSmtpTransport(config.smtpUrl) : undefined;
  const sender = transport && createMailSender({ db: database.db, transport, from: config.mailFrom, log: app.log });
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
