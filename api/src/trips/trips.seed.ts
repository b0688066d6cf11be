import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { LAYOUTS, layoutCells } from './layouts';
import { ROUTES, TERMINALS } from './network';
import { maqueta, maqueta_sitio, ruta, ruta_escala, ruta_horario, terminal } from './trips.tables';

/** Trips are kept on sale this many days ahead; every start adds the days that are missing. */
export const SALES_WINDOW_DAYS = 60;

/**
 * The fare of each class and deck, as a factor of the route's base fare; a layout without that
 * kind of seat leaves the field null. Fridays and Sundays cost 10% more; on Tuesdays and
 * Wednesdays the back rows sell 20% off and the trip advertises a campaign "from" price.
 */
const FARE_FACTORS = {
  edd_calc_140_p1: 1.05,
  edd_calc_140_p2: 1,
  edd_calc_160_p1: 1.45,
  edd_calc_160_p1_individual: 1.6,
  edd_calc_160_p2: 1.3,
  edd_calc_180_p1: 1.8,
  edd_calc_180_p2: 1.7,
} as const;

type FareField = keyof typeof FARE_FACTORS;

/** The fare fields a layout's seats are priced with; `promotional`: only those of its promotional seats. */
export function fareFieldsOf(cmaqueta: number, promotional = false): Set<FareField> {
  const layout = LAYOUTS.find((l) => l.cmaqueta === cmaqueta)!;
  const fields = new Set<FareField>();
  for (const cell of layoutCells(layout)) {
    if (cell.gcategoria_asiento === null || (promotional && !cell.promocionable)) continue;
    const deck = cell.gnivel_piso === 15 ? 1 : 2;
    const individual = cell.iasiento_individual && `edd_calc_${cell.gcategoria_asiento}_p${deck}_individual` in FARE_FACTORS;
    fields.add(`edd_calc_${cell.gcategoria_asiento}_p${deck}${individual ? '_individual' : ''}` as FareField);
  }
  return fields;
}

/** The lowest factor among `fields` (null when none). */
const lowestFactor = (fields: Set<FareField>) => (fields.size ? Math.min(...[...fields].map((field) => FARE_FACTORS[field])) : null);

export async function seedTrips(db: Database): Promise<void> {
  await db.insert(terminal).values([...TERMINALS]).onConflictDoNothing();
  await db
    .insert(maqueta)
    .values(
      LAYOUTS.map((layout) => ({
        cmaqueta: layout.cmaqueta,
        nombre: layout.nombre,
        servicio: layout.servicio,
        pisos: layout.decks.length,
        asientos: layoutCells(layout).filter((cell) => cell.nasiento !== null).length,
      })),
    )
    .onConflictDoNothing();
  await db.insert(maqueta_sitio).values(LAYOUTS.flatMap(layoutCells)).onConflictDoNothing();
  await db
    .insert(ruta)
    .values(ROUTES.map(({ escalas: _e, horarios: _h, ...route }) => route))
    .onConflictDoNothing();
  const stops = ROUTES.flatMap((route) => route.escalas.map((stop, i) => ({ cruta: route.cruta, orden: i + 1, ...stop })));
  await db.insert(ruta_escala).values(stops).onConflictDoNothing();
  await db
    .insert(ruta_horario)
    .values(ROUTES.flatMap((route) => route.horarios.map((h) => ({ cruta: route.cruta, ...h }))))
    .onConflictDoNothing();
  await addTripDays(db);
}

/**
 * One statement creates every missing trip from today (Lima) to SALES_WINDOW_DAYS ahead: each
 * route's daily departures, priced from the route's base fare for the layout that runs them.
 */
export async function addTripDays(db: Database): Promise<void> {
  const fields = Object.keys(FARE_FACTORS) as FareField[];
  // Per layout: each field's factor, the lowest factor of any seat, the lowest of a promotional seat.
  const factorRows = LAYOUTS.map((layout) => {
    const present = fareFieldsOf(layout.cmaqueta);
    const factors = fields.map((field) => (present.has(field) ? sql`${FARE_FACTORS[field]}::numeric` : sql`null::numeric`));
    const promo = lowestFactor(fareFieldsOf(layout.cmaqueta, true));
    return sql`(${layout.cmaqueta}::int, ${sql.join(factors, sql`, `)}, ${lowestFactor(present)}::numeric, ${promo}::numeric)`;
  });
  const fare = (field: FareField) => sql.raw(`round(r.precio_base * d.recargo * f.${field})`);
  // A campaign day's "from" price is a price a seat sells at: the cheapest seat, or a promotional
  // seat at its campaign price (seatPrice: the fare, then the percentage off, each rounded).
  await db.execute(sql`
    with f(cmaqueta, ${sql.raw(fields.join(', '))}, desde_factor, promo_factor) as (values ${sql.join(factorRows, sql`, `)}),
    d as (
      select day::date as dia,
             case when extract(dow from day) in (0, 5) then 1.1 else 1 end as recargo,
             case when extract(dow from day) in (2, 3) then 20 else 0 end as promocion_pct
      from generate_series((now() at time zone 'America/Lima')::date,
                           (now() at time zone 'America/Lima')::date + ${SALES_WINDOW_DAYS}::int, interval '1 day') as day
    )
    insert into viaje (cruta, cmaqueta, salida, llegada, ${sql.raw(fields.join(', '))}, nprecio_desde, promocion_pct)
    select r.cruta, h.cmaqueta,
           (d.dia + h.hora) at time zone 'America/Lima',
           (d.dia + h.hora) at time zone 'America/Lima' + make_interval(mins => r.duracion_min),
           ${sql.join(fields.map(fare), sql`, `)},
           case when d.promocion_pct > 0 and f.promo_factor is not null
                then least(round(r.precio_base * d.recargo * f.desde_factor),
                           round(round(r.precio_base * d.recargo * f.promo_factor) * (100 - d.promocion_pct) / 100))
           end,
           d.promocion_pct
    from ruta r
    join ruta_horario h on h.cruta = r.cruta
    join f on f.cmaqueta = h.cmaqueta
    cross join d
    on conflict (cruta, salida) do nothing
  `);
}
