import type { PurchaseData } from '@rumbo/shared/schemas';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/rows';
import { ConflictError } from '../errors';
import { effectiveState, reservationOf } from '../sales/reservations';
import { declaracion_jurada, reserva } from '../sales/sales.tables';
import { erasePurchase, erasureOf } from './erase-purchase';
import { purchasesData } from './my-data';

type Purchase = typeof reserva.$inferSelect;
type Refusal = 'privacy.compra.cuenta' | 'privacy.compra.pendiente';

/**
 * Why a purchase's personal data cannot be erased by its key at `now`, or null when they can: a
 * purchase made with an account is the account's (Mi cuenta downloads it, closing erases it). One
 * still being performed is refused: its payment pending; a valid ticket (its own, or of a
 * postponement it led to) for a trip not yet arrived; a postponement waiting for its payment; a
 * refund not yet paid. So a purchase is over when its trips ran, or when every ticket was cancelled
 * (and its money went back): a guest who cancelled need not wait for the day of a trip they will
 * not take (docs/decisions.md, "The customer's data").
 */
async function refusalOf(db: Database, purchase: Purchase, now: Date): Promise<Refusal | null> {
  if (purchase.ccuenta !== null) return 'privacy.compra.cuenta';
  if (effectiveState(purchase, now).estado === 'pendiente') return 'privacy.compra.pendiente';
  const at = now.toISOString();
  const [ahead] = await queryRows<{ n: number }>(db, sql`
    select (
      select count(*) from reserva r
      join boleto b on b.creserva = r.creserva and b.estado = 'emitido'
      join reserva_asiento ra on ra.creserva = b.creserva and ra.cviaje_asiento = b.cviaje_asiento
      join viaje v on v.cviaje = ra.cviaje
      where (r.creserva = ${purchase.creserva} or (r.creserva_origen = ${purchase.creserva} and r.estado = 'pagada'))
        and v.llegada > ${at}::timestamptz
    ) + (
      select count(*) from reserva r
      where r.creserva_origen = ${purchase.creserva} and r.estado = 'pendiente' and r.expira > ${at}::timestamptz
    ) + (
      select count(*) from reembolso f
      where (f.creserva = ${purchase.creserva} or f.creserva in (select creserva from reserva where creserva_origen = ${purchase.creserva}))
        and f.estado <> 'hecho'
    ) as n`);
  return Number(ahead?.n ?? 0) > 0 ? 'privacy.compra.pendiente' : null;
}

/**
 * `POST /rest/venta/datos` (issue 47; Ley 29733 art. 19, access): a purchase's records for whoever
 * holds its key, as Mi cuenta's download gives a purchase, with its tickets' sworn declarations;
 * whether its personal data were erased and whether they can be now.
 */
export async function guestPurchaseData(db: Database, body: { codigo: string; clave_bloqueo: string }, now: Date): Promise<PurchaseData> {
  const purchase = await reservationOf(db, body.codigo, body.clave_bloqueo, now);
  const [compra] = await purchasesData(db, [purchase]);
  const numbers = ((compra!.boletos ?? []) as { numero: string }[]).map((t) => t.numero);
  const declaraciones = numbers.length ? await db.select().from(declaracion_jurada).where(inArray(declaracion_jurada.numero, numbers)) : [];
  const erased = await erasureOf(db, purchase.creserva);
  const motivo = erased ? null : await refusalOf(db, purchase, now);
  return {
    generado: now.toISOString(),
    compra: compra!,
    declaraciones,
    borrado: erased ? { fecha: erased.fecha.toISOString(), origen: erased.origen } : null,
    borrable: !erased && motivo === null,
    motivo,
  };
}

/**
 * `POST /rest/venta/borrar` (issue 47; Ley 29733 art. 20, suppression): erases a past guest
 * purchase's personal data (`erasePurchase`: one transaction, the refusals checked again under the
 * purchase's lock). Idempotent: a purchase already erased answers when and why it was.
 */
export async function eraseGuestPurchase(db: Database, body: { codigo: string; clave_bloqueo: string }, now: Date): Promise<{ borrado: { fecha: string; origen: 'invitado' | 'retencion' } }> {
  const purchase = await reservationOf(db, body.codigo, body.clave_bloqueo, now);
  await erasePurchase(db, purchase.creserva, now, 'invitado', async (tx, locked) => {
    const refusal = await refusalOf(tx, locked, now);
    if (refusal) throw new ConflictError(refusal);
  });
  const erased = await erasureOf(db, purchase.creserva);
  return { borrado: { fecha: erased!.fecha.toISOString(), origen: erased!.origen } };
}

