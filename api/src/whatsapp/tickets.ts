import { firstNameOf, toLanguage } from '@rumbo/shared/schemas';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/rows';
import { ticketPdfLink } from '../sales/tickets';
import { whatsappRecipient } from './recipient';
import { enqueueWhatsApp } from './whatsapp.queue';

/** Purchases paid this long ago at most still get their tickets by WhatsApp (a switch turned on later does not resend old ones). */
const RECENT_MS = 24 * 60 * 60_000;

/**
 * Issue 48: the tickets after payment by WhatsApp (template `rumbo_boletos`, the PDF as its
 * document header), for paid purchases of accounts that turned WhatsApp on for their trips
 * (`whatsapp` × `servicio`), at the account's mobile, in the purchase's language. Decoupled from
 * the paying transaction: the message's key (`boletos:<code>`) is unique in the outbox, so however
 * many instances run this, each purchase is queued once. Returns how many it queued.
 */
export async function queueTicketMessages(db: Database, context: { secret: string; apiOrigin: string }, now: Date): Promise<number> {
  const paid = await queryRows<{ codigo: string; comprador_nombre: string; idioma: string; ccuenta: number }>(db, sql`
    select r.codigo, r.comprador_nombre, r.idioma, c.ccuenta
    from reserva r join cuenta c on c.ccuenta = r.ccuenta and c.cerrada_en is null
    where r.estado = 'pagada' and r.pagado > ${new Date(now.getTime() - RECENT_MS).toISOString()}::timestamptz
      and not exists (select 1 from whatsapp_envio w where w.clave = 'boletos:' || r.codigo)
    order by r.pagado
    limit 200`);
  let queued = 0;
  for (const r of paid) {
    const telefono = await whatsappRecipient(db, Number(r.ccuenta), 'servicio');
    if (!telefono) continue;
    const added = await enqueueWhatsApp(db, {
      clave: `boletos:${r.codigo}`,
      telefono,
      plantilla: 'rumbo_boletos',
      language: toLanguage(r.idioma),
      parametros: [firstNameOf(r.comprador_nombre), r.codigo],
      documento: { link: ticketPdfLink(context.secret, context.apiOrigin, r.codigo, now), filename: `boletos-${r.codigo}.pdf` },
    }, now);
    if (added) queued += 1;
  }
  return queued;
}
