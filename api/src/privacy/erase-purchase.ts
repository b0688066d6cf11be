import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import { recuperacion_codigo } from '../aftersale/aftersale.tables';
import type { Database } from '../db/client';
import { queryRows } from '../db/rows';
import { asiento_pasajero } from '../people/people.tables';
import { pase_registro } from '../pocket/pocket.tables';
import { push_suscripcion, push_vinculo } from '../push/push.tables';
import { salesLocks } from '../sales/sales.locks';
import { boleto, declaracion_jurada, reserva, reserva_asiento } from '../sales/sales.tables';
import { datos_borrados } from './privacy.tables';

/** What an erased name, document or e-mail reads as: empty (the columns are required, and nothing is better than a made-up value). */
const ERASED = '';
/** An erased birth date (the column is required): a date nobody is born on and no rule reads as a minor's. */
export const ERASED_BIRTH_DATE = '1900-01-01';

export type ErasureOrigin = 'invitado' | 'retencion';

/**
 * Erases the personal data of one purchase (issue 47): the buyer's name and e-mail; each seat's and
 * ticket's passenger names, document number, e-mail and birth date and a lap child's record; the
 * sworn declarations' emergency contacts; the held seats' passenger rows; a mailed recovery code;
 * the browsers and wallets told about it. The keys' hashes stay (they are no data about anyone), so
 * the key that erased a purchase still opens it and a second erasure answers as the first. Kept: the sale, its seats, tickets, payments, credit and
 * electronic vouchers as amounts and states (tax law keeps the vouchers as issued and signed:
 * docs/decisions.md, "The customer's data").
 *
 * One transaction under the reservation's row lock (lock order step 3), marked in
 * `datos_borrados`: a crash halfway leaves the purchase as it was, and a second call (a retry, the
 * guest twice, the guest and the retention job) finds the mark and does nothing. Returns whether
 * this call erased it.
 */
export async function erasePurchase(
  db: Database,
  creserva: number,
  now: Date,
  origen: ErasureOrigin,
  /** Checked under the row lock, before anything is erased: throws to refuse (a trip still ahead, a payment arriving). */
  guard?: (tx: Database, purchase: typeof reserva.$inferSelect) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const purchase = await salesLocks.reservation(tx, creserva);
    if (!purchase) return false;
    if (await erasureOf(tx, creserva)) return false;
    await guard?.(tx, purchase);
    const marked = await tx.insert(datos_borrados).values({ creserva, origen, fecha: now }).onConflictDoNothing().returning({ creserva: datos_borrados.creserva });
    if (marked.length === 0) return false;

    await tx.update(reserva).set({ comprador_nombre: ERASED, comprador_email: ERASED }).where(eq(reserva.creserva, creserva));
    await tx
      .update(reserva_asiento)
      .set({ numero: ERASED, nombres: ERASED, paterno: ERASED, materno: ERASED, email: ERASED, nacimiento: ERASED_BIRTH_DATE, infante: null })
      .where(eq(reserva_asiento.creserva, creserva));
    const tickets = await tx
      .update(boleto)
      .set({ pasajero_numero: ERASED, pasajero_nombres: ERASED, pasajero_paterno: ERASED, pasajero_materno: ERASED, pasajero_nacimiento: ERASED_BIRTH_DATE })
      .where(eq(boleto.creserva, creserva))
      .returning({ numero: boleto.numero });
    const numbers = tickets.map((t) => t.numero);
    if (numbers.length) {
      await tx.update(declaracion_jurada).set({ contacto_nombre: ERASED, contacto_telefono: ERASED }).where(inArray(declaracion_jurada.numero, numbers));
      await tx.delete(pase_registro).where(inArray(pase_registro.numero, numbers));
    }
    await tx.delete(asiento_pasajero).where(eq(asiento_pasajero.clave_hash, purchase.clave_hash));
    await tx.delete(recuperacion_codigo).where(eq(recuperacion_codigo.creserva, creserva));

    const tied = await tx.delete(push_vinculo).where(eq(push_vinculo.creserva, creserva)).returning({ csuscripcion: push_vinculo.csuscripcion });
    if (tied.length) {
      // A browser told only about this purchase is told nothing any more: its subscription goes too.
      const other = tx.select({ one: sql`1` }).from(push_vinculo).where(eq(push_vinculo.csuscripcion, push_suscripcion.csuscripcion));
      await tx.delete(push_suscripcion).where(and(inArray(push_suscripcion.csuscripcion, tied.map((row) => row.csuscripcion)), notExists(other)));
    }
    return true;
  });
}

/** Whether a purchase's personal data were erased, and when and why. */
export async function erasureOf(db: Database, creserva: number): Promise<{ origen: ErasureOrigin; fecha: Date } | undefined> {
  const [row] = await queryRows<{ origen: ErasureOrigin; fecha: Date | string }>(db, sql`select origen, fecha from datos_borrados where creserva = ${creserva}`);
  return row ? { origen: row.origen, fecha: new Date(row.fecha) } : undefined;
}
