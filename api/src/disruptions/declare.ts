import { clock } from '@rumbo/shared/clock';
import type { Disruption, DisruptionRequest, Language } from '@rumbo/shared/schemas';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/rows';
import { NotFoundError } from '../errors';
import { outbox } from '../mail/mail.tables';
import type { OutgoingMail } from '../mail/outbox';
import { enqueuePassUpdates, type PassChange } from '../pocket/wallet-updates';
import { legsBySeat } from '../sales/legs';
import { findTripForSale } from '../trips/trips.queries';
import { disruptionMail, disruptionWhatsApp, type NoticeTicket } from './disruption-mail';
import { incidencia_aviso, viaje_incidencia } from './disruptions.tables';
import { disruptionToken } from './links';
import { enqueuePush, purchasesWithPush } from '../push/push.queue';
import { disruptionPush } from '../push/push-texts';
import { whatsappRecipient } from '../whatsapp/recipient';
import { enqueueWhatsApp } from '../whatsapp/whatsapp.queue';
import type { ChangePolicy } from './policy';

const DAY = 86_400_000;

export interface DeclareContext {
  now: Date;
  secret: string;
  /** The site's origin, for the choice links (SITE_URL). */
  siteUrl: string;
  policy: ChangePolicy;
  /** GOOGLE_WALLET_* is configured: each ticket's Google Wallet pass (if saved) is updated too. */
  googleWallet?: boolean;
  /** WhatsApp is configured: the notices go there too, to buyers who turned it on for their trips. */
  whatsapp?: boolean;
}

/** Whether a disruption gives its holders the right to rebook or a refund. */
export const gives = (d: { tipo: string; minutos: number }, policy: ChangePolicy) => d.tipo === 'cancelacion' || d.minutos > policy.rightDelayMin;

/** The choice link of a ticket, valid until the end of the rebooking window. */
export function choiceLink(context: Pick<DeclareContext, 'secret' | 'siteUrl'>, numero: string, expira: Date): string {
  const token = disruptionToken(context.secret, numero, expira);
  return `${context.siteUrl.replace(/\/+$/, '')}/pasajes/incidencia/${encodeURIComponent(numero)}?t=${encodeURIComponent(token)}`;
}

/** How long a ticket's link works: until the rebooking window of its original departure closes. */
export const linkExpiry = (salida: Date, policy: ChangePolicy) => new Date(salida.getTime() + policy.rebookDays * DAY);

/**
 * `POST /rest/operador/incidencia`, in one transaction: the disruption row (the same declaration
 * again changes nothing; a delay with other minutes is a new revision), then one notice row per
 * affected valid ticket and revision (ON CONFLICT DO NOTHING: a repeat, or another instance at the
 * same time, adds none) and, for the notices it added, one mail per purchase in the purchase's
 * language, queued in the outbox with them. So every holder is told once per change, as soon as
 * the senders pick the mails up.
 */
export async function declareDisruption(db: Database, input: DisruptionRequest, operador: string, context: DeclareContext): Promise<Disruption> {
  const { now, policy } = context;
  const stretch = input.cterminal_origen !== undefined && input.cterminal_destino !== undefined ? { cterminal_origen: input.cterminal_origen, cterminal_destino: input.cterminal_destino } : undefined;
  const trip = await findTripForSale(db, input.cviaje, undefined, stretch);
  if (!trip) throw new NotFoundError('disruption.viaje.noEncontrado');
  const minutos = input.tipo === 'retraso' ? input.minutos! : 0;
  const paradas = trip.stretch.paradas;

  return db.transaction(async (tx) => {
    const values = { cviaje: trip.cviaje, paradas, tipo: input.tipo, minutos, motivo_es: input.motivo_es, motivo_en: input.motivo_en, operador, declarada: now, actualizada: now };
    // Inserted, or updated only when the minutes change (the row lock orders concurrent declarations).
    const [changed] = await tx
      .insert(viaje_incidencia)
      .values(values)
      .onConflictDoUpdate({
        target: [viaje_incidencia.cviaje, viaje_incidencia.paradas, viaje_incidencia.tipo],
        set: { minutos, motivo_es: input.motivo_es, motivo_en: input.motivo_en, operador, actualizada: now, revision: sql`${viaje_incidencia.revision} + 1` },
        setWhere: sql`${viaje_incidencia.minutos} <> excluded.minutos`,
      })
      .returning();
    const row =
      changed ??
      (await tx
        .select()
        .from(viaje_incidencia)
        .where(and(eq(viaje_incidencia.cviaje, trip.cviaje), sql`${viaje_incidencia.paradas} = ${paradas}::int4range`, eq(viaje_incidencia.tipo, input.tipo))))[0]!;

    // Valid tickets of the trip whose stretch the disruption reaches: a cancellation, the stretches
    // it overlaps; a delay, every stretch that reaches a stop from its boarding stop on.
    const reaches =
      input.tipo === 'cancelacion' ? sql`va.paradas && ${paradas}::int4range` : sql`upper(va.paradas) > lower(${paradas}::int4range)`;
    const affected = await queryRows<{ numero: string; cviaje_asiento: number; creserva: number }>(tx, sql`
      select b.numero, b.cviaje_asiento, b.creserva from boleto b
      join viaje_asiento va on va.cviaje_asiento = b.cviaje_asiento
      where va.cviaje = ${trip.cviaje} and b.estado = 'emitido' and ${reaches}
      order by b.numero`);
    let avisos = 0;
    if (changed && affected.length > 0) avisos = await notify(tx, row, affected, context);
    return {
      cincidencia: row.cincidencia,
      cviaje: row.cviaje,
      tipo: row.tipo as Disruption['tipo'],
      minutos: row.minutos,
      revision: row.revision,
      nueva: Boolean(changed),
      boletos: affected.length,
      avisos,
      derecho: gives(row, policy),
    };
  });
}

/** Writes the notices not written yet and queues their mails (one per purchase); how many tickets were told. */
async function notify(
  tx: Database,
  d: typeof viaje_incidencia.$inferSelect,
  affected: { numero: string; cviaje_asiento: number; creserva: number }[],
  context: DeclareContext,
): Promise<number> {
  const { now, policy } = context;
  const told = new Set<string>();
  for (let i = 0; i < affected.length; i += 500) {
    const rows = await tx
      .insert(incidencia_aviso)
      .values(affected.slice(i, i + 500).map((t) => ({ cincidencia: d.cincidencia, revision: d.revision, numero: t.numero, creado: now })))
      .onConflictDoNothing()
      .returning({ numero: incidencia_aviso.numero });
    for (const r of rows) told.add(r.numero);
  }
  const tickets = affected.filter((t) => told.has(t.numero));
  if (tickets.length === 0) return 0;

  const legs = await legsBySeat(tx, tickets);
  const details = await queryRows<{ numero: string; creserva: number; ccuenta: number | null; codigo: string; idioma: string; comprador_email: string; comprador_nombre: string; nombres: string; paterno: string }>(tx, sql`
    select b.numero, r.creserva, r.ccuenta, r.codigo, r.idioma, r.comprador_email, r.comprador_nombre, b.pasajero_nombres as nombres, b.pasajero_paterno as paterno
    from boleto b join reserva r on r.creserva = b.creserva
    where b.numero in (${sql.join(tickets.map((t) => sql`${t.numero}`), sql`, `)})
    order by b.numero`);
  const byNumber = new Map(tickets.map((t) => [t.numero, t]));
  const right = gives(d, policy);
  const purchases = new Map<number, { detail: (typeof details)[number]; tickets: NoticeTicket[] }>();
  for (const detail of details) {
    const leg = legs.get(Number(byNumber.get(detail.numero)!.cviaje_asiento))!;
    const original = new Date(leg.salida.getTime() - leg.retraso_min * 60_000);
    const entry = purchases.get(Number(detail.creserva)) ?? { detail, tickets: [] };
    entry.tickets.push({
      numero: detail.numero,
      pasajero: `${detail.nombres} ${detail.paterno}`,
      origen: leg.origen,
      destino: leg.destino,
      salida: leg.salida,
      enlace: right ? choiceLink(context, detail.numero, linkExpiry(original, policy)) : null,
    });
    purchases.set(Number(detail.creserva), entry);
  }
  const mails: OutgoingMail[] = [...purchases.values()].map(({ detail, tickets: list }) => {
    const language = (detail.idioma === 'en-EN' ? 'en-EN' : 'es-PE') as Language;
    return disruptionMail(
      { to: detail.comprador_email, nombre: detail.comprador_nombre, codigo: detail.codigo, tipo: d.tipo as 'retraso' | 'cancelacion', minutos: d.minutos, motivo: language === 'en-EN' ? d.motivo_en : d.motivo_es, tickets: list },
      language,
    );
  });
  // In the same transaction, the web pushes (one per ticket with its choice link, else one per
  // purchase) and the wallet passes (each ticket's pass shows the change: wallet-updates.ts).
  const pushed = await purchasesWithPush(tx, [...purchases.keys()]);
  const passes: PassChange[] = [];
  for (const { detail, tickets: list } of purchases.values()) {
    const language = (detail.idioma === 'en-EN' ? 'en-EN' : 'es-PE') as Language;
    const notice = { cincidencia: d.cincidencia, revision: d.revision, tipo: d.tipo as 'retraso' | 'cancelacion', minutos: d.minutos, motivo: language === 'en-EN' ? d.motivo_en : d.motivo_es };
    const purchase = { codigo: detail.codigo, idioma: language };
    if (pushed.has(Number(detail.creserva))) {
      for (const ticket of right ? list : list.slice(0, 1)) await enqueuePush(tx, Number(detail.creserva), disruptionPush(notice, purchase, ticket, right), now);
    }
    // By WhatsApp (issue 48), one message per ticket, to the buyer's account if it turned it on for its trips.
    const telefono = context.whatsapp ? await whatsappRecipient(tx, detail.ccuenta, 'servicio') : undefined;
    if (telefono) for (const ticket of list) await enqueueWhatsApp(tx, disruptionWhatsApp(notice, ticket, telefono, language), now);
    for (const ticket of list) {
      const { titulo, cuerpo } = disruptionPush(notice, purchase, ticket, right);
      passes.push({ numero: ticket.numero, titulo, cuerpo });
    }
  }
  await enqueuePassUpdates(tx, `incidencia:${d.cincidencia}:${d.revision}`, passes, now, context.googleWallet ?? false);
  // One statement per 200 mails (a departure of 600 holders is a handful of round trips).
  const due = clock.now();
  for (let i = 0; i < mails.length; i += 200) {
    await tx.insert(outbox).values(mails.slice(i, i + 200).map((m) => ({ ...m, to: m.to.toLowerCase(), next_attempt_at: due })));
  }
  return tickets.length;
}
