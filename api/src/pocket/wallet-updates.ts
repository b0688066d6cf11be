import { clock } from '@rumbo/shared/clock';
import apn from '@parse/node-apn';
import { eq, sql } from 'drizzle-orm';
import type { JWTOptions } from 'google-auth-library';
import type { LookupFunction } from 'node:net';
import type { Database } from '../db/client';
import { claimDue } from '../jobs/outbox';
import { queryRows } from '../db/rows';
import { periodicJob } from '../jobs/periodic';
import { retryDelayMs } from '../mail/sender';
import { recoveryLink } from '../sales/sales-mail';
import { pocketTicket } from './pocket-view';
import type { PocketOptions } from './pocket.service';
import { pase_envio, pase_registro } from './pocket.tables';
import { googleWalletClient, updateTransitObject } from './wallet-google';

/** A ticket whose trip changed, with the notice its holder is told (the disruption's push texts, in the purchase's language). */
export interface PassChange {
  numero: string;
  titulo: string;
  cuerpo: string;
}

/**
 * In the transaction of the change (a disruption's notices; `change` names it, `incidencia:{id}:{revision}`,
 * so the same change queued twice is one row per target): stamps each ticket's pass as changed
 * (`pase_cambio`, what the wallets' next fetch compares) and queues the updates: one APNs push
 * per Apple device registered for any of these passes, and, when Google Wallet is configured, one
 * object update per ticket. Returns how many rows it queued.
 */
export async function enqueuePassUpdates(tx: Database, change: string, changes: readonly PassChange[], now: Date, google: boolean): Promise<number> {
  if (changes.length === 0) return 0;
  const at = now.toISOString();
  const due = clock.now().toISOString();
  const numbers = sql.join(changes.map((c) => sql`${c.numero}`), sql`, `);
  await tx.execute(sql`
    insert into pase_cambio (numero, actualizado)
    select numero, ${at}::timestamptz from unnest(array[${numbers}]::text[]) as numero
    on conflict (numero) do update set actualizado = excluded.actualizado`);
  // A device holding several of these passes is pushed once per change: it then asks which changed.
  const apple = await queryRows<{ id: number }>(tx, sql`
    insert into pase_envio (billetera, destino, clave, numero, titulo, cuerpo, next_attempt_at, created_at)
    select distinct on (r.push_token) 'apple', r.push_token, ${change}, r.numero, '', '', ${due}::timestamptz, ${at}::timestamptz
    from pase_registro r
    where r.numero in (${numbers})
    order by r.push_token, r.numero
    on conflict (billetera, destino, clave) do nothing
    returning id`);
  let queued = apple.length;
  if (google) {
    const rows = await tx
      .insert(pase_envio)
      .values(changes.map((c) => ({ billetera: 'google', destino: c.numero, clave: change, numero: c.numero, titulo: c.titulo, cuerpo: c.cuerpo, next_attempt_at: new Date(due), created_at: now })))
      .onConflictDoNothing()
      .returning({ id: pase_envio.id });
    queued += rows.length;
  }
  return queued;
}

/** After this many failed attempts an update stays in the outbox, unsent, with its last error. */
export const PASS_UPDATE_MAX_ATTEMPTS = 8;
/** A claimed row is not due again for this long (another instance takes it only if this one died mid-send). */
const CLAIM_MS = 2 * 60_000;

export interface WalletSenderOptions {
  db: Database;
  pocket: Pick<PocketOptions, 'apple' | 'google' | 'siteUrl'>;
  log: { info(message: string): void; warn(message: string): void; error(message: string): void };
  intervalMs?: number;
  batchSize?: number;
  /**
   * APNs' connection: Apple's production gateway (where wallets' pass updates go) with the pass
   * certificate; tests reach their stand-in of it (its port, its certificate's authority, and a
   * `lookup` that finds api.push.apple.com there).
   */
  apns?: Pick<apn.ProviderOptions, 'port' | 'ca'> & { lookup?: LookupFunction };
  /** Google's services' requests (tests send them to their stand-in). */
  googleTransport?: JWTOptions['transporterOptions'];
}

type Outcome = 'sent' | 'gone' | 'failed';

/**
 * Sends the wallets' outbox (`pase_envio`). Apple: an empty push through APNs (@parse/node-apn,
 * HTTP/2 with the pass certificate, topic = the pass type) tells the device's wallet to ask the
 * PassKit web service which passes changed and fetch them (wallet-apple-service.ts); APNs saying
 * the token is no longer valid (400 BadDeviceToken, 410 Unregistered) deletes its registrations.
 * Google: the ticket's object is patched and given the notice (wallet-google.ts). Every instance
 * runs it; rows are claimed with SKIP LOCKED, each goes to one sender and is marked when sent;
 * failures are retried with the mail outbox's back-off.
 */
export function createWalletSender(options: WalletSenderOptions) {
  const { db, pocket, log, intervalMs = 5_000, batchSize = 50 } = options;
  const apple = pocket.apple;
  // Made when the first Apple update is due: a pass certificate APNs' client refuses fails those
  // rows (with its reason, for the operator) and nothing else.
  let provider: apn.Provider | undefined;
  const apnsProvider = () =>
    (provider ??= new apn.Provider({
      cert: apple!.signerCert,
      key: apple!.signerKey,
      ...(apple!.signerKeyPassphrase ? { passphrase: apple!.signerKeyPassphrase } : {}),
      // Wallet passes are updated through the production gateway only.
      production: true,
      ...options.apns,
    } as apn.ProviderOptions));
  const google = pocket.google && googleWalletClient(pocket.google, options.googleTransport);

  const claim = (now: Date) => claimDue(db, pase_envio, now, { batchSize, maxAttempts: PASS_UPDATE_MAX_ATTEMPTS, claimMs: CLAIM_MS });

  /** One empty push to a device's wallet; 'gone' when APNs says the token is dead. */
  async function pushToDevice(token: string): Promise<'sent' | 'gone'> {
    if (!apple) throw new Error('APPLE_PASS_* is not configured');
    const note = new apn.Notification();
    note.topic = apple.passTypeIdentifier;
    // A pass update carries nothing: the wallet then asks what changed. An empty `aps`, because
    // @parse/node-apn sends no body at all for `{}`, which APNs refuses (PayloadEmpty).
    note.rawPayload = { aps: {} };
    const result = await apnsProvider().send(note, token);
    const failure = result.failed[0];
    if (!failure) return 'sent';
    if (failure.status === 410 || (failure.status === 400 && failure.response?.reason === 'BadDeviceToken')) {
      await db.delete(pase_registro).where(eq(pase_registro.push_token, token));
      return 'gone';
    }
    throw new Error(failure.error ? failure.error.message : `APNs ${failure.status ?? ''} ${failure.response?.reason ?? ''}`.trim());
  }

  async function updateGoogle(row: typeof pase_envio.$inferSelect): Promise<'sent' | 'gone'> {
    if (!google || !pocket.google) throw new Error('GOOGLE_WALLET_* is not configured');
    // What the pass shows now (a later change may already have moved it again: it shows that).
    const found = await pocketTicket(db, row.numero);
    if (!found) return 'gone';
    const link = pocket.siteUrl ? recoveryLink(pocket.siteUrl, found.reservation.codigo) : undefined;
    return updateTransitObject(google, pocket.google, found, { id: row.clave.replace(/[^\w.-]/g, '_'), header: row.titulo, body: row.cuerpo }, link);
  }

  async function send(row: typeof pase_envio.$inferSelect, now: Date): Promise<Outcome> {
    const attempts = row.attempts + 1;
    try {
      const outcome = row.billetera === 'apple' ? await pushToDevice(row.destino) : await updateGoogle(row);
      await db.update(pase_envio).set({ attempts, sent_at: now, last_error: outcome === 'gone' ? 'gone' : null }).where(eq(pase_envio.id, row.id));
      return outcome;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await db
        .update(pase_envio)
        .set({ attempts, last_error: reason.slice(0, 1000), next_attempt_at: new Date(now.getTime() + retryDelayMs(attempts)) })
        .where(eq(pase_envio.id, row.id));
      // Neither the push token nor the ticket goes to the log: the row has them.
      const message = `wallet update ${row.id} (${row.billetera}) failed (attempt ${attempts}): ${reason.slice(0, 200)}`;
      if (attempts >= PASS_UPDATE_MAX_ATTEMPTS) log.error(`${message}; giving up`);
      else log.warn(message);
      return 'failed';
    }
  }

  /** Sends every update due at `now`; resolves when none is left. */
  async function drainWalletOutbox(now = clock.now()) {
    const counts = { sent: 0, gone: 0, failed: 0 };
    for (let batch = await claim(now); batch.length > 0; batch = await claim(now)) {
      for (const row of batch) counts[await send(row, now)] += 1;
    }
    return counts;
  }

  const job = periodicJob({ name: 'wallet updates', intervalMs, log, run: () => drainWalletOutbox() });
  return {
    drainWalletOutbox,
    start: job.start,
    async stop() {
      await job.stop();
      provider?.shutdown();
    },
  };
}

export type WalletSender = ReturnType<typeof createWalletSender>;
