import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WhatsAppConfig } from './whatsapp.config';
import type { whatsapp_envio } from './whatsapp.tables';

/** The body of `POST /{phone-number-id}/messages` for a queued template message (Cloud API, template message with an optional document header). */
export function messageBody(row: Pick<typeof whatsapp_envio.$inferSelect, 'telefono' | 'plantilla' | 'idioma' | 'parametros' | 'documento'>) {
  const components: object[] = [];
  if (row.documento) components.push({ type: 'header', parameters: [{ type: 'document', document: { link: row.documento.link, filename: row.documento.filename } }] });
  if (row.parametros.length > 0) components.push({ type: 'body', parameters: row.parametros.map((text) => ({ type: 'text', text })) });
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: row.telefono,
    type: 'template',
    template: { name: row.plantilla, language: { code: row.idioma }, components },
  };
}

/** What one send came to: accepted with Meta's id, or refused (`retry`: worth asking again later). */
export type SendOutcome = { ok: true; wamid: string } | { ok: false; retry: boolean; error: string };

/** Meta's error codes worth retrying: throttling (4, 80007, 130429), the per-recipient pair rate limit (131056), temporary errors (1, 2, 131000, 131016). */
const RETRY_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131056]);

/** Sends one message through the Graph API; no lock or transaction is held meanwhile. */
export async function sendTemplate(config: WhatsAppConfig, row: Parameters<typeof messageBody>[0], timeoutMs = 15_000): Promise<SendOutcome> {
  let response: Response;
  try {
    response = await fetch(`${config.graphUrl}/${encodeURIComponent(config.phoneNumberId)}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(messageBody(row)),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return { ok: false, retry: true, error: error instanceof Error ? error.message : String(error) };
  }
  const answer = (await response.json().catch(() => ({}))) as { messages?: { id?: string }[]; error?: { code?: number; message?: string } };
  const wamid = answer.messages?.[0]?.id;
  if (response.ok && wamid) return { ok: true, wamid };
  const code = answer.error?.code;
  return { ok: false, retry: response.status >= 500 || response.status === 429 || (code !== undefined && RETRY_CODES.has(code)), error: `${response.status} ${code ?? ''} ${answer.error?.message ?? ''}`.trim() };
}

/** `X-Hub-Signature-256` of a webhook body: `sha256=` and the HMAC-SHA256 of the raw body with the app secret, hex. */
export const webhookSignature = (appSecret: string, rawBody: string | Buffer) => `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;

/** Whether `header` is the app secret's signature of `rawBody` (compared in constant time). */
export function verifyWebhookSignature(appSecret: string, rawBody: string | Buffer, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(webhookSignature(appSecret, rawBody));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
