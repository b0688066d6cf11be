import { clock } from '@rumbo/shared/clock';
import { periodicJob } from '../jobs/periodic';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { claimDue } from '../jobs/outbox';
import { withComplaintsBook } from './complaints-book';
import { outbox } from './mail.tables';

/** The part of a nodemailer transport the sender uses. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    attachments?: MailAttachment[];
    /** nodemailer's List-* headers: `List-Unsubscribe: <url>`. */
    list?: { unsubscribe: { url: string; comment: string } };
    headers?: Record<string, string>;
  }): Promise<unknown>;
}

/** Builds the attachment (or attachments: tickets and their calendar) a queued mail names (`outbox.adjunto`); throws when it cannot. */
/**
 * Thrown by a renderer when what it attaches is not ready yet (issue 44: a sale's voucher being
 * signed): the mail waits `retryInMs` without spending an attempt.
 */
export class AttachmentNotReady extends Error {
  override readonly name = 'AttachmentNotReady';
  constructor(
    message: string,
    readonly retryInMs = 2_000,
  ) {
    super(message);
  }
}

export type AttachmentRenderer = (reference: string) => Promise<MailAttachment | MailAttachment[]>;

export interface MailSenderOptions {
  db: Database;
  transport: MailTransport;
  /** `From:` of every mail, e.g. `"Rumbo Andino" <no-responder@rumboandino.pe>`. */
  from: string;
  log: { warn(message: string): void; error(message: string): void };
  /** How often the loop looks for due mails. */
  intervalMs?: number;
  batchSize?: number;
  /** Renders `outbox.adjunto` references; a mail naming one without a renderer fails (and is retried). */
  attachments?: AttachmentRenderer;
  /** SITE_URL: every mail's foot links the complaints book there (Ley 32495, `withComplaintsBook`). */
  siteUrl?: string;
  /** How long a claimed mail is not due for another sender (MAIL_CLAIM_MS); 5 minutes by default. */
  claimMs?: number;
}

export interface MailSender {
  /** Sends every mail that is due at `now`; resolves when none is left. */
  drainOutbox(now?: Date): Promise<{ sent: number; failed: number }>;
  start(): void;
  /** Stops the loop and waits for a batch in progress. */
  stop(): Promise<void>;
}

/** After this many failed attempts a mail stays in the outbox, unsent, with its last error. */
export const MAX_ATTEMPTS = 10;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/**
 * A claimed mail is not due again for this long: another instance (or this one after a crash
 * mid-send) picks it up only if the claim was never settled. MAIL_CLAIM_MS sets it (config.ts;
 * the multi-instance test shortens it to see a killed sender's mail sent by another).
 */
export const MAIL_CLAIM_MS = 5 * 60_000;

/** Wait before attempt `attempts + 1`: 30 s, 1 min, 2 min, ... up to 1 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), LONGEST_RETRY_MS);
}

export function createMailSender(options: MailSenderOptions): MailSender {
  const { db, transport, from, log, intervalMs = 5_000, batchSize = 20, attachments, siteUrl, claimMs = MAIL_CLAIM_MS } = options;

  const claim = (now: Date) => claimDue(db, outbox, now, { batchSize, maxAttempts: MAX_ATTEMPTS, claimMs });

  async function renderAttachments(reference: string): Promise<MailAttachment[]> {
    if (!attachments) throw new Error(`no renderer for the attachment ${reference}`);
    const rendered = await attachments(reference);
    return Array.isArray(rendered) ? rendered : [rendered];
  }

  /** True when sent, false when it failed, null when it waits for its attachment (AttachmentNotReady). */
  async function send(mail: typeof outbox.$inferSelect, now: Date): Promise<boolean | null> {
    const attempts = mail.attempts + 1;
    try {
      const rendered = mail.adjunto ? await renderAttachments(mail.adjunto) : undefined;
      const body = withComplaintsBook({ text: mail.text, html: mail.html }, siteUrl);
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: body.text,
        html: body.html,
        ...(rendered ? { attachments: rendered } : {}),
        // RFC 8058: the client posts `List-Unsubscribe=One-Click` to the URL (no page to open).
        ...(mail.baja ? { list: { unsubscribe: { url: mail.baja, comment: 'Unsubscribe' } }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
      });
      await db.update(outbox).set({ attempts, sent_at: now, last_error: null }).where(eq(outbox.id, mail.id));
      return true;
    } catch (error) {
      if (error instanceof AttachmentNotReady) {
        await db.update(outbox).set({ next_attempt_at: new Date(now.getTime() + error.retryInMs) }).where(eq(outbox.id, mail.id));
        return null;
      }
      const reason = error instanceof Error ? error.message : String(error);
      await db
        .update(outbox)
        .set({
          attempts,
          last_error: reason.slice(0, 1000),
          next_attempt_at: new Date(now.getTime() + retryDelayMs(attempts)),
        })
        .where(eq(outbox.id, mail.id));
      // The address stays out of the log (personal data): the outbox row has it.
      const message = `mail ${mail.id} failed (attempt ${attempts}): ${reason}`;
      if (attempts >= MAX_ATTEMPTS) log.error(`${message}; giving up`);
      else log.warn(message);
      return false;
    }
  }

  async function drainOutbox(now = clock.now()) {
    let sent = 0;
    let failed = 0;
    // Batch after batch until nothing is due: a claimed or failed mail is no longer due at `now`.
    for (let batch = await claim(now); batch.length > 0; batch = await claim(now)) {
      for (const mail of batch) {
        const result = await send(mail, now);
        if (result === true) sent += 1;
        else if (result === false) failed += 1;
      }
    }
    return { sent, failed };
  }

  return { drainOutbox, ...periodicJob({ name: 'mail sender', intervalMs, log, run: () => drainOutbox() }) };
}
