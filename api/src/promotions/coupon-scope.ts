import { TZDate } from '@date-fns/tz';
import { getISODay } from 'date-fns';
import { LIMA_TIME_ZONE } from '@rumbo/shared/schemas';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/rows';
import { InvalidInputError } from '../errors';
import type { promocion } from './promotions.tables';

type Promotion = typeof promocion.$inferSelect;

/** What the coupon's conditions look at of a seat of the purchase. */
export interface ScopedSeat {
  cviaje: number;
  gcategoria_asiento: number;
}

/** What they look at of a trip of the purchase. */
export interface ScopedTrip {
  cviaje: number;
  salida: Date;
}

/** The origin and destination city of each trip. */
async function tripCities(db: Database, cviajes: number[]): Promise<Map<number, { origen: number; destino: number }>> {
  const rows = await queryRows<{ cviaje: number; origen: number; destino: number }>(db, sql`
    select v.cviaje, o.cciudad as origen, d.cciudad as destino
    from viaje v join ruta r on r.cruta = v.cruta
    join terminal o on o.cterminal = r.cterminal_origen
    join terminal d on d.cterminal = r.cterminal_destino
    where v.cviaje in (${sql.join(cviajes.map((c) => sql`${c}`), sql`, `)})`);
  return new Map(rows.map((row) => [Number(row.cviaje), { origen: Number(row.origen), destino: Number(row.destino) }]));
}

/** ISO weekday (1 Monday … 7 Sunday) of a departure, Lima time. */
export const limaWeekday = (date: Date) => getISODay(new TZDate(date, LIMA_TIME_ZONE));

/**
 * The seats of a purchase a current coupon discounts: its conditions (`promocion` columns) are
 * checked in turn: tickets per purchase, destination, origin, weekday of departure, tickets on
 * the same trip, seat class. Each keeps the seats that meet it; when none is left the coupon does
 * not apply and the error names the condition that failed (`sale.cupon.*`, field `cupon`).
 */
export async function couponSeats<S extends ScopedSeat>(db: Database, promo: Promotion, seats: S[], trips: ScopedTrip[]): Promise<S[]> {
  if (promo.max_pasajes !== null && seats.length > promo.max_pasajes) throw new InvalidInputError('sale.cupon.maximo', 'cupon');
  const cities = await tripCities(db, trips.map((t) => t.cviaje));
  const departure = new Map(trips.map((t) => [t.cviaje, t.salida]));
  const perTrip = new Map<number, number>();
  for (const seat of seats) perTrip.set(seat.cviaje, (perTrip.get(seat.cviaje) ?? 0) + 1);

  const conditions: [code: 'sale.cupon.destino' | 'sale.cupon.origen' | 'sale.cupon.dia' | 'sale.cupon.minimo' | 'sale.cupon.clase', meets: (seat: S) => boolean][] = [
    ['sale.cupon.destino', (s) => promo.cciudad === null || cities.get(s.cviaje)?.destino === promo.cciudad],
    ['sale.cupon.origen', (s) => promo.cciudad_origen === null || cities.get(s.cviaje)?.origen === promo.cciudad_origen],
    ['sale.cupon.dia', (s) => promo.dias_salida.length === 0 || promo.dias_salida.includes(limaWeekday(departure.get(s.cviaje)!))],
    ['sale.cupon.minimo', (s) => (perTrip.get(s.cviaje) ?? 0) >= promo.min_pasajes],
    ['sale.cupon.clase', (s) => promo.categorias.length === 0 || promo.categorias.includes(s.gcategoria_asiento)],
  ];
  let applies = seats;
  for (const [code, meets] of conditions) {
    applies = applies.filter(meets);
    if (applies.length === 0) throw new InvalidInputError(code, 'cupon');
  }
  return applies;
}
