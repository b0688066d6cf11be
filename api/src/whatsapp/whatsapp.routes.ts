import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client';
import { queryRows } from '../db/rows';
import { sql } from 'drizzle-orm';
import { safeEqual } from '../payments/signing';
import { verifyWebhookSignature } from './cloud-api';
import type { WhatsAppConfig } from './whatsapp.config';

/** How long a status of a message not known yet is asked again for (Meta retries a non-200). */
const UNKNOWN_STATUS_WAIT_S = 10 * 60;

/** The statuses a delivery webhook reports, in the order they happen (a late `sent` never undoes `read`). */
const STATUS_ORDER = ['pendiente', 'sent', 'delivered', 'read'] as const;

interface StatusChange {
  id?: string;
  status?: string;
  /** Unix seconds, as Meta sends it (a string). */
  timestamp?: string;
  errors?: { code?: number; title?: string; message?: string }[];
}

/**
 * Meta's webhook of the WhatsApp Cloud API, on Meta's terms (outside `/rest` and the contract, as
 * Apple's PassKit service): `GET /whatsapp/webhook` answers the subscription check
 * (`hub.mode=subscribe`, `hub.verify_token`, echoing `hub.challenge`); `POST` takes the delivery
 * statuses, signed `X-Hub-Signature-256` with the app secret over the raw body (refused with 401
 * otherwise), and records each message's status (never backwards; `failed` with its error).
 *
 * A status may come before the send's answer (its `wamid`) is stored: Meta posts it as soon as the
 * message leaves, while the sender is still writing the answer. Such a status, when recent, is
 * answered 503, and Meta (like the stand-in) posts it again later; one older than
 * `UNKNOWN_STATUS_WAIT_S` is of a message this store never sent, and is acknowledged.
 */
export const whatsappWebhookRoutes: FastifyPluginAsync<{ db: Database; config: WhatsAppConfig }> = async (app, { db, config }) => {
  // The signature is over the exact bytes Meta sent: keep them.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));

  app.get('/whatsapp/webhook', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    if (query['hub.mode'] !== 'subscribe' || !safeEqual(query['hub.verify_token'] ?? '', config.verifyToken)) return reply.status(403).send();
    return reply.type('text/plain').send(query['hub.challenge'] ?? '');
  });

  app.post('/whatsapp/webhook', async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const signature = request.headers['x-hub-signature-256'];
    if (!verifyWebhookSignature(config.appSecret, raw, typeof signature === 'string' ? signature : undefined)) return reply.status(401).send();
    let payload: { entry?: { changes?: { value?: { statuses?: StatusChange[] } }[] }[] };
    try {
      payload = JSON.parse(raw);
    } catch {
      return reply.status(400).send();
    }
    let early = false;
    for (const entry of payload.entry ?? []) {
      for (const change of entry.changes ?? []) {
        for (const status of change.value?.statuses ?? []) if (!(await record(status))) early = true;
      }
    }
    // Meta retries anything but a 200: a status of a message whose answer is not stored yet comes again.
    return reply.status(early ? 503 : 200).send();
  });

  /** Records a status; false when its message is not known yet and the status is recent (to be asked again). */
  async function record(status: StatusChange): Promise<boolean> {
    if (!status.id || !status.status) return true;
    const [known] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from whatsapp_envio where wamid = ${status.id}`);
    if (!known?.n) {
      const sentAt = Number(status.timestamp);
      return Number.isFinite(sentAt) && Date.now() / 1000 - sentAt > UNKNOWN_STATUS_WAIT_S;
    }
    if (status.status === 'failed') {
      const error = status.errors?.[0];
      await db.execute(sql`update whatsapp_envio set estado = 'failed', last_error = ${`${error?.code ?? ''} ${error?.title ?? error?.message ?? ''}`.trim()} where wamid = ${status.id}`);
      return true;
    }
    const rank = STATUS_ORDER.indexOf(status.status as (typeof STATUS_ORDER)[number]);
    if (rank < 1) return true;
    const earlier = STATUS_ORDER.slice(0, rank);
    await queryRows(db, sql`
      update whatsapp_envio set estado = ${status.status}
      where wamid = ${status.id} and estado in (${sql.join(earlier.map((s) => sql`${s}`), sql`, `)})`);
    return true;
  }
};
