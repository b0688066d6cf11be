import type { PromotionPublishRequest } from '@rumbo/shared/schemas';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/rows';
import { LAYOUTS } from '../trips/layouts';
import { fareFieldsOf } from '../trips/trips.seed';

/**
 * `POST /rest/operador/promocion`: a promotion on the departures of the routes from `origen` to
 * `destino` (cities) leaving on the days from `desde` to `hasta` (Lima): their promotional seats
 * sell `pct` % off (`promocion_pct`, as seats are priced: seats.service.ts `seatPrice`), and their
 * "from" price becomes the lowest a seat sells at: the cheapest fare, or a promotional seat's fare
 * with the discount, each rounded as the seat's price is (the seed's campaign days are priced the
 * same way). Returns how many departures it changed.
 */
export async function publishPromotion(db: Database, input: PromotionPublishRequest): Promise<number> {
  let changed = 0;
  await db.transaction(async (tx) => {
    for (const layout of LAYOUTS) {
      const promotional = [...fareFieldsOf(layout.cmaqueta, true)];
      const all = [...fareFieldsOf(layout.cmaqueta)];
      if (all.length === 0) continue;
      const lowest = sql.raw(all.length === 1 ? `v.${all[0]}` : `least(${all.map((field) => `v.${field}`).join(', ')})`);
      const lowestPromotional = promotional.length === 0 ? null : sql.raw(promotional.length === 1 ? `v.${promotional[0]}` : `least(${promotional.map((field) => `v.${field}`).join(', ')})`);
      const desde = lowestPromotional ? sql`least(${lowest}, round(round(${lowestPromotional}) * (100 - ${input.pct}) / 100))` : sql`null`;
      const rows = await queryRows<{ cviaje: number }>(tx, sql`
        update viaje v set promocion_pct = ${input.pct}, nprecio_desde = ${desde}
        from ruta r
        join terminal o on o.cterminal = r.cterminal_origen join ciudad co on co.cciudad = o.cciudad
        join terminal d on d.cterminal = r.cterminal_destino join ciudad cd on cd.cciudad = d.cciudad
        where v.cruta = r.cruta and v.cmaqueta = ${layout.cmaqueta}
          and co.codigo = ${input.origen} and cd.codigo = ${input.destino}
          and (v.salida at time zone 'America/Lima')::date between ${input.desde}::date and ${input.hasta}::date
        returning v.cviaje`);
      changed += rows.length;
    }
  });
  return changed;
}
