import { createHmac } from 'node:crypto';
import {
  limaToday,
  WAITLIST_HOLD_MINUTES,
  WAITLIST_MAX_PER_DAY,
  type Language,
  type OperatorWaitlist,
  type WaitlistJoin,
  type WaitlistOffer,
  type WaitlistPlace,
  type WaitlistPlaceView,
  type WaitlistState,
} from '@rumbo/shared/schemas';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { locks } from '../db/lock-order';
import { queryRows, toDate } from '../db/rows';
import { ConflictError, NotFoundError } from '../errors';
import { enqueueMail } from '../mail/outbox';
import { enqueueAccountPush } from '../push/push.queue';
import { ensureSeatRows, freeSeats, hashKey, isExclusionViolation, releaseKeyHolds, seatPrice } from '../seats/seats.service';
import { AVAILABLE, HELD } from '../seats/seats.tables';
import { findTripForSale, isOnSale, SALES_CLOSE_MINUTES, type TripForSale } from '../trips/trips.queries';
import { whatsappRecipient } from '../whatsapp/recipient';
import { enqueueWhatsApp } from '../whatsapp/whatsapp.queue';
import { waitlistOfferMail, waitlistOfferPush, waitlistOfferWhatsApp } from './waitlist-texts';

const MINUTE = 60_000;

/** What the waitlist signs its tokens and offer keys with (the server's secret), and where its links open. */
export interface WaitlistContext {
  secret: string;
  /** The site's origin (SITE_URL): the offer's link opens step 2 there. */
  siteUrl: string;
  /** WhatsApp is configured: an account that turned it on for its trips gets the offer there too. */
  whatsapp?: boolean;
}

/** A place's token: an HMAC of its number, so the place proves itself without a stored secret. */
export const placeToken = (secret: string, cespera: number) => createHmac('sha256', secret).update(`lista-espera:${cespera}`).digest('hex').slice(0, 32);

/**
 * The purchase key of an offer (a UUID, as `/rest/asiento/bloquear` gives them), derived from the
 * place and the instant of the offer: the link's `/rest/espera/oferta` hands it to step 2, and only
 * its hash is stored with the held seats (`viaje_asiento.clave_hash`), as every purchase's is.
 */
export function offerKey(secret: string, cespera: number, ofrecido: Date): string {
  const hex = createHmac('sha256', secret).update(`lista-espera-oferta:${cespera}:${ofrecido.getTime()}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The link of an offer: step 2 with the place and its token (it asks `/rest/espera/oferta` for the held seats). */
export const offerLink = (context: WaitlistContext, cespera: number) =>
  `${context.siteUrl.replace(/\/+$/, '')}/pasajes/asientos?espera=${cespera}&token=${placeToken(context.secret, cespera)}`;

interface PlaceRow {
  cespera: number;
  cviaje: number;
  paradas: string;
  asientos: number;
  correo: string;
  ccuenta: number | null;
  idioma: string;
  estado: WaitlistState;
  oferta_expira: Date | string | null;
  ofrecido: Date | string | null;
}

async function placeView(db: Database, secret: string, place: Pick<PlaceRow, 'cespera' | 'cviaje' | 'paradas' | 'estado' | 'asientos'>): Promise<WaitlistPlaceView> {
  let posicion: number | null = null;
  if (place.estado === 'esperando') {
    const [ahead] = await queryRows<{ n: number }>(db, sql`
      select count(*)::int as n from lista_espera
      where cviaje = ${place.cviaje} and paradas = ${place.paradas}::int4range and estado = 'esperando' and cespera <= ${place.cespera}`);
    posicion = Number(ahead?.n ?? 1);
  }
  return { cespera: Number(place.cespera), token: placeToken(secret, Number(place.cespera)), estado: place.estado, posicion, asientos: Number(place.asientos) };
}

/**
 * `POST /rest/espera`: a place at the end of the queue of the trip's stretch. Only on a trip on
 * sale with fewer free seats on that stretch than asked ("Agotado" for this purchase); at most one
 * active place per customer and stretch, and WAITLIST_MAX_PER_DAY per customer for departures of
 * one day (counted under the customer's lock, so parallel joins cannot slip past it).
 */
export async function joinWaitlist(
  db: Database,
  input: WaitlistJoin,
  who: { ccuenta?: number; correo?: string; language: Language },
  context: WaitlistContext,
  now: Date,
): Promise<WaitlistPlaceView> {
  const correo = (input.email ?? who.correo)?.toLowerCase();
  if (!correo) throw new ConflictError('waitlist.email.invalid');
  const trip = await findTripForSale(db, input.cviaje, undefined, input);
  if (!trip) throw new NotFoundError();
  if (!isOnSale(trip, now)) throw new ConflictError('trip.closed');
  const free = await freeSeats(db, trip, now, input.asientos);
  if (free.length >= input.asientos) throw new ConflictError('waitlist.notSoldOut');
  const dia = limaToday(trip.salida);
  const row = await db.transaction(async (tx) => {
    await locks.waitlistCustomer(tx, correo);
    const [active] = await queryRows<{ n: number; here: number }>(tx, sql`
      select count(*)::int as n,
             count(*) filter (where cviaje = ${trip.cviaje} and paradas = ${trip.stretch.paradas}::int4range)::int as here
      from lista_espera where correo = ${correo} and dia = ${dia} and estado in ('esperando', 'ofrecido')`);
    if (Number(active?.here ?? 0) > 0) throw new ConflictError('waitlist.already');
    if (Number(active?.n ?? 0) >= WAITLIST_MAX_PER_DAY) throw new ConflictError('waitlist.limit');
    const [inserted] = await queryRows<PlaceRow>(tx, sql`
      insert into lista_espera (cviaje, paradas, cterminal_origen, cterminal_destino, asientos, correo, ccuenta, idioma, dia, creado)
      values (${trip.cviaje}, ${trip.stretch.paradas}::int4range, ${trip.cterminal_origen}, ${trip.cterminal_destino}, ${input.asientos}, ${correo},
              ${who.ccuenta ?? null}, ${input.idioma ?? who.language}, ${dia}, ${now.toISOString()}::timestamptz)
      returning cespera, cviaje, paradas::text as paradas, asientos, estado`);
    return inserted!;
  });
  return placeView(db, context.secret, row);
}

/** The place `cespera` if `token` is its own; otherwise not found (a wrong token tells nothing). */
async function provenPlace(db: Database, secret: string, place: WaitlistPlace): Promise<PlaceRow> {
  if (placeToken(secret, place.cespera) !== place.token) throw new NotFoundError('waitlist.notFound');
  const [row] = await queryRows<PlaceRow>(db, sql`
    select cespera, cviaje, paradas::text as paradas, asientos, correo, ccuenta, idioma, estado, oferta_expira, ofrecido
    from lista_espera where cespera = ${place.cespera}`);
  if (!row) throw new NotFoundError('waitlist.notFound');
  return row;
}

/**
 * `POST /rest/espera/baja`: leaves the queue (or lets an offer go): one transaction marks the place
 * and frees the seats held for it (`releaseKeyHolds`) (unless a reservation already waits on them), so the next in
 * line gets them on the job's next run. Leaving twice, or after the place ended, changes nothing.
 */
export async function leaveWaitlist(db: Database, place: WaitlistPlace, context: WaitlistContext, now: Date): Promise<WaitlistPlaceView> {
  await provenPlace(db, context.secret, place);
  await db.transaction(async (tx) => {
    const [left] = await queryRows<{ clave_hash: string | null }>(tx, sql`
      update lista_espera set estado = 'retirado', terminado = ${now.toISOString()}::timestamptz
      where cespera = ${place.cespera} and estado in ('esperando', 'ofrecido')
      returning clave_hash`);
    if (left?.clave_hash) await releaseKeyHolds(tx, left.clave_hash, now);
  });
  return placeView(db, context.secret, await provenPlace(db, context.secret, place));
}

/**
 * `POST /rest/espera/oferta`: the seats held for an offered place, with the offer's purchase key,
 * for step 2 to open with them. Past its window (or never offered): 409 `waitlist.offer.expired`.
 */
export async function openOffer(db: Database, place: WaitlistPlace, context: WaitlistContext, now: Date): Promise<WaitlistOffer> {
  const row = await provenPlace(db, context.secret, place);
  if (row.estado !== 'ofrecido' || !row.ofrecido || !row.oferta_expira || toDate(row.oferta_expira).getTime() <= now.getTime()) {
    throw new ConflictError('waitlist.offer.expired');
  }
  const clave = offerKey(context.secret, Number(row.cespera), toDate(row.ofrecido));
  const trip = await findTripForSale(db, row.cviaje, undefined, { paradas: row.paradas });
  if (!trip) throw new NotFoundError('waitlist.notFound');
  const seats = await queryRows<{ cviaje_asiento: number; nasiento: number; gnivel_piso: number; gcategoria_asiento: number; iasiento_individual: boolean; promocionable: boolean }>(db, sql`
    select va.cviaje_asiento, va.nasiento, va.gnivel_piso, va.gcategoria_asiento, s.iasiento_individual, s.promocionable
    from viaje_asiento va join maqueta_sitio s on s.cmaqueta = ${trip.cmaqueta} and s.nasiento = va.nasiento
    where va.clave_hash = ${hashKey(clave)} and va.gestado_asiento = ${HELD} and va.expira > ${now.toISOString()}::timestamptz
    order by va.nasiento`);
  if (seats.length === 0) throw new ConflictError('waitlist.offer.expired');
  return {
    origen: trip.stretch.origen.terminal.codigo,
    destino: trip.stretch.destino.terminal.codigo,
    fecha: limaToday(trip.salida),
    cviaje: trip.cviaje,
    cterminal_origen: trip.cterminal_origen,
    cterminal_destino: trip.cterminal_destino,
    expira: toDate(row.oferta_expira).toISOString(),
    clave_bloqueo: clave,
    asientos: seats.map((seat) => ({
      cviaje_asiento: Number(seat.cviaje_asiento),
      nasiento: Number(seat.nasiento),
      gnivel_piso: Number(seat.gnivel_piso),
      gcategoria_asiento: Number(seat.gcategoria_asiento),
      precio: seatPrice(trip, seat).precio,
    })),
  };
}

/**
 * Ends offers whose window passed at `now`: `atendido` when a reservation was made with their
 * purchase key, `vencido` otherwise (their seats' holds ended with the window: the next in line
 * gets them).
 */
async function endLapsedOffers(db: Database, now: Date): Promise<void> {
  const nowIso = now.toISOString();
  await db.execute(sql`
    update lista_espera e
    set estado = case when exists (select 1 from reserva r where r.clave_hash = e.clave_hash) then 'atendido' else 'vencido' end,
        terminado = ${nowIso}::timestamptz
    where e.estado = 'ofrecido' and e.oferta_expira <= ${nowIso}::timestamptz`);
}

/** A place's personal data (its e-mail) is kept until PLACE_RETENTION_DAYS after its departure left (docs/decisions.md, "Waitlist"). */
export const PLACE_RETENTION_DAYS = 7;

async function eraseOldPlaces(db: Database, now: Date): Promise<void> {
  await db.execute(sql`
    delete from lista_espera e using viaje v
    where v.cviaje = e.cviaje and v.salida < ${new Date(now.getTime() - PLACE_RETENTION_DAYS * 24 * 60 * MINUTE).toISOString()}::timestamptz`);
}

/** The queues with anyone waiting: one per (departure, stretch). */
async function waitingQueues(db: Database) {
  return queryRows<{ cviaje: number; paradas: string }>(db, sql`
    select distinct cviaje, paradas::text as paradas from lista_espera where estado = 'esperando' order by cviaje, paradas`);
}

/**
 * The waitlist's job (every instance runs it, see `createWaitlistJob`): ends lapsed offers, closes
 * the queues of departures whose sales closed (no seat is ever held for the list once only the
 * counter could sell it), and for every queue offers freed seats to those first in line.
 *
 * Exactly once across instances: a queue is worked by the one transaction that gets its try-lock
 * (`locks.tryAdvisory`, never waiting); a place turns `ofrecido`, its seats are held under the
 * offer's key and its mail (and pushes) are queued in that transaction, so they exist together or
 * not at all. Strictly first come, first served: the head of a queue that wants more seats than
 * are free waits, and so does everyone behind it. Returns how many places were offered seats.
 */
export async function offerFreedSeats(db: Database, context: WaitlistContext, now: Date): Promise<number> {
  await endLapsedOffers(db, now);
  await eraseOldPlaces(db, now);
  let offered = 0;
  for (const queue of await waitingQueues(db)) {
    const trip = await findTripForSale(db, Number(queue.cviaje), undefined, { paradas: queue.paradas });
    if (!trip || !isOnSale(trip, now)) {
      await db.execute(sql`
        update lista_espera set estado = 'cerrado', terminado = ${now.toISOString()}::timestamptz
        where cviaje = ${queue.cviaje} and paradas = ${queue.paradas}::int4range and estado = 'esperando'`);
      continue;
    }
    offered += await db.transaction(async (tx) => {
      if (!(await locks.tryAdvisory(tx, `lista-espera:${trip.cviaje}:${trip.stretch.paradas}`))) return 0;
      let count = 0;
      const heads = await queryRows<PlaceRow>(tx, sql`
        select cespera, cviaje, paradas::text as paradas, asientos, correo, ccuenta, idioma, estado, oferta_expira, ofrecido
        from lista_espera where cviaje = ${trip.cviaje} and paradas = ${trip.stretch.paradas}::int4range and estado = 'esperando'
        order by cespera`);
      for (const head of heads) {
        if (!(await offerTo(tx, trip, head, context, now))) break;
        count += 1;
      }
      return count;
    });
  }
  return offered;
}

/** Holds seats for `place` and queues its messages, in a savepoint; false (nothing changed) when not enough seats are free. */
async function offerTo(tx: Database, trip: TripForSale, place: PlaceRow, context: WaitlistContext, now: Date): Promise<boolean> {
  const free = await freeSeats(tx, trip, now, place.asientos);
  if (free.length < place.asientos) return false;
  const salesClose = trip.salida.getTime() - SALES_CLOSE_MINUTES * MINUTE;
  const until = new Date(Math.min(now.getTime() + WAITLIST_HOLD_MINUTES * MINUTE, salesClose));
  const nowIso = now.toISOString();
  const clave = offerKey(context.secret, Number(place.cespera), now);
  const claveHash = hashKey(clave);
  try {
    return await locks.savepoint(tx, async (sp) => {
      const marked = await queryRows<{ cespera: number }>(sp, sql`
        update lista_espera set estado = 'ofrecido', ofrecido = ${nowIso}::timestamptz, oferta_expira = ${until.toISOString()}::timestamptz, clave_hash = ${claveHash}
        where cespera = ${place.cespera} and estado = 'esperando' returning cespera`);
      if (marked.length === 0) return false;
      await ensureSeatRows(sp, trip);
      const numbers = free.map((seat) => Number(seat.nasiento));
      await locks.seatStretches(sp, numbers.map((nasiento) => ({ cviaje: trip.cviaje, nasiento })));
      const list = sql.join(numbers.map((n) => sql`${n}`), sql`, `);
      // Expired holds of these seats over overlapping stretches leave the exclusion constraint first (as a customer's hold does).
      await sp.execute(sql`
        update viaje_asiento set gestado_asiento = ${AVAILABLE}, clave_hash = null, expira = null, cliente_hash = null, direccion_hash = null
        where cviaje = ${trip.cviaje} and nasiento in (${list}) and paradas && ${trip.stretch.paradas}::int4range
          and paradas <> ${trip.stretch.paradas}::int4range and gestado_asiento = ${HELD} and expira <= ${nowIso}::timestamptz`);
      const held = await queryRows<{ nasiento: number }>(sp, sql`
        update viaje_asiento set gestado_asiento = ${HELD}, clave_hash = ${claveHash}, expira = ${until.toISOString()}::timestamptz, cliente_hash = null, direccion_hash = null
        where cviaje = ${trip.cviaje} and nasiento in (${list}) and paradas = ${trip.stretch.paradas}::int4range
          and (gestado_asiento = ${AVAILABLE} or (gestado_asiento = ${HELD} and expira <= ${nowIso}::timestamptz))
        returning nasiento`);
      // Taken since it was read (a customer's hold won the seat's lock first): nothing of this offer stays.
      if (held.length < numbers.length) throw new SeatsGone();
      // The offer's window is the key's cap: extending its holds never passes it.
      await sp.execute(sql`
        insert into bloqueo_prorroga (clave_hash, prorrogas, tope) values (${claveHash}, 0, ${until.toISOString()}::timestamptz)
        on conflict (clave_hash) do update set prorrogas = 0, tope = excluded.tope`);
      const language = place.idioma === 'en-EN' ? 'en-EN' : 'es-PE';
      const link = offerLink(context, Number(place.cespera));
      await enqueueMail(sp, waitlistOfferMail({ to: place.correo, language, trip, seats: numbers, until, link }));
      if (place.ccuenta !== null) await enqueueAccountPush(sp, Number(place.ccuenta), waitlistOfferPush({ cespera: Number(place.cespera), language, trip, until, link }), now);
      // WhatsApp only for an account that turned it on for its trips (consent `whatsapp` × `servicio`), at its phone.
      const telefono = context.whatsapp && place.ccuenta !== null ? await whatsappRecipient(sp, Number(place.ccuenta), 'servicio') : undefined;
      if (telefono) await enqueueWhatsApp(sp, waitlistOfferWhatsApp({ cespera: Number(place.cespera), telefono, language, trip, until, link }), now);
      return true;
    });
  } catch (error) {
    if (error instanceof SeatsGone || isExclusionViolation(error)) return false;
    throw error;
  }
}

class SeatsGone extends Error {}

/** `GET /rest/operador/espera`: per departure with places waiting or offered, the demand (places, seats) and the offers out. */
export async function operatorWaitlist(db: Database): Promise<OperatorWaitlist> {
  const rows = await queryRows<{ cviaje: number; cruta: number; salida: Date | string; esperando: number; asientos: number; ofrecidos: number }>(db, sql`
    select e.cviaje, v.cruta, v.salida,
           count(*) filter (where e.estado = 'esperando')::int as esperando,
           coalesce(sum(e.asientos) filter (where e.estado = 'esperando'), 0)::int as asientos,
           count(*) filter (where e.estado = 'ofrecido')::int as ofrecidos
    from lista_espera e join viaje v on v.cviaje = e.cviaje
    where e.estado in ('esperando', 'ofrecido')
    group by e.cviaje, v.cruta, v.salida
    order by v.salida, e.cviaje`);
  return rows.map((row) => ({
    cviaje: Number(row.cviaje),
    cruta: Number(row.cruta),
    salida: toDate(row.salida).toISOString(),
    esperando: Number(row.esperando),
    asientos: Number(row.asientos),
    ofrecidos: Number(row.ofrecidos),
  }));
}
