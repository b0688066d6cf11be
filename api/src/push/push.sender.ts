import { clock } from '@rumbo/shared/clock';
import type { Agent } from 'node:https';
import { eq } from 'drizzle-orm';
import webpush, { WebPushError } from 'web-push';
import type { Database } from '../db/client';
import { claimDue } from '../jobs/outbox';
import { periodicJob } from '../jobs/periodic';
import { retryDelayMs } from '../mail/sender';
import { isPushService, type VapidConfig } from './push.config';
import { pushPayload } from './push-texts';
import { push_envio, push_suscripcion } from './push.tables';

export interface PushSenderOptions {
  db: Database;
  vapid: VapidConfig;
  log: { info(message: string): void; warn(message: string): void; error(message: string): void };
  intervalMs?: number;
  batchSize?: number;
  /** The TLS agent of the requests to the push services (tests trust their own service's certificate). */
  agent?: Agent;
  /** How long a push service keeps a message for a phone out of coverage (an Andean road: hours). */
  ttlSeconds?: number;
}

/** After this many failed attempts a notification stays in the outbox, unsent, with its last error. */
export const PUSH_MAX_ATTEMPTS = 8;
/** A claimed row is not due again for this long (another instance takes it only if this one died mid-send). */
const CLAIM_MS = 2 * 60_000;
/** A push service keeps a message up to this long for a phone without signal. */
const DEFAULT_TTL_SECONDS = 12 * 60 * 60;

/**
 * Sends the push outbox (`push_envio`) through the subscriptions' push services with the real
 * Web Push protocol (the `web-push` library: RFC 8291 aes128gcm encryption, RFC 8292 VAPID).
 * Every instance runs it: rows are claimed with SKIP LOCKED and their next attempt pushed ahead,
 * so each goes to one sender; a sent row is marked. A push service answering 404 or 410 says the
 * subscription is gone: its row is deleted (with its bindings and queued messages). Other failures
 * are retried with the mail outbox's back-off.
 */
export function createPushSender(options: PushSenderOptions) {
  const { db, vapid, log, intervalMs = 5_000, batchSize = 50, agent, ttlSeconds = DEFAULT_TTL_SECONDS } = options;

  const claim = (now: Date) => claimDue(db, push_envio, now, { batchSize, maxAttempts: PUSH_MAX_ATTEMPTS, claimMs: CLAIM_MS });

  /** 'sent', 'gone' (the subscription was deleted) or 'failed' (retried later). */
  async function send(row: typeof push_envio.$inferSelect, now: Date): Promise<'sent' | 'gone' | 'failed'> {
    const [subscription] = await db.select().from(push_suscripcion).where(eq(push_suscripcion.csuscripcion, row.csuscripcion));
    if (!subscription) return 'gone';
    const attempts = row.attempts + 1;
    if (!isPushService(vapid, subscription.endpoint)) {
      // PUSH_SERVICE_HOSTS changed since it was saved: the store posts to push services only.
      await db.delete(push_suscripcion).where(eq(push_suscripcion.csuscripcion, subscription.csuscripcion));
      log.warn(`push subscription ${subscription.csuscripcion} dropped: its host is not a configured push service`);
      return 'gone';
    }
    try {
      await webpush.sendNotification({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, pushPayload(row), {
        vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: ttlSeconds,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
        timeout: 10_000,
        ...(agent ? { agent } : {}),
      });
      await db.update(push_envio).set({ attempts, sent_at: now, last_error: null }).where(eq(push_envio.id, row.id));
      return 'sent';
    } catch (error) {
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
        // The browser unsubscribed or the subscription expired (RFC 8030 §7.3): forget it.
        await db.delete(push_suscripcion).where(eq(push_suscripcion.csuscripcion, subscription.csuscripcion));
        return 'gone';
      }
      const reason = error instanceof WebPushError ? `${error.statusCode} ${error.body || error.message}` : error instanceof Error ? error.message : String(error);
      await db
        .update(push_envio)
        .set({ attempts, last_error: reason.slice(0, 1000), next_attempt_at: new Date(now.getTime() + retryDelayMs(attempts)) })
        .where(eq(push_envio.id, row.id));
      // The endpoint stays out of the log (it is a capability): the row has it.
      const message = `push ${row.id} failed (attempt ${attempts}): ${reason.slice(0, 200)}`;
      if (attempts >= PUSH_MAX_ATTEMPTS) log.error(`${message}; giving up`);
      else log.warn(message);
      return 'failed';
    }
  }

  /** Sends every notification due at `now`; resolves when none is left. */
  async function drainPushOutbox(now = clock.now()) {
    const counts = { sent: 0, gone: 0, failed: 0 };
    for (let batch = await claim(now); batch.length > 0; batch = await claim(now)) {
      for (const row of batch) counts[await send(row, now)] += 1;
    }
    return counts;
  }

  return { drainPushOutbox, ...periodicJob({ name: 'push sender', intervalMs, log, run: () => drainPushOutbox() }) };
}

export type PushSender = ReturnType<typeof createPushSender>;
