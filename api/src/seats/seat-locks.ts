import { asc, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { locks } from '../db/lock-order';
import { viaje_asiento } from './seats.tables';

/**
 * Step 5 of the lock order (db/lock-order.ts): the seats of these rows (`locks.seatStretchesOf`),
 * then the rows, in ascending id order, in one statement; answers them in that order.
 */
export async function lockSeats(tx: Database, ids: number[]) {
  locks.enter(tx, 'seats');
  if (ids.length === 0) return [];
  const wanted = [...new Set(ids)];
  // The seats' trip + seat number read and locked in one round trip (a paid notice's hot path).
  await locks.seatStretchesOf(tx, sql`select cviaje, nasiento from viaje_asiento where cviaje_asiento in (${sql.join(wanted.map((id) => sql`${id}`), sql`, `)})`);
  return tx
    .select({ id: viaje_asiento.cviaje_asiento, gestado: viaje_asiento.gestado_asiento, clave_hash: viaje_asiento.clave_hash, expira: viaje_asiento.expira })
    .from(viaje_asiento)
    .where(inArray(viaje_asiento.cviaje_asiento, wanted))
    .orderBy(asc(viaje_asiento.cviaje_asiento))
    .for('update');
}
