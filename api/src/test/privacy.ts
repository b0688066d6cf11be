import { sql } from 'drizzle-orm';
import { reclamacion } from '../complaints/complaints.tables';
import type { Database } from '../db/client';
import { queryRows } from '../db/rows';
import { insertReservation } from '../sales/reservations';
import { hashKey } from '../seats/seats.service';
import { boleto, reserva_asiento, ticketPassenger } from '../sales/sales.tables';

let seatSerial = 0;

/** A seat row of a departure at least two days ahead, new for each call (seat numbers count up). */
async function newSeat(db: Database): Promise<{ cviaje: number; cviaje_asiento: number; nasiento: number; gnivel_piso: number }> {
  seatSerial += 1;
  const [trip] = await queryRows<{ cviaje: number; cmaqueta: number; escalas: number }>(db, sql`
    select v.cviaje, v.cmaqueta, (select count(*)::int from ruta_escala e where e.cruta = v.cruta) as escalas
    from viaje v join maqueta m on m.cmaqueta = v.cmaqueta
    where v.salida > now() + interval '2 days' and m.asientos >= 40
    order by v.salida desc, v.cviaje offset ${Math.floor(seatSerial / 40)} limit 1`);
  if (!trip) throw new Error('no departure ahead');
  const nasiento = (seatSerial % 40) + 1;
  const [seat] = await queryRows<{ cviaje_asiento: number; gnivel_piso: number }>(db, sql`
    insert into viaje_asiento (cviaje, nasiento, paradas, gnivel_piso, gcategoria_asiento, gestado_asiento)
    select ${trip.cviaje}::int, nasiento, ${`[0,${Number(trip.escalas) + 1})`}::int4range, gnivel_piso, gcategoria_asiento, 82
    from maqueta_sitio where cmaqueta = ${trip.cmaqueta} and gobjeto_sitio = 1 and nasiento = ${nasiento}
    on conflict (cviaje, nasiento, paradas) do update set gestado_asiento = 82
    returning cviaje_asiento, gnivel_piso`);
  if (!seat) throw new Error(`no seat ${nasiento} on ${trip.cviaje}`);
  return { cviaje: Number(trip.cviaje), cviaje_asiento: Number(seat.cviaje_asiento), nasiento, gnivel_piso: Number(seat.gnivel_piso) };
}

export interface PassengerOf {
  ctipo_documento: number;
  numero: string;
  nombres: string;
  paterno: string;
  materno: string;
  email: string;
}

/**
 * A paid purchase of one ticket written straight to the database (the privacy tests need whose
 * records they are, not the purchase flow): bought by `buyer` (an account, or a guest: null), for
 * `passenger`, its ticket numbered `numero`; `clave`, its purchase key (to open it as its buyer does).
 */
export async function paidTicket(db: Database, options: { ccuenta: number | null; buyer: { nombre: string; email: string }; passenger: PassengerOf; numero: string; clave?: string }) {
  const seat = await newSeat(db);
  const now = new Date();
  const purchase = await insertReservation(db, {
    clave_hash: options.clave ? hashKey(options.clave) : `privacy-${options.numero}`, estado: 'pagada', expira: now, subtotal_centimos: 8000, descuento_centimos: 0, total_centimos: 8000,
    comprador_nombre: options.buyer.nombre, comprador_email: options.buyer.email, comprobante: 'boleta', ccuenta: options.ccuenta, idioma: 'es-PE', creado: now, pagado: now,
  });
  const p = options.passenger;
  await db.insert(reserva_asiento).values({
    creserva: purchase.creserva, cviaje_asiento: seat.cviaje_asiento, cviaje: seat.cviaje, tramo: 'ida', nasiento: seat.nasiento, gnivel_piso: seat.gnivel_piso, precio_centimos: 8000,
    ...p, nacimiento: '1990-01-01', menor: false,
  });
  await db.insert(boleto).values({ numero: options.numero, creserva: purchase.creserva, cviaje_asiento: seat.cviaje_asiento, qr: `qr-${options.numero}`, emitido: now, ...ticketPassenger({ ...p, nacimiento: '1990-01-01' }) });
  return purchase;
}

let sheet = 0;

/** A complaints-book sheet filed with `correo`. */
export async function filedComplaint(db: Database, correo: string, datos: string): Promise<string> {
  sheet += 1;
  const numero = `${String(900_000_000 + sheet + Math.floor(Math.random() * 1000) * 1000)}-2099`;
  const [city] = await queryRows<{ cciudad: number }>(db, sql`select cciudad from ciudad order by cciudad limit 1`);
  await db.insert(reclamacion).values({
    numero, anio: 2099, correlativo: Number(numero.slice(0, 9)), fecha: new Date(), plazo: '2099-01-31', idioma: 'es-PE', nacimiento: '1990-05-17', genero: 'F', documento: 19, num_documento: '45678912',
    datos, paterno: 'Quispe', materno: 'Mamani', direccion: 'Av. Siempre Viva 123', telefono: '987654321', correo, tipo_reclamo: 1, motivo: 1, viaje: '2026-01-01 10:00:00', destino: Number(city!.cciudad),
    detalle: 'El bus salió tarde', resultado: 'Que me devuelvan el dinero',
  });
  return numero;
}

let voucherSerial = 0;

/** A boleta (accepted, as signed) for the guest purchase `creserva`, bought by `nombre`; returns its id. */
export async function guestVoucher(db: Database, creserva: number, nombre: string): Promise<number> {
  voucherSerial += 1;
  const now = new Date();
  const [row] = await queryRows<{ ccomprobante: number }>(db, sql`
    insert into comprobante (tipo, serie, correlativo, creserva, emitido, cliente_tipo, cliente_numero, cliente_nombre, cliente_email, idioma,
      exonerado_centimos, gravado_centimos, igv_centimos, total_centimos, estado, proximo_intento)
    values ('03', 'B999', ${90_000_000 + voucherSerial + Math.floor(Math.random() * 100_000) * 100}, ${creserva}, ${now.toISOString()}::timestamptz, '1', '45678912', ${nombre}, 'guest@example.pe', 'es-PE',
      8000, 0, 0, 8000, 'aceptado', ${now.toISOString()}::timestamptz)
    returning ccomprobante`);
  return Number(row!.ccomprobante);
}
