import type { ConsentPurpose } from '@rumbo/shared/schemas';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/rows';
import { hasConsent } from '../privacy/consents';
import { whatsappNumber } from './whatsapp.queue';

/**
 * The one place that decides whether a message goes to a customer by WhatsApp, and to which number:
 * an open account whose mobile is a WhatsApp number confirmed by the code sent to it (`phone.ts`:
 * a number the customer has not proven to hold gets nothing), and the customer's consent for the message's
 * purpose by WhatsApp (`servicio`: Mi cuenta's "Mis viajes por WhatsApp" for tickets, reminders,
 * disruption notices and waitlist offers; `alertas_precio` for price alerts). Undefined: not by
 * WhatsApp. Ask it in the transaction that queues the message.
 */
export async function whatsappRecipient(db: Database, ccuenta: number | null | undefined, purpose: ConsentPurpose): Promise<string | undefined> {
  if (ccuenta === null || ccuenta === undefined) return undefined;
  const [account] = await queryRows<{ telefono: string | null; confirmado: string | null }>(db, sql`
    select c.telefono, w.telefono as confirmado from cuenta c
    left join whatsapp_telefono w on w.ccuenta = c.ccuenta and w.confirmado is not null
    where c.ccuenta = ${ccuenta} and c.cerrada_en is null`);
  const telefono = whatsappNumber(account?.telefono);
  if (!telefono || account?.confirmado !== telefono) return undefined;
  return (await hasConsent(db, ccuenta, 'whatsapp', purpose)) ? telefono : undefined;
}
