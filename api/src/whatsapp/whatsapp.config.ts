import { randomBytes } from 'node:crypto';

/**
 * Issue 48 item 4: WhatsApp through Meta's WhatsApp Business Cloud API (the Graph API). Real with
 * WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_ACCESS_TOKEN, WHATSAPP_APP_SECRET (signs the status webhooks)
 * and WHATSAPP_VERIFY_TOKEN (the webhook's subscription check); the stand-in (`sandbox.routes.ts`,
 * the same protocol, mounted on this API) only when WHATSAPP_SANDBOX=1 asks for it by name, never
 * in production; neither: no WhatsApp (the channel is not offered).
 */
export interface WhatsAppConfig {
  /** The Graph API's base with its version: `https://graph.facebook.com/v21.0`, or the stand-in's. */
  graphUrl: string;
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  sandbox: boolean;
}

export class WhatsAppConfigError extends Error {
  override readonly name = 'WhatsAppConfigError';
}

export const GRAPH_URL = 'https://graph.facebook.com/v21.0';
const REAL = ['WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'] as const;

/** The WhatsApp configuration the environment gives (undefined: off). `apiOrigin` is where the stand-in is mounted. */
export function whatsappOf(env: NodeJS.ProcessEnv, production: boolean, apiOrigin: string): WhatsAppConfig | undefined {
  const sandbox = /^(1|true|yes|on)$/i.test(env.WHATSAPP_SANDBOX ?? '');
  const given = REAL.filter((name) => env[name]);
  if (sandbox) {
    if (production) throw new WhatsAppConfigError('WHATSAPP_SANDBOX=1 stands in for the WhatsApp Cloud API (nothing reaches a phone): it is for development, not production.');
    return {
      graphUrl: `${apiOrigin.replace(/\/+$/, '')}/whatsapp-sandbox/v21.0`,
      phoneNumberId: 'sandbox',
      // Made per process: the stand-in and the sender share them, and nothing outside knows them.
      accessToken: randomBytes(24).toString('hex'),
      appSecret: randomBytes(24).toString('hex'),
      verifyToken: randomBytes(16).toString('hex'),
      sandbox: true,
    };
  }
  if (given.length === 0) return undefined;
  const missing = REAL.filter((name) => !env[name]);
  if (missing.length > 0) throw new WhatsAppConfigError(`WhatsApp is half configured: ${missing.join(', ')} missing (or set none of ${REAL.join(', ')} to leave WhatsApp off).`);
  const graphUrl = env.WHATSAPP_GRAPH_URL || GRAPH_URL;
  if (!graphUrl.startsWith('https://')) throw new WhatsAppConfigError(`WHATSAPP_GRAPH_URL must be an https URL, got "${graphUrl}".`);
  return {
    graphUrl,
    phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID!,
    accessToken: env.WHATSAPP_ACCESS_TOKEN!,
    appSecret: env.WHATSAPP_APP_SECRET!,
    verifyToken: env.WHATSAPP_VERIFY_TOKEN!,
    sandbox: false,
  };
}
