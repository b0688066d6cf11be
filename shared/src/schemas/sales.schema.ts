import * as v from 'valibot';
import { isValidRuc } from './company.schema';
import { isCalendarDate } from './format';
import { coupon, purchaseKey } from './sales.contract';

/** Document types of a passenger (spec: 19 DNI, 20 carnet de extranjería, 21 passport). */
export const DOCUMENT_TYPE = { dni: 19, ce: 20, pasaporte: 21 } as const;
/** A reservation waits this long for its payment; the seat holds are extended to the same expiry. */
export const RESERVATION_MINUTES = 30;
/** Age (at departure) under which a passenger is a minor and needs a responsible adult. */
export const ADULT_AGE = 18;

const text = (message: string, max = 60) => v.pipe(v.string(message), v.trim(), v.minLength(1, message), v.maxLength(max, message));

/** Whole years between `birth` and `on` (both YYYY-MM-DD). */
export function ageOn(birth: string, on: string): number {
  const [by = 0, bm = 0, bd = 0] = birth.split('-').map(Number);
  const [oy = 0, om = 0, od = 0] = on.split('-').map(Number);
  return oy - by - (om < bm || (om === bm && od < bd) ? 1 : 0);
}

export const isMinorOn = (birth: string, departure: string) => ageOn(birth, departure) < ADULT_AGE;

/** A document's fields: its type, and its number as typed (trimmed, upper case). */
const documentEntries = {
  ctipo_documento: v.picklist([DOCUMENT_TYPE.dni, DOCUMENT_TYPE.ce, DOCUMENT_TYPE.pasaporte], 'sale.documento.required'),
  numero: v.pipe(v.string('sale.numero.dni'), v.trim(), v.toUpperCase()),
};
type DocumentFields = v.InferOutput<v.ObjectSchema<typeof documentEntries, undefined>>;

/** The shape of a document number, by document type, and the message that names its rule. */
const NUMBER_SHAPE = {
  [DOCUMENT_TYPE.dni]: [/^\d{8}$/, 'sale.numero.dni'],
  [DOCUMENT_TYPE.ce]: [/^[A-Z0-9]{12}$/, 'sale.numero.ce'],
  [DOCUMENT_TYPE.pasaporte]: [/^[A-Z0-9]{6,15}$/, 'sale.numero.pasaporte'],
} as const;
const numberFitsItsType = (d: DocumentFields) => NUMBER_SHAPE[d.ctipo_documento][0].test(d.numero);
const numberRule = (d: DocumentFields) => NUMBER_SHAPE[d.ctipo_documento][1];

/** A document: type and number, the number's shape depending on the type (the issue on `numero`). */
export const DocumentSchema = v.pipe(v.object(documentEntries), v.forward(v.check((d) => numberFitsItsType(d), (issue) => numberRule(issue.input)), ['numero']));

export const birthDate = v.pipe(
  v.string('sale.nacimiento.invalid'),
  v.isoDate('sale.nacimiento.invalid'),
  v.check(isCalendarDate, 'sale.nacimiento.invalid'),
  v.check((d) => d >= '1900-01-01' && d <= new Date().toISOString().slice(0, 10), 'sale.nacimiento.invalid'),
);

/** A passenger's data (`/rest/persona/registrar`, `/rest/asiento/asociar`). */
export const PassengerSchema = v.pipe(
  v.object({
    ...documentEntries,
    nombres: text('sale.nombres.required'),
    paterno: text('sale.paterno.required'),
    materno: text('sale.materno.required'),
    email: v.pipe(v.string('sale.email.invalid'), v.trim(), v.toLowerCase(), v.email('sale.email.invalid'), v.maxLength(120, 'sale.email.invalid')),
    celular: v.pipe(v.string('sale.celular.invalid'), v.trim(), v.regex(/^9\d{8}$/, 'sale.celular.invalid')),
    genero: v.picklist(['M', 'F'], 'sale.genero.required'),
    nacimiento: birthDate,
  }),
  v.forward(v.check((d) => numberFitsItsType(d), (issue) => numberRule(issue.input)), ['numero']),
);
export type Passenger = v.InferOutput<typeof PassengerSchema>;

/**
 * `POST /rest/persona/obtener`: a known passenger's identity (names, sex, birth date) to fill the
 * form; the birth date proves knowledge. The contact data (e-mail, mobile) are never handed out to
 * an anonymous caller (issue 15): the buyer types them.
 */
export const PersonLookupSchema = v.object({ documento: DocumentSchema, nacimiento: birthDate });
/** The answer of `/rest/persona/obtener`. */
export type PersonOnFile = Omit<Passenger, 'email' | 'celular'> & { cpersona: number };

/** The buyer of a reservation: name, e-mail and, for a factura, RUC + razón social. */
export const BuyerSchema = v.pipe(
  v.object({
    nombre: text('sale.nombres.required', 120),
    email: v.pipe(v.string('sale.email.invalid'), v.trim(), v.toLowerCase(), v.email('sale.email.invalid'), v.maxLength(120, 'sale.email.invalid')),
    comprobante: v.picklist(['boleta', 'factura'], 'request.invalid'),
    ruc: v.optional(v.pipe(v.string('sale.ruc.invalid'), v.trim(), v.check(isValidRuc, 'sale.ruc.invalid'))),
    razon_social: v.optional(v.pipe(v.string('sale.razon.required'), v.trim(), v.maxLength(200, 'sale.razon.required'))),
  }),
  v.forward(v.check((b) => b.comprobante !== 'factura' || b.ruc !== undefined, 'sale.ruc.invalid'), ['ruc']),
  v.forward(v.check((b) => b.comprobante !== 'factura' || !!b.razon_social, 'sale.razon.required'), ['razon_social']),
);
export type Buyer = v.InferOutput<typeof BuyerSchema>;

/** `POST /rest/asiento/menor`: a minor's responsible adult (another passenger of the purchase). */
export const MinorGuardianSchema = v.object({
  clave_bloqueo: purchaseKey,
  casiento: v.pipe(v.number('request.invalid'), v.integer('request.invalid'), v.minValue(1, 'request.invalid')),
  casiento_responsable: v.pipe(v.number('request.invalid'), v.integer('request.invalid'), v.minValue(1, 'request.invalid')),
  parentesco: v.picklist(['padre', 'madre', 'tutor', 'familiar', 'otro'], 'sale.parentesco.required'),
});

/** `POST /rest/venta/reserva`: the held seats of a purchase become a reservation. Amounts are never sent. */
export const ReservationSchema = v.object({
  clave_bloqueo: purchaseKey,
  comprador: BuyerSchema,
  terminos: v.literal(true, 'sale.terminos.required'),
  /** A promotion's coupon, checked again by the server (as `/rest/venta/cotizar` does). */
  cupon: v.optional(coupon),
});

/** `POST /rest/asiento/asociar`: tie a seat held by this purchase to its passenger. */
export const SeatPassengerSchema = v.object({
  clave_bloqueo: purchaseKey,
  cviaje_asiento: v.pipe(v.number('request.invalid'), v.integer('request.invalid'), v.minValue(1, 'request.invalid')),
  pasajero: PassengerSchema,
});
