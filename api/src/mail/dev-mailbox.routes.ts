import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client';
import { InvalidInputError } from '../errors';
import { escapeHtml } from './html';
import { listOutbox, type OutboxEntry } from './outbox';

const LATEST = 50;
const MOST = 200;

interface OutboxQuery {
  to?: unknown;
  limit?: unknown;
}

function optionsOf(query: OutboxQuery): { to?: string; limit: number } {
  const limit = Number(query.limit);
  // PostgreSQL text cannot hold a NUL: such a filter would be its error (a 500), not an empty list.
  if (typeof query.to === 'string' && query.to.includes('\u0000')) throw new InvalidInputError('request.invalid', 'to');
  return {
    to: typeof query.to === 'string' && query.to !== '' ? query.to : undefined,
    limit: Number.isInteger(limit) && limit > 0 ? Math.min(limit, MOST) : LATEST,
  };
}

function page(mails: OutboxEntry[]): string {
  const items = mails
    .map((mail) => {
      const status = mail.sentAt
        ? `sent ${mail.sentAt}`
        : `not sent (${mail.attempts} attempts${mail.lastError ? `, last error: ${mail.lastError}` : ''})`;
      return `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p><strong>To:</strong> ${escapeHtml(mail.to)} · <strong>Queued:</strong> ${escapeHtml(mail.createdAt)} · ${escapeHtml(status)}</p>
<pre>${escapeHtml(mail.text)}</pre>
</article>`;
    })
    .join('\n<hr>\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Dev outbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}pre{white-space:pre-wrap;background:#f4f4f4;padding:1rem}</style>
</head>
<body>
<h1>Dev outbox</h1>
<p>The latest mails the API queued, newest first (JSON: <a href="/dev/outbox.json">/dev/outbox.json</a>, filter with <code>?to=</code>).</p>
${items || '<p>No mails yet.</p>'}
</body>
</html>`;
}

/**
 * The outbox as a mailbox for development and end-to-end tests: one-time codes, tickets and
 * complaint copies are readable on a machine without an SMTP server. Never on in production.
 */
export const devMailboxRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.get<{ Querystring: OutboxQuery }>('/dev/outbox.json', async (request) => ({
    data: await listOutbox(db, optionsOf(request.query)),
  }));

  app.get<{ Querystring: OutboxQuery }>('/dev/outbox', async (request, reply) => {
    const mails = await listOutbox(db, optionsOf(request.query));
    return reply.type('text/html; charset=utf-8').send(page(mails));
  });
};
