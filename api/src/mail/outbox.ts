import { clock } from '@rumbo/shared/clock';
import { desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { outbox } from './mail.tables';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** An attachment the sender renders when it sends the mail (see `outbox.adjunto`). */
  adjunto?: string;
  /** The one-click opt-out URL (see `outbox.baja`). */
  baja?: string;
}

export interface OutboxEntry extends OutgoingMail {
  id: number;
  attempts: number;
  createdAt: string;
  nextAttemptAt: string;
  sentAt: string | null;
  lastError: string | null;
}

/**
 * Queues a mail. Pass the transaction of the change that causes the mail, so the mail exists
 * exactly when that change is committed; the sender delivers it afterwards.
 */
export async function enqueueMail(db: Database, mail: OutgoingMail): Promise<void> {
  await db.execute(mailInsert(db, mail));
}

/**
 * The statement that queues `mail` (enqueueMail's), for a caller that sends it with another
 * statement in one round trip (a data-modifying WITH: issue 44, the paid notice's voucher).
 */
export function mailInsert(db: Database, mail: OutgoingMail): SQL {
  // Due at once by the clock the sender compares with (this process's, in milliseconds); the
  // column's default, the database's now(), has microseconds and may be a hair later.
  return db.insert(outbox).values({ ...mail, to: mail.to.toLowerCase(), next_attempt_at: clock.now() }).getSQL();
}

/** The latest mails, newest first, optionally only those sent to one address. */
export async function listOutbox(db: Database, options: { to?: string; limit: number }): Promise<OutboxEntry[]> {
  const rows = await db
    .select()
    .from(outbox)
    .where(options.to ? eq(outbox.to, options.to.toLowerCase()) : undefined)
    .orderBy(desc(outbox.id))
    .limit(options.limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    ...(row.adjunto ? { adjunto: row.adjunto } : {}),
    ...(row.baja ? { baja: row.baja } : {}),
    attempts: row.attempts,
    createdAt: row.created_at.toISOString(),
    nextAttemptAt: row.next_attempt_at.toISOString(),
    sentAt: row.sent_at?.toISOString() ?? null,
    lastError: row.last_error,
  }));
}
