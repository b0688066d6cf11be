import * as v from 'valibot';
import { isValidRuc } from './company.schema';
import { isCalendarDate, limaToday } from './format';
import { coupon, purchaseKey } from './sales.contract';
import { xmlText } from './xml-text';

/** Document types of a passenger (spec: 19 DNI, 20 carnet de extranjería, 21 passport). */
export const DOCUMENT_TYPE = { dni: 19, ce: 20, pasaporte: 21 } as const;
/** A reservation waits this long for its payment; the seat holds are extended to the same expiry. */
export const RESERVATION_MINUTES = 30;
/** Age (at departure) under which a passenger is a minor and needs a responsible adult. */
export const ADULT_AGE = 18;

/** A name as it goes on tickets, vouchers and mails: trimmed, 1..max characters, all of them ones XML carries. */
const text = (message: string, max = 60) => v.pipe(v.string(message), v.trim(), v.minLength(1, message), v.maxLength(max, message), xmlText());

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
  v.check((d) => d >= '1900-01-01' && d <= limaToday(), 'sale.nacimiento.invalid'),
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
    razon_social: v.optional(v.pipe(v.string('sale.razon.required'), v.trim(), v.maxLength(200, 'sale.razon.required'), xmlText())),
  }),
  v.forward(v.check((b) => b.comprobante !== 'factura' || b.ruc !== undefined, 'sale.ruc.invalid'), ['ruc']),
  v.forward(v.check((b) => b.comprobante !== 'factura' || !!b.razon_social, 'sale.razon.required'), ['razon_social']),
);
export type Buyer = v.InferOutput<typeof BuyerSchema>;

/** A minor's relationship to the adult they travel with. */
export const RELATIONSHIP = ['padre', 'madre', 'tutor', 'familiar', 'otro'] as const;
export type Relationship = (typeof RELATIONSHIP)[number];

/**
 * Issue 34 item 7: whether a minor travelling with this adult needs the notarial travel
 * authorization ("permiso notarial de viaje"). Código de los Niños y Adolescentes (Ley 27337)
 * art. 111: a child or adolescent travelling inside Peru alone or with someone who is not their
 * father or mother needs the authorization of (at least) one parent, with the signature certified
 * by a notary (a justice of the peace where there is no notary; the judge where no parent can
 * give it, art. 112); travelling with one parent, none is needed. The notary certifies the
 * parent's signature (Ley del Notariado, D.Leg. 1049, art. 94: "certificación de firmas"). A
 * tutor is not a parent for this rule: a tutor shows the authorization (or the court's) too.
 */
export const needsNotarialAuthorization = (parentesco: string) => parentesco !== 'padre' && parentesco !== 'madre';

/** The buyer's confirmation that a minor travelling without a parent carries the notarial authorization. */
const notarialConfirmation = v.optional(v.boolean('sale.autorizacion.required'));
const notarialConfirmed = <T extends { parentesco: string; autorizacion_notarial?: boolean | undefined }>(d: T) =>
  !needsNotarialAuthorization(d.parentesco) || d.autorizacion_notarial === true;

/** `POST /rest/asiento/menor`: a minor's responsible adult (another passenger of the purchase). */
export const MinorGuardianSchema = v.pipe(
  v.object({
    clave_bloqueo: purchaseKey,
    casiento: v.pipe(v.number('request.invalid'), v.integer('request.invalid'), v.minValue(1, 'request.invalid')),
    casiento_responsable: v.pipe(v.number('request.invalid'), v.integer('request.invalid'), v.minValue(1, 'request.invalid')),
    parentesco: v.picklist(RELATIONSHIP, 'sale.parentesco.required'),
    /** Issue 34: true when the minor travels without a parent and will show the notarial authorization at boarding. */
    autorizacion_notarial: notarialConfirmation,
  }),
  v.forward(v.check(notarialConfirmed, 'sale.autorizacion.required'), ['autorizacion_notarial']),
);

/**
 * Issue 34 item 7, lap children. The terms: a child pays and takes a seat from age 5
 * (`FARE_AGE`); a younger one may ride on the lap of an adult passenger, free, registered with
 * their document so they are on the trip's manifest (D.S. 017-2009-MTC: the manifest lists every
 * person carried). One per adult (a lap holds one child safely; the seat belt is the adult's), and
 * the adult is of age on the day of departure (18, Código Civil art. 42: full capacity, so the
 * adult can answer for the child on board).
 */
export const FARE_AGE = 5;
export const LAP_CARRIER_AGE = ADULT_AGE;

/** A lap child's data: document, names, birth date, relationship to the carrying adult (and the notarial confirmation). */
export const LapChildSchema = v.pipe(
  v.object({
    ...documentEntries,
    nombres: text('sale.nombres.required'),
    paterno: text('sale.paterno.required'),
    materno: text('sale.materno.required'),
    nacimiento: birthDate,
    parentesco: v.picklist(RELATIONSHIP, 'sale.parentesco.required'),
    autorizacion_notarial: notarialConfirmation,
  }),
  v.forward(v.check((d) => numberFitsItsType(d), (issue) => numberRule(issue.input)), ['numero']),
  v.forward(v.check(notarialConfirmed, 'sale.autorizacion.required'), ['autorizacion_notarial']),
);
export type LapChild = v.InferOutput<typeof LapChildSchema>;

/**
 * The lap child's rules that depend on the departure day (YYYY-MM-DD, Lima): the child is under
 * `FARE_AGE` and the carrying adult (`adulto`: their birth date) `LAP_CARRIER_AGE` or older.
 * The browser checks it per leg; `/rest/asiento/asociar` with the seat's departure.
 */
export const lapChildOn = (departure: string) =>
  v.pipe(
    v.object({ adulto: birthDate, infante: LapChildSchema }),
    v.forward(v.check((d) => ageOn(d.infante.nacimiento, departure) < FARE_AGE, 'sale.infante.edad'), ['infante', 'nacimiento']),
    v.forward(v.check((d) => ageOn(d.adulto, departure) >= LAP_CARRIER_AGE, 'sale.infante.portador'), ['infante']),
  );

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
  /** Issue 34: a child under 5 riding on this passenger's lap on this seat (checked with `lapChildOn` the seat's departure). */
  infante: v.optional(LapChildSchema),
});
