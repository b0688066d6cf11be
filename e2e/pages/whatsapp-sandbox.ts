import { expect, type APIRequestContext } from '@playwright/test';
import { SITE } from '../support/site';

/** A message the WhatsApp Cloud API stand-in took (WHATSAPP_SANDBOX=1), as it lists them. */
export interface WhatsAppMessage {
  to: string;
  template: string;
  language: string;
  text: string;
  document: { link: string; filename: string } | null;
}

/** The messages the stand-in took for `mobile` (9 digits: Peru's 51 is added), newest first. */
export async function whatsappMessagesTo(request: APIRequestContext, mobile: string): Promise<WhatsAppMessage[]> {
  const answer = await request.get(`${SITE.apiUrl}/whatsapp-sandbox/mensajes`);
  const { data } = (await answer.json()) as { data: WhatsAppMessage[] };
  return data.filter((message) => message.to === `51${mobile}`);
}

/** Waits for the stand-in to take a message of `template` for `mobile` (the outbox sends every 2 s). */
export async function waitForWhatsApp(request: APIRequestContext, mobile: string, template: string, timeout = 20_000): Promise<WhatsAppMessage> {
  let found: WhatsAppMessage | undefined;
  await expect(async () => {
    found = (await whatsappMessagesTo(request, mobile)).find((message) => message.template === template);
    expect(found).toBeDefined();
  }).toPass({ timeout });
  return found!;
}
