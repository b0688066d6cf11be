import { randomUUID } from 'node:crypto';
import type { SeatBlock, SeatBlockInput } from '@rumbo/shared/schemas';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { locks } from '../db/lock-order';
import { queryRows, toDate } from '../db/rows';
import { ConflictError, NotFoundError } from '../errors';
import { findTripForSale, isOnSale } from '../trips/trips.queries';
import { ensureSeatRows, freeSeats, hashKey, isExclusionViolation, releaseKeyHolds } from './seats.service';
import { AVAILABLE, HELD } from './seats.tables';

interface BlockRow {
  cbloqueo: number;
  cviaje: number;
  asientos: number[] | string;
  motivo: string;
  operador: string;
  clave_hash: string;
  creado: Date | string;
  hasta: Date | string;
  liberado: Date | string | null;
}

const COLUMNS = sql`cbloqueo, cviaje, asientos, motivo, operador, clave_hash, creado, hasta, liberado`;

/** PGlite and node-postgres both answer an int[] as an array; a driver that answers its text (`{1,2}`) is read too. */
const seatNumbers = (value: number[] | string) =>
  (Array.isArray(value) ? value : value.replace(/[{}]/g, '').split(',').filter(Boolean)).map(Number).sort((a, b) => a - b);

const view = (row: BlockRow): SeatBlock => ({
  cbloqueo: Number(row.cbloqueo),
  cviaje: Number(row.cviaje),
  asientos: seatNumbers(row.asientos),
  motivo: row.motivo,
  operador: row.operador,
  creado: toDate(row.creado).toISOString(),
  hasta: toDate(row.hasta).toISOString(),
  liberado: row.liberado === null ? null : toDate(row.liberado).toISOString(),
});

/**
 * `POST /rest/operador/bloqueo` (docs/decisions.md, "Seat blocks"): sets aside the `asientos`
 * lowest-numbered seats free over the departure's whole route for a group or a counter sale. They
 * are held like any purchase's seats (84) under a key drawn here and never kept (only its hash is,
 * with the block), until the departure leaves: nobody can reserve them online, and the seat map,
 * the search's free seats and the waitlist count them as taken. One transaction: the seats' locks
 * (the seats step of the lock order), the holds, the block's row; a seat taken meanwhile by a
 * customer refuses the whole block (409 `seat.taken`: asked again, it takes the next free ones).
 */
export async function blockSeats(db: Database, input: SeatBlockInput, operador: string, now: Date): Promise<SeatBlock> {
  const trip = await findTripForSale(db, input.cviaje);
  if (!trip) throw new NotFoundError();
  if (!isOnSale(trip, now)) throw new ConflictError('trip.closed');
  const nowIso = now.toISOString();
  const key = randomUUID();
  const keyHash = hashKey(key);
  try {
    return await db.transaction(async (tx) => {
      await ensureSeatRows(tx, trip);
      const numbers = (await freeSeats(tx, trip, now, input.asientos)).map((seat) => Number(seat.nasiento));
      if (numbers.length < input.asientos) throw new ConflictError('seatBlock.notEnough');
      await locks.seatStretches(tx, numbers.map((nasiento) => ({ cviaje: trip.cviaje, nasiento })));
      const list = sql.join(numbers.map((n) => sql`${n}`), sql`, `);
      // Lapsed holds of these seats on shorter stretches leave the exclusion constraint first (as a customer's hold does).
      await tx.execute(sql`
        update viaje_asiento set gestado_asiento = ${AVAILABLE}, clave_hash = null, expira = null, cliente_hash = null, direccion_hash = null
        where cviaje = ${trip.cviaje} and nasiento in (${list}) and paradas <> ${trip.stretch.paradas}::int4range
          and gestado_asiento = ${HELD} and expira <= ${nowIso}::timestamptz`);
      const held = await queryRows<{ nasiento: number }>(tx, sql`
        update viaje_asiento set gestado_asiento = ${HELD}, clave_hash = ${keyHash}, expira = ${trip.salida.toISOString()}::timestamptz, cliente_hash = null, direccion_hash = null
        where cviaje = ${trip.cviaje} and nasiento in (${list}) and paradas = ${trip.stretch.paradas}::int4range
          and (gestado_asiento = ${AVAILABLE} or (gestado_asiento = ${HELD} and expira <= ${nowIso}::timestamptz))
        returning nasiento`);
      if (held.length < numbers.length) throw new ConflictError('seat.taken');
      const [row] = await queryRows<BlockRow>(tx, sql`
        insert into bloqueo_asientos (cviaje, asientos, motivo, operador, clave_hash, creado, hasta)
        values (${trip.cviaje}, ${`{${numbers.join(',')}}`}::int[], ${input.motivo}, ${operador}, ${keyHash}, ${nowIso}::timestamptz, ${trip.salida.toISOString()}::timestamptz)
        returning ${COLUMNS}`);
      return view(row!);
    });
  } catch (error) {
    if (isExclusionViolation(error)) throw new ConflictError('seat.taken');
    throw error;
  }
}

/**
 * `POST /rest/operador/bloqueo/liberar`: gives a block's seats back to the store, in one
 * transaction with the block's mark, through the release every held seat takes
 * (`releaseKeyHolds`); the waitlist's job offers them to the first in line on its next run.
 * Releasing twice changes nothing and answers the block as it is.
 */
export async function releaseSeatBlock(db: Database, cbloqueo: number, operador: string, now: Date): Promise<SeatBlock> {
  return db.transaction(async (tx) => {
    const [released] = await queryRows<BlockRow>(tx, sql`
      update bloqueo_asientos set liberado = ${now.toISOString()}::timestamptz, liberado_por = ${operador}
      where cbloqueo = ${cbloqueo} and liberado is null
      returning ${COLUMNS}`);
    if (released) {
      await releaseKeyHolds(tx, released.clave_hash, now);
      return view(released);
    }
    const [row] = await queryRows<BlockRow>(tx, sql`select ${COLUMNS} from bloqueo_asientos where cbloqueo = ${cbloqueo}`);
    if (!row) throw new NotFoundError('seatBlock.notFound');
    return view(row);
  });
}

/** `GET /rest/operador/bloqueos`: the blocks of departures not yet left, newest first. */
export async function seatBlocks(db: Database, now: Date): Promise<SeatBlock[]> {
  const rows = await queryRows<BlockRow>(db, sql`
    select ${COLUMNS} from bloqueo_asientos where hasta > ${now.toISOString()}::timestamptz order by cbloqueo desc`);
  return rows.map(view);
}
