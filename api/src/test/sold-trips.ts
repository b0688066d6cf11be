import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/rows';
import { insertReservation } from '../sales/reservations';
import { boleto, reserva_asiento, ticketPassenger } from '../sales/sales.tables';
import { ticketQr } from '../sales/tickets';

/**
 * `buses` departures (from the day after tomorrow, of buses with at least `passengers` seats) with
 * their first `passengers` seats sold, one paid purchase per ticket (half bought in Spanish, half
 * in English), written straight to the database: what a disruption's bench and cluster test need
 * without 600 purchases through the API. Mails go to `{prefix}.{n}@example.pe`.
 */
export async function sellWholeTrips(db: Database, options: { buses: number; passengers: number; secret: string; prefix: string; skip?: number }) {
  const { buses, passengers, secret, prefix } = options;
  const trips = await queryRows<{ cviaje: number; cmaqueta: number; escalas: number }>(db, sql`
    select v.cviaje, v.cmaqueta, (select count(*)::int from ruta_escala e where e.cruta = v.cruta) as escalas
    from viaje v join maqueta m on m.cmaqueta = v.cmaqueta
    where m.asientos >= ${passengers} and v.salida > now() + interval '2 days'
    order by v.salida, v.cviaje offset ${options.skip ?? 0} limit ${buses}`);
  if (trips.length < buses) throw new Error(`only ${trips.length} trips with ${passengers} seats`);
  let n = 0;
  for (const trip of trips) {
    const paradas = `[0,${Number(trip.escalas) + 1})`;
    await db.execute(sql`
      insert into viaje_asiento (cviaje, nasiento, paradas, gnivel_piso, gcategoria_asiento, gestado_asiento)
      select ${trip.cviaje}::int, nasiento, ${paradas}::int4range, gnivel_piso, gcategoria_asiento, 82
      from maqueta_sitio where cmaqueta = ${trip.cmaqueta} and gobjeto_sitio = 1 and nasiento <= ${passengers}
      on conflict (cviaje, nasiento, paradas) do nothing`);
    const seats = await queryRows<{ cviaje_asiento: number; nasiento: number; gnivel_piso: number }>(db, sql`
      select cviaje_asiento, nasiento, gnivel_piso from viaje_asiento where cviaje = ${trip.cviaje} and nasiento <= ${passengers} order by nasiento`);
    await db.transaction(async (tx) => {
      for (const seat of seats) {
        n += 1;
        const email = `${prefix}.${n}@example.pe`;
        const r = await insertReservation(tx, {
          clave_hash: `${prefix}-${n}`, estado: 'pagada', expira: new Date(), subtotal_centimos: 8000, descuento_centimos: 0, total_centimos: 8000,
          comprador_nombre: `Pasajero ${n}`, comprador_email: email, comprobante: 'boleta', ccuenta: null, idioma: n % 2 === 0 ? 'en-EN' : 'es-PE', creado: new Date(), pagado: new Date(),
        });
        await tx.insert(reserva_asiento).values({
          creserva: r.creserva, cviaje_asiento: Number(seat.cviaje_asiento), cviaje: Number(trip.cviaje), tramo: 'ida', nasiento: Number(seat.nasiento), gnivel_piso: Number(seat.gnivel_piso), precio_centimos: 8000,
          ctipo_documento: 19, numero: String(40_000_000 + n), nombres: 'Pasajero', paterno: String(n), materno: 'Prueba', email, nacimiento: '1990-01-01', menor: false,
        });
        const numero = `${r.codigo}-1`;
        await tx.insert(boleto).values({ numero, creserva: r.creserva, cviaje_asiento: Number(seat.cviaje_asiento), qr: ticketQr(secret, { numero, cviaje: Number(trip.cviaje), nasiento: Number(seat.nasiento), gnivel_piso: Number(seat.gnivel_piso) }), emitido: new Date(), ...ticketPassenger({ ctipo_documento: 19, numero: String(40_000_000 + n), nombres: 'Pasajero', paterno: String(n), materno: 'Prueba', nacimiento: '1990-01-01' }) });
      }
    });
  }
  return { trips: trips.map((t) => Number(t.cviaje)), tickets: n };
}
