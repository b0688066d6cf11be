import { randomBytes } from 'node:crypto';
import type { Language } from '@rumbo/shared/schemas';
import type { FastifyPluginAsync } from 'fastify';
import { safeEqual } from '../payments/signing';
import { webhookSignature } from './cloud-api';
import { renderTemplate, WHATSAPP_TEMPLATES, type TemplateName } from './templates';
import type { WhatsAppConfig } from './whatsapp.config';

/** A message the stand-in accepted: what the customer would read. */
export interface SandboxMessage {
  id: string;
  to: string;
  template: string;
  language: string;
  text: string;
  document: { link: string; filename: string } | null;
  at: string;
}

const graphError = (code: number, message: string, type = 'OAuthException') => ({ error: { message, type, code, fbtrace_id: randomBytes(8).toString('hex') } });

/**
 * WHATSAPP_SANDBOX=1: a stand-in for the WhatsApp Cloud API speaking its protocol, mounted on this
 * API (never in production, see whatsapp.config.ts): `POST /whatsapp-sandbox/{version}/{phone-number-id}/messages`
 * checks the bearer token and the template message as the Cloud API does (the template known by
 * name, its language, its parameters' count; errors in the Graph API's shape), answers a `wamid`,
 * and then reports the delivery (`sent`, `delivered`) to this API's webhook, signed
 * `X-Hub-Signature-256` with the app secret like Meta. `GET /whatsapp-sandbox/mensajes` lists what
 * it accepted (this process's), newest first, with the text each customer would read.
 */
export const whatsappSandboxRoutes: FastifyPluginAsync<{ config: WhatsAppConfig }> = async (app, { config }) => {
  const accepted: SandboxMessage[] = [];

  app.get('/whatsapp-sandbox/mensajes', async () => ({ data: [...accepted].reverse() }));

  app.post('/whatsapp-sandbox/:version/:phoneNumberId/messages', async (request, reply) => {
    const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!safeEqual(token, config.accessToken)) return reply.status(401).send(graphError(190, 'Invalid OAuth access token.'));
    const { phoneNumberId } = request.params as { phoneNumberId: string };
    if (phoneNumberId !== config.phoneNumberId) return reply.status(400).send(graphError(100, 'Unsupported post request.', 'GraphMethodException'));
    const body = request.body as {
      messaging_product?: string;
      to?: string;
      type?: string;
      template?: { name?: string; language?: { code?: string }; components?: { type?: string; parameters?: { type?: string; text?: string; document?: { link?: string; filename?: string } }[] }[] };
    };
    if (body?.messaging_product !== 'whatsapp' || !/^\d{8,15}$/.test(body.to ?? '') || body.type !== 'template' || !body.template?.name) {
      return reply.status(400).send(graphError(100, 'Invalid parameter', 'OAuthException'));
    }
    const name = body.template.name as TemplateName;
    const code = body.template.language?.code;
    if (!(name in WHATSAPP_TEMPLATES) || (code !== 'es' && code !== 'en')) return reply.status(404).send(graphError(132001, 'Template name does not exist in the translation'));
    const language: Language = code === 'en' ? 'en-EN' : 'es-PE';
    const texts = (body.template.components ?? []).find((c) => c.type === 'body')?.parameters?.map((p) => p.text ?? '') ?? [];
    const header = (body.template.components ?? []).find((c) => c.type === 'header')?.parameters?.[0]?.document;
    if ((WHATSAPP_TEMPLATES[name].header === 'document') !== Boolean(header?.link)) return reply.status(400).send(graphError(132012, 'Parameter format does not match format in the created template'));
    let text: string;
    try {
      text = renderTemplate(name, language, texts);
    } catch {
      return reply.status(400).send(graphError(132000, 'Number of parameters does not match the expected number of params'));
    }
    const id = `wamid.${randomBytes(12).toString('base64url')}`;
    accepted.push({ id, to: body.to!, template: name, language: code, text, document: header?.link ? { link: header.link, filename: header.filename ?? '' } : null, at: new Date().toISOString() });
    if (accepted.length > 500) accepted.shift();
    // As Meta does, the delivery comes later, on the webhook, signed with the app secret.
    setImmediate(() => void report(id, body.to!).catch((error: unknown) => app.log.warn(`whatsapp sandbox: webhook not delivered: ${String(error)}`)));
    return { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id }] };
  });

  async function report(id: string, recipient: string) {
    for (const status of ['sent', 'delivered'] as const) {
      const payload = JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [{ id: 'sandbox', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '51000000000', phone_number_id: config.phoneNumberId }, statuses: [{ id, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: recipient }] } }] }],
      });
      // As Meta does, a webhook that does not answer 200 is posted again later (here: every 200 ms, for a minute).
      for (let attempt = 0; attempt < 300; attempt += 1) {
        const answer = await app.inject({ method: 'POST', url: '/whatsapp/webhook', headers: { 'content-type': 'application/json', 'x-hub-signature-256': webhookSignature(config.appSecret, payload) }, payload });
        if (answer.statusCode === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }
};
