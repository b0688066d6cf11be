import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from '../db/columns';

/**
 * Mails to send. Written in the same transaction as the business change that causes them, so a
 * mail is queued if and only if that change is committed; the sender delivers them later.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /**
     * An attachment made when the mail is sent, named by a reference its renderer understands
     * (e.g. `boletos:ABCD2345`): the mail is queued in the business transaction without the
     * cost of building a PDF there, and a document changed since is sent as it is now.
     */
    adjunto: text('adjunto'),
    /**
     * Issue 36: the mail's opt-out URL (a trip reminder's), sent as List-Unsubscribe with
     * List-Unsubscribe-Post (RFC 8058): the mail client's own "unsubscribe" posts to it, one click.
     */
    baja: text('baja'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: instant('next_attempt_at').notNull().defaultNow(),
    sent_at: instant('sent_at'),
    last_error: text('last_error'),
    created_at: instant('created_at').notNull().defaultNow(),
  },
  // The sender only ever looks for unsent mails that are due.
  (t) => [index('outbox_due_idx').on(t.next_attempt_at).where(sql`${t.sent_at} is null`), index().on(t.to)],
);
