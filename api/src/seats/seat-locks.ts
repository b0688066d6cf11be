import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { locks } from '../db/lock-order';
import { viaje_asiento } from './seats.tables';

/**
 * Step 5 of the lock order (db/lock-order.ts): the seats of these rows (`locks.seatStretches`),
 * then the rows, in ascending id order, in one statement; answers them in that order.
 */
export async function lockSeats(tx: Database, ids: number[]) {
  locks.enter(tx, 'seats');
  if (ids.length === 0) return [];
  const wanted = [...new Set(ids)];
  const seats = await tx.selectDistinct({ cviaje: viaje_asiento.cviaje, nasiento: viaje_asiento.nasiento }).from(viaje_asiento).where(inArray(viaje_asiento.cviaje_asiento, wanted));
  await locks.seatStretches(tx, seats);
  return tx
    .select({ id: viaje_asiento.cviaje_asiento, gestado: viaje_asiento.gestado_asiento, clave_hash: viaje_asiento.clave_hash, expira: viaje_asiento.expira })
    .from(viaje_asiento)
    .where(inArray(viaje_asiento.cviaje_asiento, wanted))
    .orderBy(asc(viaje_asiento.cviaje_asiento))
    .for('update');
}
