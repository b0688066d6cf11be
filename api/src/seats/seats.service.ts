import { createHash, createHmac, randomUUID } from 'node:crypto';
import { locks } from '../db/lock-order';
import {
  fareFieldOf,
  HOLD_MAX_MINUTES,
  HOLD_MINUTES,
  MAX_SEATS,
  type SeatCell,
  type SeatHoldRequest,
  type SeatHoldResult,
  type SeatMap,
  type SeatMapRequest,
} from '@rumbo/shared/schemas';
import { DEVICE_ID_PATTERN } from '@rumbo/shared/schemas';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/rows';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors';
import { findTripForSale, isOnSale, type TripForSale } from '../trips/trips.queries';
import { AVAILABLE, HELD, SOLD } from './seats.tables';

const SEAT = 1;

/**
 * What one device (an address and its browser) may hold at once on one trip, whatever the number
 * of purchase keys: two full purchases. Counted in PostgreSQL, so it holds across API instances.
 */
export const CLIENT_SEAT_LIMIT = 10;

/**
 * What one address may hold at once on one trip, whatever its devices and keys (issue 32 item 4):
 * customers behind one address (an office, a carrier's NAT) share it, so it is four full purchases
 * and it only refuses: it never frees anyone's seats. It is what still bounds one client that
 * changes its browser or keys.
 */
export const ADDRESS_SEAT_LIMIT = 20;

/** How a client's address is stored with its holds: keyed, so the column cannot be read back into addresses. */
export const hashClient = (address: string, secret: string) => createHmac('sha256', secret).update(`hold-client:${address}`).digest('hex');

/** Who holds: the device (`cliente_hash`) and its address (`direccion_hash`), both keyed hashes. */
export interface HoldClient {
  device: string;
  address: string;
}

/**
 * The keyed hashes of a hold's address and of its device: the address with its browser's User-Agent
 * and the id the browser keeps (`DEVICE_HEADER`; issue 45 item 5), when it sends one that looks like
 * one. Without it, customers behind one address with the same browser are one device.
 */
export const holdClientOf = (address: string, userAgent: string | undefined, secret: string, deviceId?: string): HoldClient => ({
  address: hashClient(address, secret),
  device: hashClient(`${address}|${userAgent ?? ''}${deviceId !== undefined && DEVICE_ID_PATTERN.test(deviceId) ? `|${deviceId}` : ''}`, secret),
});

/** How a purchase key is stored (only its SHA-256 leaves the buyer's browser). */
export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** The trip the body names over the stretch between its two terminals, on sale (from the boarding stop). */
async function tripOnSale(
  db: Database,
  body: Pick<SeatMapRequest, 'cviaje' | 'cterminal_origen' | 'cterminal_destino'>,
  now: Date,
  withSeats = false,
) {
  return checkOnSale(await findTripForSale(db, body.cviaje, withSeats ? now : undefined, body), now);
}

function checkOnSale(trip: TripForSale | undefined, now: Date): TripForSale {
  if (!trip) throw new NotFoundError();
  if (!isOnSale(trip, now)) throw new ConflictError('trip.closed');
  return trip;
}

/**
 * A trip's seat rows over a stretch are created from its layout the first time anyone looks at
 * or picks a seat on that stretch; concurrent first calls insert the same rows, and the unique
 * (cviaje, nasiento, paradas) keeps one.
 */
export async function ensureSeatRows(db: Database, trip: TripForSale): Promise<void> {
  await db.execute(sql`
    insert into viaje_asiento (cviaje, nasiento, paradas, gnivel_piso, gcategoria_asiento)
    select ${trip.cviaje}::int, nasiento, ${trip.stretch.paradas}::int4range, gnivel_piso, gcategoria_asiento
    from maqueta_sitio where cmaqueta = ${trip.cmaqueta} and gobjeto_sitio = ${SEAT}
    on conflict (cviaje, nasiento, paradas) do nothing`);
  if (trip.stretch.desde === 0 && trip.stretch.hasta === trip.route.stops.length - 1) {
    await db.execute(sql`update viaje set asientos_creados = true where cviaje = ${trip.cviaje} and not asientos_creados`);
  }
}

interface Priced {
  precio: number;
  promocion: number | null;
}

/**
 * The server's price of a seat: the trip's fare for its class and deck (`_individual` for a
 * single seat where the trip has such a fare), the promotional price on promotional seats.
 */
export function seatPrice(
  trip: Pick<TripForSale, 'fares' | 'promocion_pct'>,
  seat: { gcategoria_asiento: number; gnivel_piso: number; iasiento_individual: boolean; promocionable: boolean },
): Priced {
  const base = fareFieldOf(seat);
  const fare = (seat.iasiento_individual ? trip.fares[fareFieldOf(seat, true)] : null) ?? trip.fares[base];
  if (fare === null || fare === undefined) throw new Error(`trip has no fare ${base} for a seat of its layout`);
  if (!seat.promocionable || trip.promocion_pct <= 0) return { precio: fare, promocion: null };
  const promocion = Math.round((fare * (100 - trip.promocion_pct)) / 100);
  return { precio: promocion, promocion };
}

interface LayoutCellRow {
  nasiento: number | null;
  gnivel_piso: number;
  gobjeto_sitio: number;
  xposicion: number;
  yposicion: number;
  gcategoria_asiento: number | null;
  iasiento_individual: boolean;
  promocionable: boolean;
  preferencial: boolean;
}

/**
 * Layouts are reference data (seeded from code, changed only by a deploy), so each process reads
 * a layout once; the seat map then reads only the trip's seat states.
 */
const layoutCache = new WeakMap<Database, Map<number, Promise<LayoutCellRow[]>>>();

function layoutOf(db: Database, cmaqueta: number): Promise<LayoutCellRow[]> {
  let layouts = layoutCache.get(db);
  if (!layouts) layoutCache.set(db, (layouts = new Map()));
  let cells = layouts.get(cmaqueta);
  if (!cells) {
    cells = queryRows<LayoutCellRow>(db, sql`
      select nasiento, gnivel_piso, gobjeto_sitio, xposicion, yposicion, gcategoria_asiento,
             iasiento_individual, promocionable, preferencial
      from maqueta_sitio where cmaqueta = ${cmaqueta}
      order by gnivel_piso, yposicion, xposicion`);
    cells.catch(() => layouts.delete(cmaqueta));
    layouts.set(cmaqueta, cells);
  }
  return cells;
}

/**
 * Seat-map reads of one trip that arrive while one is already running share its answer: on a
 * popular departure many customers open the same map at once, and a read that started a few
 * milliseconds earlier is as fresh as the map a customer looks at (holds are decided by the
 * hold statement, never by a map).
 */
const mapReads = new WeakMap<Database, Map<string, Promise<TripForSale | undefined>>>();

function readTripSeats(db: Database, body: SeatMapRequest, now: Date): Promise<TripForSale | undefined> {
  let reads = mapReads.get(db);
  if (!reads) mapReads.set(db, (reads = new Map()));
  const key = `${body.cviaje}:${body.cterminal_origen}:${body.cterminal_destino}`;
  let read = reads.get(key);
  if (!read) {
    read = findTripForSale(db, body.cviaje, now, body).finally(() => reads.delete(key));
    reads.set(key, read);
  }
  return read;
}

/**
 * `POST /rest/maqueta`: every non-empty cell of the trip's bus, seats with their state and price
 * over the stretch asked (sold or held on any overlapping stretch reads 82/84).
 */
export async function seatMap(db: Database, body: SeatMapRequest, now: Date): Promise<SeatMap> {
  let trip = checkOnSale(await readTripSeats(db, body, now), now);
  const layout = await layoutOf(db, trip.cmaqueta);
  const seatCount = layout.filter((cell) => cell.gobjeto_sitio === SEAT && cell.nasiento !== null).length;
  if (trip.seats!.filter((state) => state[1] !== null).length < seatCount) {
    await ensureSeatRows(db, trip);
    trip = await tripOnSale(db, body, now, true);
  }
  const states = new Map(trip.seats!.map(([nasiento, cviaje_asiento, gestado]) => [nasiento, { cviaje_asiento, gestado }]));
  const asientos = layout.map((cell): SeatCell => {
    const isSeat = cell.gobjeto_sitio === SEAT && cell.gcategoria_asiento !== null && cell.nasiento !== null;
    const state = isSeat ? states.get(cell.nasiento!) : undefined;
    const price = isSeat ? seatPrice(trip, { ...cell, gcategoria_asiento: cell.gcategoria_asiento! }) : null;
    const promotional = price?.promocion != null;
    return {
      nasiento: cell.nasiento,
      gnivel_piso: cell.gnivel_piso,
      gobjeto_sitio: cell.gobjeto_sitio,
      gestado_asiento: state?.gestado ?? null,
      iescala: 0,
      gcategoria_asiento: cell.gcategoria_asiento,
      ipromocion_asiento: promotional ? 1 : 0,
      cvariacion: promotional ? trip.promocion_pct : null,
      dvariacion: promotional ? `-${trip.promocion_pct}%` : null,
      iasiento_individual: cell.iasiento_individual ? 1 : 0,
      diasiento_individual: cell.iasiento_individual ? 'INDIVIDUAL' : null,
      xposicion: cell.xposicion,
      yposicion: cell.yposicion,
      promocion: price?.promocion ?? null,
      cviaje_asiento: state?.cviaje_asiento ?? null,
      precio: price?.precio ?? null,
    };
  });
  const especiales = layout
    .filter((cell) => cell.preferencial && cell.nasiento !== null)
    .map((cell) => ({ nasiento: cell.nasiento!, gnivel_piso: cell.gnivel_piso, tipo: 'preferencial' as const }));
  return { asientos, especiales };
}

interface SeatRow {
  cviaje_asiento: number;
  gnivel_piso: number;
  gcategoria_asiento: number;
  iasiento_individual: boolean;
  promocionable: boolean;
}

/** Seats of the trip's layout free over its stretch at `now` (none sold or live-held on an overlapping stretch), lowest numbers first. */
export async function freeSeats(db: Database, trip: TripForSale, now: Date, limit: number) {
  return queryRows<{ nasiento: number }>(db, sql`
    select s.nasiento from maqueta_sitio s
    where s.cmaqueta = ${trip.cmaqueta} and s.gobjeto_sitio = ${SEAT} and s.nasiento is not null
      and not exists (
        select 1 from viaje_asiento o
        where o.cviaje = ${trip.cviaje} and o.nasiento = s.nasiento and o.paradas && ${trip.stretch.paradas}::int4range
          and (o.gestado_asiento = ${SOLD} or (o.gestado_asiento = ${HELD} and o.expira > ${now.toISOString()}::timestamptz)))
    order by s.nasiento
    limit ${limit}`);
}

/**
 * Frees the seats the purchase key `keyHash` holds, except those of a reservation waiting for its
 * payment (they stay held until it lapses): the one way a waitlist offer let go and an operator's
 * block released give seats back. Nothing tells anyone here: the waitlist's job
 * (`offerFreedSeats`, every 10 s on every instance) finds every seat free on a stretch with people
 * waiting, however it came free, and offers it to the first in line. Answers how many rows it freed.
 */
export async function releaseKeyHolds(db: Database, keyHash: string, now: Date): Promise<number> {
  const nowIso = now.toISOString();
  const freed = await queryRows<{ cviaje_asiento: number }>(db, sql`
    update viaje_asiento set gestado_asiento = ${AVAILABLE}, clave_hash = null, expira = null, cliente_hash = null, direccion_hash = null
    where clave_hash = ${keyHash} and gestado_asiento = ${HELD}
      and not exists (
        select 1 from reserva_asiento ra join reserva r on r.creserva = ra.creserva
        where ra.cviaje_asiento = viaje_asiento.cviaje_asiento and r.estado = 'pendiente' and r.expira > ${nowIso}::timestamptz)
    returning cviaje_asiento`);
  return freed.length;
}

/** The seat's row over the trip's stretch. */
async function findSeat(db: Database, trip: TripForSale, nasiento: number): Promise<SeatRow | undefined> {
  const rows = await queryRows<SeatRow>(db, sql`
    select va.cviaje_asiento, va.gnivel_piso, va.gcategoria_asiento, s.iasiento_individual, s.promocionable
    from viaje_asiento va
    join maqueta_sitio s on s.cmaqueta = ${trip.cmaqueta} and s.nasiento = va.nasiento
    where va.cviaje = ${trip.cviaje} and va.nasiento = ${nasiento} and va.paradas = ${trip.stretch.paradas}::int4range`);
  const row = rows[0];
  return row && { ...row, cviaje_asiento: Number(row.cviaje_asiento) };
}

/**
 * `POST /rest/asiento/bloquear`: 84 holds a seat for HOLD_MINUTES, 83 releases it.
 *
 * A hold is one conditional UPDATE: it takes the row only if the seat is free (never held, held
 * past its expiry, or already held by this same purchase), so of any number of concurrent
 * requests for a seat exactly one wins. The purchase key (`clave_bloqueo`) is only stored hashed.
 * The 5-seat limit is counted under a transaction-scoped advisory lock on the key, so one
 * purchase's parallel requests cannot slip past it together.
 *
 * Issue 15 and issue 32 item 4: what one device (`client.device`: its address and browser) holds on
 * the trip is bounded by CLIENT_SEAT_LIMIT and what one address holds by ADDRESS_SEAT_LIMIT,
 * whatever the number of purchase keys, counted in the database under a second advisory lock
 * (trip + address: `locks.holdClient`, after the key's in the one lock order of
 * src/db/lock-order.ts). See `boundClient` for starting over at the bound.
 */
export async function changeSeat(db: Database, body: SeatHoldRequest, now: Date, client: HoldClient | null = null): Promise<SeatHoldResult> {
  const trip = await tripOnSale(db, body, now);
  let seat = await findSeat(db, trip, body.nasiento);
  if (!seat) {
    await ensureSeatRows(db, trip);
    seat = await findSeat(db, trip, body.nasiento);
  }
  if (!seat) throw new NotFoundError();
  if (seat.cviaje_asiento !== body.cviaje_asiento) throw new InvalidInputError('request.invalid', 'cviaje_asiento');
  const nowIso = now.toISOString();
  const result = (gestado_asiento: number, expira: string | null, clave_bloqueo: string): SeatHoldResult => ({
    cviaje: trip.cviaje,
    cviaje_asiento: seat.cviaje_asiento,
    nasiento: body.nasiento,
    gnivel_piso: seat.gnivel_piso,
    gcategoria_asiento: seat.gcategoria_asiento,
    gestado_asiento,
    expira,
    clave_bloqueo,
    precio: seatPrice(trip, seat).precio,
  });

  if (body.gestado_asiento === AVAILABLE) {
    if (!body.clave_bloqueo) throw new InvalidInputError('seat.notHeld', 'clave_bloqueo');
    const rows = await queryRows<unknown>(db, sql`
      update viaje_asiento set gestado_asiento = ${AVAILABLE}, clave_hash = null, expira = null, cliente_hash = null, direccion_hash = null
      where cviaje_asiento = ${seat.cviaje_asiento}
        and ((gestado_asiento = ${HELD} and clave_hash = ${hashKey(body.clave_bloqueo)})
             or gestado_asiento = ${AVAILABLE}
             or (gestado_asiento = ${HELD} and expira <= ${nowIso}::timestamptz))
        -- A seat of a reservation waiting for its payment stays held until the reservation lapses.
        and not exists (
          select 1 from reserva_asiento ra join reserva r on r.creserva = ra.creserva
          where ra.cviaje_asiento = viaje_asiento.cviaje_asiento and r.estado = 'pendiente' and r.expira > ${nowIso}::timestamptz)
      returning cviaje_asiento`);
    // Releasing a seat that is already free (expired, released twice) is done; one that someone
    // else holds or bought is not this purchase's to release.
    if (rows.length === 0) throw new ConflictError('seat.notHeld');
    return result(AVAILABLE, null, body.clave_bloqueo);
  }

  const key = body.clave_bloqueo ?? randomUUID();
  const keyHash = hashKey(key);
  const hold = seat;
  try {
    return await db.transaction(async (tx) => {
    await locks.purchaseKey(tx, keyHash);
    const counted = await queryRows<{ n: number }>(tx, sql`
      select count(*)::int as n from viaje_asiento
      where cviaje = ${trip.cviaje} and clave_hash = ${keyHash} and gestado_asiento = ${HELD}
        and expira > ${nowIso}::timestamptz and cviaje_asiento <> ${seat.cviaje_asiento}`);
    if (Number(counted[0]?.n ?? 0) >= MAX_SEATS) throw new ConflictError('seat.limit');
    if (client) await boundClient(tx, trip.cviaje, seat.cviaje_asiento, client, keyHash, !body.clave_bloqueo, nowIso);
    await leaveOtherStretches(tx, trip, keyHash, nowIso);
    let end = await holdEnd(tx, keyHash, now);
    if (client) end = await seatCap(tx, client.device, seat.cviaje_asiento, now, end);
    // Holds of one seat queue here (the seats step of the lock order); the exclusion constraint
    // viaje_asiento_paradas_excl is what refuses an overlap.
    await locks.seatStretches(tx, [{ cviaje: trip.cviaje, nasiento: body.nasiento }]);
    // Expired holds of this seat over stretches that overlap this one are free: they leave the
    // constraint before this hold enters it.
    await tx.execute(sql`
      update viaje_asiento set gestado_asiento = ${AVAILABLE}, clave_hash = null, expira = null, cliente_hash = null, direccion_hash = null
      where cviaje = ${trip.cviaje} and nasiento = ${body.nasiento} and paradas && ${trip.stretch.paradas}::int4range
        and cviaje_asiento <> ${hold.cviaje_asiento} and gestado_asiento = ${HELD} and expira <= ${nowIso}::timestamptz`);
    const rows = await queryRows<{ expira: string | Date }>(tx, sql`
      update viaje_asiento set gestado_asiento = ${HELD}, clave_hash = ${keyHash}, cliente_hash = ${client?.device ?? null}, direccion_hash = ${client?.address ?? null},
        -- Holding again never shortens a hold (a reservation extends its seats' holds to its expiry),
        -- and never lengthens it past the key's cap (holdEnd).
        expira = greatest(${end.toISOString()}::timestamptz, case when clave_hash = ${keyHash} and gestado_asiento = ${HELD} then expira end)
      where cviaje_asiento = ${seat.cviaje_asiento}
        and (gestado_asiento = ${AVAILABLE}
             or (gestado_asiento = ${HELD} and (expira <= ${nowIso}::timestamptz or clave_hash = ${keyHash})))
      returning expira`);
    const held = rows[0];
    if (!held) throw new ConflictError('seat.taken');
    const until = new Date(held.expira);
    // Past the key's cap, a seat it did not hold already would be held for no time at all.
    if (until.getTime() <= now.getTime()) throw new ConflictError('hold.extensionLimit');
    return result(HELD, until.toISOString(), key);
    });
  } catch (error) {
    // Sold or held on an overlapping stretch: the database refused it.
    if (isExclusionViolation(error)) throw new ConflictError('seat.taken');
    throw error;
  }
}

/**
 * Issue 32 item 3: when a hold taken now by the key ends: HOLD_MINUTES from now, never past the
 * key's cap (`bloqueo_prorroga.tope`, HOLD_MAX_MINUTES after the key's first hold), so re-sending
 * `/rest/asiento/bloquear` with the key moves no hold's end further than `/rest/asiento/extender`
 * may. The cap is set by the key's first hold and starts over (with its extensions counted again)
 * only once it has passed: then every seat of the key was back on sale at its end, and the key is
 * like a new one. Issue 45 item 5: a release (83) or a hold that lapsed before the cap starts
 * nothing over; before, releasing and holding again gave the key a new cap and fresh extensions,
 * a way to keep a seat for ever. Runs under the key's lock.
 */
async function holdEnd(tx: Database, keyHash: string, now: Date): Promise<Date> {
  const nowIso = now.toISOString();
  const live = await queryRows<{ n: number; primera: string | Date | null }>(tx, sql`
    select count(*)::int as n, min(expira) as primera from viaje_asiento
    where clave_hash = ${keyHash} and gestado_asiento = ${HELD} and expira > ${nowIso}::timestamptz`);
  const n = Number(live[0]?.n ?? 0);
  if (n === 0) {
    const tope = new Date(now.getTime() + HOLD_MAX_MINUTES * 60_000).toISOString();
    await tx.execute(sql`
      insert into bloqueo_prorroga (clave_hash, prorrogas, tope) values (${keyHash}, 0, ${tope}::timestamptz)
      on conflict (clave_hash) do update set prorrogas = 0, tope = excluded.tope where bloqueo_prorroga.tope <= ${nowIso}::timestamptz`);
  } else {
    // Holds taken before the cap was stored with the first hold: counted from the earliest one's start.
    const first = new Date(new Date(live[0]!.primera!).getTime() - HOLD_MINUTES * 60_000 + HOLD_MAX_MINUTES * 60_000).toISOString();
    await tx.execute(sql`
      insert into bloqueo_prorroga (clave_hash, prorrogas, tope) values (${keyHash}, 0, ${first}::timestamptz)
      on conflict (clave_hash) do nothing`);
  }
  const rows = await queryRows<{ tope: string | Date }>(tx, sql`select tope from bloqueo_prorroga where clave_hash = ${keyHash}`);
  return new Date(Math.min(now.getTime() + HOLD_MINUTES * 60_000, new Date(rows[0]!.tope).getTime()));
}

/**
 * Issue 45 item 5: the cap belongs to the customer and the seat too, not only to the purchase key:
 * a customer (`device`: address and browser) who releases a seat and holds it again under a new
 * key stays within the cap of their first hold of it. Stored as a `bloqueo_prorroga` row of its
 * own (`seatCapKey`), set by the customer's first hold of the seat and started over only once it
 * has passed (the seat was on sale for everyone at its end). Answers `end`, never past that cap.
 * Runs under the hold's locks (the key's, and the client's on the trip: `boundClient`).
 */
async function seatCap(tx: Database, device: string, cviaje_asiento: number, now: Date, end: Date): Promise<Date> {
  const nowIso = now.toISOString();
  const capKey = seatCapKey(device, cviaje_asiento);
  const tope = new Date(now.getTime() + HOLD_MAX_MINUTES * 60_000).toISOString();
  await tx.execute(sql`
    insert into bloqueo_prorroga (clave_hash, prorrogas, tope) values (${capKey}, 0, ${tope}::timestamptz)
    on conflict (clave_hash) do update set tope = excluded.tope where bloqueo_prorroga.tope <= ${nowIso}::timestamptz`);
  const rows = await queryRows<{ tope: string | Date }>(tx, sql`select tope from bloqueo_prorroga where clave_hash = ${capKey}`);
  return new Date(Math.min(end.getTime(), new Date(rows[0]!.tope).getTime()));
}

/**
 * The `bloqueo_prorroga` row of one customer's cap on one seat: never a key's hash (those are
 * 64 hex digits), and `extendHolds` finds it from the hold's own row (the same text, built in SQL).
 */
export const seatCapKey = (device: string, cviaje_asiento: number) => `asiento:${device}:${cviaje_asiento}`;

/** PostgreSQL's exclusion_violation (23P01), through either driver and Drizzle's wrapping. */
export function isExclusionViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23P01') return true;
  }
  return false;
}

/**
 * A purchase holds seats of a trip over one stretch (its reservation, tickets and mails name one
 * boarding and one alighting stop per trip). Holding on another stretch of the trip (the customer
 * went back and chose other cities) releases the key's holds on the others, unless a reservation
 * waits on them.
 */
async function leaveOtherStretches(tx: Database, trip: TripForSale, keyHash: string, nowIso: string) {
  const others = await queryRows<{ cviaje_asiento: number; reserved: boolean }>(tx, sql`
    select va.cviaje_asiento, exists (
      select 1 from reserva_asiento ra join reserva r on r.creserva = ra.creserva
      where ra.cviaje_asiento = va.cviaje_asiento and r.estado = 'pendiente' and r.expira > ${nowIso}::timestamptz) as reserved
    from viaje_asiento va
    where va.cviaje = ${trip.cviaje} and va.clave_hash = ${keyHash} and va.gestado_asiento = ${HELD}
      and va.expira > ${nowIso}::timestamptz and va.paradas <> ${trip.stretch.paradas}::int4range`);
  if (others.length === 0) return;
  if (others.some((row) => row.reserved)) throw new InvalidInputError('request.invalid', 'cterminal_origen');
  await tx.execute(sql`
    update viaje_asiento set gestado_asiento = ${AVAILABLE}, clave_hash = null, expira = null, cliente_hash = null, direccion_hash = null
    where cviaje_asiento in (${sql.join(others.map((row) => sql`${Number(row.cviaje_asiento)}`), sql`, `)})
      and clave_hash = ${keyHash} and gestado_asiento = ${HELD}`);
}

/** Seats held on a trip (unexpired) by a device or an address (`column`), not counting `except`. */
async function heldBy(db: Database, cviaje: number, except: number, column: 'cliente_hash' | 'direccion_hash', hash: string, nowIso: string): Promise<number> {
  const rows = await queryRows<{ n: number }>(db, sql`
    select count(*)::int as n from viaje_asiento
    where cviaje = ${cviaje} and ${sql.identifier(column)} = ${hash} and gestado_asiento = ${HELD}
      and expira > ${nowIso}::timestamptz and cviaje_asiento <> ${except}`);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Keeps a device within CLIENT_SEAT_LIMIT and its address within ADDRESS_SEAT_LIMIT on a trip
 * before it takes one more seat (see changeSeat). Runs in the hold's transaction, under an advisory
 * lock on the trip and the address (a device is one of its address's, so both counts are serialised).
 *
 * Issue 32 item 4: a device at its bound that starts over (a hold without a key) gets its own
 * abandoned holds released: those of its other purchase keys with no passenger named and no
 * reservation waiting. Another device's holds (another customer behind the same address) and a
 * purchase with passengers are never released; an address at its bound is refused, nothing freed.
 */
async function boundClient(db: Database, cviaje: number, cviaje_asiento: number, client: HoldClient, keyHash: string, startingOver: boolean, nowIso: string) {
  await locks.holdClient(db, cviaje, client.address);
  if ((await heldBy(db, cviaje, cviaje_asiento, 'cliente_hash', client.device, nowIso)) >= CLIENT_SEAT_LIMIT) {
    if (!startingOver) throw new ConflictError('seat.clientLimit');
    await db.execute(sql`
      update viaje_asiento set gestado_asiento = ${AVAILABLE}, clave_hash = null, expira = null, cliente_hash = null, direccion_hash = null
      where cviaje = ${cviaje} and cliente_hash = ${client.device} and gestado_asiento = ${HELD}
        and expira > ${nowIso}::timestamptz and clave_hash <> ${keyHash} and cviaje_asiento <> ${cviaje_asiento}
        and not exists (
          select 1 from asiento_pasajero ap
          where ap.cviaje_asiento = viaje_asiento.cviaje_asiento and ap.clave_hash = viaje_asiento.clave_hash)
        and not exists (
          select 1 from reserva_asiento ra join reserva r on r.creserva = ra.creserva
          where ra.cviaje_asiento = viaje_asiento.cviaje_asiento and r.estado = 'pendiente' and r.expira > ${nowIso}::timestamptz)`);
    if ((await heldBy(db, cviaje, cviaje_asiento, 'cliente_hash', client.device, nowIso)) >= CLIENT_SEAT_LIMIT) throw new ConflictError('seat.clientLimit');
  }
  if ((await heldBy(db, cviaje, cviaje_asiento, 'direccion_hash', client.address, nowIso)) >= ADDRESS_SEAT_LIMIT) throw new ConflictError('seat.clientLimit');
}
