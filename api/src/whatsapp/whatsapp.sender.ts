import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { claimDue } from '../jobs/outbox';
import { periodicJob } from '../jobs/periodic';
import { retryDelayMs } from '../mail/sender';
import { sendTemplate } from './cloud-api';
import { queueTicketMessages } from './tickets';
import type { WhatsAppConfig } from './whatsapp.config';
import { whatsapp_envio } from './whatsapp.tables';

/** After this many failed attempts a message stays in the outbox, unsent, with its last error. */
export const WHATSAPP_MAX_ATTEMPTS = 8;
/** A claimed row is not due again for this long (another instance takes it only if this one died mid-send). */
const CLAIM_MS = 2 * 60_000;
/**
 * At most one message to one number per this many milliseconds (Meta's pair rate limit: about one
 * message every 6 s to one recipient); a row due sooner waits, without spending an attempt.
 */
export const PER_NUMBER_GAP_MS = 6_000;

export interface WhatsAppSenderOptions {
  db: Database;
  config: WhatsAppConfig;
  /** The tickets after payment are queued by the sender's loop too (`queueTicketMessages`), with their PDF's signed link. */
  tickets?: { secret: string; apiOrigin: string };
  log: { info(message: string): void; warn(message: string): void; error(message: string): void };
  intervalMs?: number;
  batchSize?: number;
  now?: () => Date;
}

/**
 * Sends the WhatsApp outbox through the Cloud API. Every instance runs it: rows are claimed with
 * SKIP LOCKED (their next attempt pushed ahead), sent with no transaction open, then marked; a
 * refusal worth retrying (throttling, Meta's temporary errors, 5xx, no answer) is tried again with
 * the mail outbox's back-off, any other is kept with its error. One number gets at most one message
 * per PER_NUMBER_GAP_MS: a row for a number that was just written to waits its turn.
 */
export function createWhatsAppSender(options: WhatsAppSenderOptions) {
  const { db, config, log, intervalMs = 2_000, batchSize = 50, now = () => new Date() } = options;

  async function drain(at: Date = now()): Promise<number> {
    if (options.tickets) await queueTicketMessages(db, options.tickets, at);
    const rows = await claimDue(db, whatsapp_envio, at, { batchSize, maxAttempts: WHATSAPP_MAX_ATTEMPTS, claimMs: CLAIM_MS });
    let sent = 0;
    for (const row of rows.sort((a, b) => a.id - b.id)) {
      const [last] = await db
        .select({ sent_at: sql<Date | string>`max(${whatsapp_envio.sent_at})` })
        .from(whatsapp_envio)
        .where(and(eq(whatsapp_envio.telefono, row.telefono), isNotNull(whatsapp_envio.sent_at), gt(whatsapp_envio.sent_at, new Date(at.getTime() - PER_NUMBER_GAP_MS))));
      if (last?.sent_at) {
        const turn = new Date(new Date(last.sent_at).getTime() + PER_NUMBER_GAP_MS);
        await db.update(whatsapp_envio).set({ next_attempt_at: turn }).where(eq(whatsapp_envio.id, row.id));
        continue;
      }
      const outcome = await sendTemplate(config, row);
      const attempts = row.attempts + 1;
      if (outcome.ok) {
        await db.update(whatsapp_envio).set({ wamid: outcome.wamid, sent_at: now(), attempts, last_error: null }).where(eq(whatsapp_envio.id, row.id));
        sent += 1;
      } else {
        log.warn(`whatsapp message ${row.id} not sent (attempt ${attempts}): ${outcome.error}`);
        await db
          .update(whatsapp_envio)
          .set({
            attempts: outcome.retry ? attempts : WHATSAPP_MAX_ATTEMPTS,
            last_error: outcome.error,
            estado: outcome.retry ? 'pendiente' : 'failed',
            next_attempt_at: new Date(at.getTime() + retryDelayMs(attempts)),
          })
          .where(eq(whatsapp_envio.id, row.id));
      }
    }
    return sent;
  }

  const job = periodicJob({ name: 'whatsapp', intervalMs, log, run: () => drain() });
  return { drain, start: () => job.start(), stop: () => job.stop() };
}
