import type { Customer, HeldSeat } from '@rumbo/shared';
import { endpoints } from '@rumbo/shared/contract';
import type { Passenger, PostponableTicket, ReservationView, SeatCell, SeatHoldResult, Terminal, Ticket, Trip } from '@rumbo/shared/schemas';
import * as v from 'valibot';
// The adult passenger the tests of every package use (the API's, the e2e bench's): one definition.
import PASSENGER from '../../../shared/src/testing/passenger.json';

/** Answers shaped as the API sends them, for the package's tests. */

export const LIMA_PLAZA: Terminal = { cterminal: 1, nombre: 'Terminal Plaza Norte', direccion: 'Av. Túpac Amaru', cciudad: 4, ciudad: 'Lima', codigo: 'LIM' };
export const LIMA_JAVIER: Terminal = { cterminal: 2, nombre: 'Terminal Javier Prado', direccion: 'Av. Javier Prado', cciudad: 4, ciudad: 'Lima', codigo: 'LIM' };
export const AREQUIPA: Terminal = { cterminal: 3, nombre: 'Terrapuerto Arequipa', direccion: 'Av. Arturo Ibáñez', cciudad: 1, ciudad: 'Arequipa', codigo: 'AQP' };
export const CUSCO: Terminal = { cterminal: 4, nombre: 'Terminal Cusco', direccion: 'Av. Vallejo Santoni', cciudad: 2, ciudad: 'Cusco', codigo: 'CUZ' };
export const TERMINALS = [LIMA_PLAZA, LIMA_JAVIER, AREQUIPA, CUSCO];

const NO_FARES = {
  edd_calc_140_p1: null,
  edd_calc_140_p2: null,
  edd_calc_160_p1: null,
  edd_calc_160_p1_individual: null,
  edd_calc_160_p2: null,
  edd_calc_180_p1: null,
  edd_calc_180_p2: null,
};

export function trip(overrides: Partial<Trip> = {}): Trip {
  return {
    ...NO_FARES,
    cviaje: 100,
    cterminal_origen: 1,
    cterminal_destino: 3,
    terminal_salida: LIMA_PLAZA,
    terminal_llegada: AREQUIPA,
    ruta_origen: LIMA_PLAZA,
    ruta_destino: AREQUIPA,
    // 20:30 in Lima, arriving 11:00 the next day
    fecha_salida: '2026-11-28T01:30:00.000Z',
    fecha_llegada: '2026-11-28T16:00:00.000Z',
    duracion_min: 870,
    servicio: 'Andino VIP',
    pisos: 2,
    asientos_libres: 40,
    escalas: 1,
    nprecio_desde: null,
    promocion_pct: 0,
    edd_calc_160_p2: 90,
    edd_calc_180_p1: 150,
    ...overrides,
  };
}

export function seat(nasiento: number, x: number, y: number, overrides: Partial<SeatCell> = {}): SeatCell {
  return {
    nasiento,
    gnivel_piso: 15,
    gobjeto_sitio: 1,
    gestado_asiento: 83,
    iescala: 0,
    gcategoria_asiento: 180,
    ipromocion_asiento: 0,
    cvariacion: null,
    dvariacion: null,
    iasiento_individual: 0,
    diasiento_individual: null,
    xposicion: x,
    yposicion: y,
    promocion: null,
    cviaje_asiento: 5000 + nasiento,
    precio: 150,
    ...overrides,
  };
}

export function facility(object: number, x: number, y: number, gnivel_piso = 15): SeatCell {
  return {
    ...seat(0, x, y, { gnivel_piso }),
    nasiento: null,
    gobjeto_sitio: object,
    gestado_asiento: null,
    gcategoria_asiento: null,
    cviaje_asiento: null,
    precio: null,
  };
}

/** A two-deck bus: deck 2 (16) seats 1–4 with stairs; deck 1 (15) driver, seats 5–6, restroom. */
export const TWO_DECKS: SeatCell[] = [
  facility(5, 1, 1, 16),
  seat(1, 1, 2, { gnivel_piso: 16, gcategoria_asiento: 160, precio: 90 }),
  seat(2, 2, 2, { gnivel_piso: 16, gcategoria_asiento: 160, precio: 90, gestado_asiento: 84 }),
  seat(3, 4, 2, { gnivel_piso: 16, gcategoria_asiento: 160, precio: 90, gestado_asiento: 82 }),
  seat(4, 4, 3, { gnivel_piso: 16, gcategoria_asiento: 160, precio: 72, promocion: 72, ipromocion_asiento: 1 }),
  facility(2, 1, 3, 16),
  facility(4, 1, 1),
  seat(5, 1, 2),
  seat(6, 3, 2, { iasiento_individual: 1 }),
  facility(3, 3, 3),
];

export function held(nasiento: number, overrides: Partial<HeldSeat> = {}): HeldSeat {
  return {
    cviaje: 100,
    cviaje_asiento: 9000 + nasiento,
    cterminal_origen: 1,
    cterminal_destino: 3,
    nasiento,
    gnivel_piso: 16,
    gcategoria_asiento: 160,
    clave_bloqueo: '3f2b8c1e-8d4a-4c9e-9b1a-2f6d7e8a9b0c',
    expira: '2026-11-22T15:10:00.000Z',
    precio: 90,
    ...overrides,
  };
}

/**
 * How `/rest/asiento/bloquear` answers `body` (read with the endpoint's schema, as the API reads
 * it): a hold (84) until `expira`, a release (83) with no end; the purchase key sent, else `newKey`.
 */
export function holdResult(
  body: Record<string, unknown>,
  { expira = '2026-11-22T15:10:00.000Z', precio = 90, newKey = '3f2b8c1e-8d4a-4c9e-9b1a-2f6d7e8a9b0c' }: { expira?: string | null; precio?: number; newKey?: string } = {},
): SeatHoldResult {
  const hold = v.parse(endpoints.seatHold.body, body);
  return {
    cviaje: hold.cviaje,
    cviaje_asiento: hold.cviaje_asiento,
    nasiento: hold.nasiento,
    gnivel_piso: hold.gnivel_piso,
    gcategoria_asiento: hold.gcategoria_asiento,
    gestado_asiento: hold.gestado_asiento,
    expira: hold.gestado_asiento === 83 ? null : expira,
    clave_bloqueo: hold.clave_bloqueo ?? newKey,
    precio,
  };
}

/** A passenger's data as `/rest/persona/obtener` answers it (an adult on the fixture trips). */
export function passengerData(overrides: Partial<Passenger> = {}): Passenger {
  // JSON types `genero` as any text: the file holds one of the two the contract takes.
  return { ...(PASSENGER as Passenger), ...overrides };
}

export const RESERVATION_CODE = 'ABCD2345';

/** A reservation as `/rest/venta/reserva` and `/rest/venta/consulta` answer it: one seat, pending. */
export function reservationView(overrides: Partial<ReservationView> = {}): ReservationView {
  const pasajero = { nombres: 'Rosa', paterno: 'Quispe', materno: 'Mamani', ctipo_documento: 19, numero: '****8912', menor: false };
  return {
    codigo: RESERVATION_CODE,
    tipo: 'venta',
    boleto_origen: null,
    estado: 'pendiente',
    motivo: null,
    expira: new Date(Date.now() + 30 * 60_000).toISOString(),
    moneda: 'PEN',
    subtotal_centimos: 15000,
    descuento_centimos: 0,
    total_centimos: 15000,
    cupon: null,
    descuento_pct: null,
    puntos_canje: 0,
    canje_centimos: 0,
    comprador: { nombre: 'Rosa Quispe', email: 'rosa@example.pe', comprobante: 'boleta', ruc: null, razon_social: null },
    tramos: [
      { tramo: 'ida', cviaje: 100, origen: 'Lima', destino: 'Arequipa', terminal_origen: 'Terminal Plaza Norte', terminal_destino: 'Terminal Arequipa', salida: '2026-11-28T01:30:00.000Z', llegada: '2026-11-28T16:00:00.000Z', servicio: 'Andino VIP' },
    ],
    asientos: [{ cviaje_asiento: 9005, cviaje: 100, nasiento: 5, gnivel_piso: 15, precio_centimos: 15000, pasajero }],
    pagos: [],
    boletos: [],
    ...overrides,
  };
}

export function ticket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    numero: 'ABCD2345-1',
    cviaje: 100,
    tramo: 'ida',
    origen: 'Lima',
    destino: 'Arequipa',
    terminal_origen: 'Terminal Plaza Norte',
    terminal_destino: 'Terminal Arequipa',
    salida: '2026-11-28T01:30:00.000Z',
    nasiento: 5,
    gnivel_piso: 15,
    precio_centimos: 15000,
    pasajero: { nombres: 'Rosa', paterno: 'Quispe', materno: 'Mamani', ctipo_documento: 19, numero: '****8912', menor: false },
    qr: 'RA|ABCD2345-1|sig',
    estado: 'emitido',
    postergado_a: null,
    declaracion: null,
    ...overrides,
  };
}

/** The postponement's look-up of the reservation's first ticket (`aftersaleEndpoints.postponableTicket`): postponable. */
export function postponableTicket(overrides: Partial<PostponableTicket> = {}): PostponableTicket {
  return {
    boleto: ticket({ numero: `${RESERVATION_CODE}-1` }),
    codigo: RESERVATION_CODE,
    origen_codigo: 'LIM',
    destino_codigo: 'AQP',
    cterminal_origen: 1,
    cterminal_destino: 3,
    postergable: true,
    postergable_hasta: '2026-11-27T01:30:00.000Z',
    motivo: null,
    ...overrides,
  };
}

/** A signed-in customer (the session store's shape). */
export const CUSTOMER: Customer = {
  id: '1',
  documentType: '19',
  documentNumber: '45678912',
  name: 'Rosa',
  firstLastName: 'Quispe',
  secondLastName: 'Mamani',
  gender: 'F',
  email: 'rosa@example.pe',
  phone: '987654321',
  birthDate: '1990-05-14',
};
