import { clock } from '@rumbo/shared/clock';
import type { Language } from '@rumbo/shared/schemas';
import type { Database } from '../db/client';
import { renderTemplate, templateLanguage, type TemplateName } from './templates';
import { whatsapp_envio } from './whatsapp.tables';

/**
 * A Peruvian mobile as WhatsApp addresses it (E.164 digits, no "+"): 9 digits starting with 9 get
 * Peru's 51; a number already with it is kept; anything else is not a WhatsApp recipient (undefined).
 */
export function whatsappNumber(phone: string | null | undefined): string | undefined {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (/^9\d{8}$/.test(digits)) return `51${digits}`;
  if (/^519\d{8}$/.test(digits)) return digits;
  return undefined;
}

export interface WhatsAppMessage {
  /** Names the message (one row however often it is queued). */
  clave: string;
  telefono: string;
  plantilla: TemplateName;
  language: Language;
  parametros: string[];
  documento?: { link: string; filename: string };
}

/**
 * Queues a template message. Pass the transaction of the change that causes it, so it exists
 * exactly when that change is committed; the sender delivers it afterwards. Returns whether it
 * added a row (false: already queued, or the parameters do not fit the template: a bug, thrown).
 */
export async function enqueueWhatsApp(tx: Database, message: WhatsAppMessage, now: Date): Promise<boolean> {
  renderTemplate(message.plantilla, message.language, message.parametros);
  const rows = await tx
    .insert(whatsapp_envio)
    .values({
      clave: message.clave,
      telefono: message.telefono,
      plantilla: message.plantilla,
      idioma: templateLanguage(message.language),
      parametros: message.parametros,
      documento: message.documento ?? null,
      next_attempt_at: clock.now(),
      created_at: now,
    })
    .onConflictDoNothing()
    .returning({ id: whatsapp_envio.id });
  return rows.length > 0;
}
