import * as v from 'valibot';
import { purchaseKey, RESERVATION_CODE_PATTERN, reservationCode } from './sales.contract';
import { xmlText } from './xml-text';

/**
 * Requests of issue 7 (after the sale). Every request that acts on a purchase or one of its
 * tickets is allowed EITHER with the bearer session of the customer who bought it, OR with
 * `codigo` + `clave_bloqueo`, the key being the purchase key (the one the seats were held with)
 * or the `acceso` key `/rest/venta/recovery` answered (valid RECOVERY_ACCESS_HOURS).
 */

/** Postponement is allowed up to this many hours before the ticket's departure (policy page 4). */
export const POSTPONE_MIN_HOURS = 24;
/** A recovery access key works this long. */
export const RECOVERY_ACCESS_HOURS = 2;
/** Points: earned per sol paid (rounded down), worth this many céntimos each, redeemed from this many. */
export const POINTS_PER_SOL = 1;
export const POINT_VALUE_CENTIMOS = 10;
export const POINTS_MIN_REDEMPTION = 100;
/** A ticket number: the payment code of its reservation, a dash and its position, e.g. `ABCD2345-1`. */
export const TICKET_NUMBER_PATTERN = new RegExp(`^${RESERVATION_CODE_PATTERN.source.slice(1, -1)}-\\d{1,2}$`);

const ticketNumber = v.pipe(v.string('aftersale.numero.invalid'), v.trim(), v.toUpperCase(), v.regex(TICKET_NUMBER_PATTERN, 'aftersale.numero.invalid'));
const email = v.pipe(v.string('sale.email.invalid'), v.trim(), v.toLowerCase(), v.email('sale.email.invalid'), v.maxLength(120, 'sale.email.invalid'));
const positiveId = v.pipe(v.number('request.invalid'), v.integer('request.invalid'), v.minValue(1, 'request.invalid'));

/**
 * `POST /rest/venta/recovery`: find a purchase by its payment code and the buyer's e-mail. Without
 * `verificacion` it mails a one-time code to the buyer; with that code it answers the purchase
 * (issue 15: knowing what a ticket prints does not prove the buyer).
 */
export const RECOVERY_CODE_PATTERN = /^\d{6}$/;
export const RecoverySchema = v.object({
  codigo: reservationCode,
  email,
  verificacion: v.optional(v.pipe(v.string('aftersale.verificacion.format'), v.trim(), v.regex(RECOVERY_CODE_PATTERN, 'aftersale.verificacion.format'))),
});

/** How a guest proves a ticket is theirs (both or neither; a signed-in buyer sends neither). */
const ticketAccess = {
  numero: ticketNumber,
  codigo: v.optional(reservationCode),
  clave_bloqueo: v.optional(purchaseKey),
};
const bothOrNeither = <T extends { codigo?: string | undefined; clave_bloqueo?: string | undefined }>() =>
  v.check<T, 'aftersale.acceso.required'>((body) => (body.codigo === undefined) === (body.clave_bloqueo === undefined), 'aftersale.acceso.required');

/** `POST /rest/venta/boleto` and `POST /rest/declaracion/boleto`: read one ticket. */
const TicketLookupObject = v.object(ticketAccess);
export const TicketLookupSchema = v.pipe(TicketLookupObject, bothOrNeither<v.InferOutput<typeof TicketLookupObject>>());

/**
 * `POST /rest/venta/postegarBoletos`: move a ticket to the seat `cviaje_asiento` the customer
 * holds (through `/rest/asiento/bloquear`) with the NEW purchase key `clave_nueva`.
 */
const PostponeObject = v.object({
  ...ticketAccess,
  clave_nueva: purchaseKey,
  cviaje_asiento: positiveId,
});
export const PostponeSchema = v.pipe(PostponeObject, bothOrNeither<v.InferOutput<typeof PostponeObject>>());

const accepted = (message: string) => v.literal(true, message);

/**
 * `POST /rest/declaracion/registrar`: the passenger's sworn declaration (declaración jurada) for a
 * ticket, once, before departure. Every answer is required.
 */
const DeclarationObject = v.object({
    ...ticketAccess,
    /** Name of the person to call in an emergency. */
    contacto_nombre: v.pipe(v.string('declaration.contacto.required'), v.trim(), v.minLength(2, 'declaration.contacto.required'), v.maxLength(120, 'declaration.contacto.required'), xmlText()),
    /** Their phone: 7 to 15 digits, an optional leading `+`. */
    contacto_telefono: v.pipe(v.string('declaration.telefono.invalid'), v.trim(), v.regex(/^\+?\d{7,15}$/, 'declaration.telefono.invalid')),
    /** Carries no prohibited or dangerous goods (weapons, explosives, flammables, drugs...). */
    sin_objetos_prohibidos: accepted('declaration.objetos.required'),
    /** Is fit to travel: no fever or symptoms of a contagious disease. */
    apto_para_viajar: accepted('declaration.salud.required'),
    /** The data given (passenger and declaration) are true. */
  datos_veraces: accepted('declaration.veraz.required'),
});
export const DeclarationSchema = v.pipe(DeclarationObject, bothOrNeither<v.InferOutput<typeof DeclarationObject>>());
export type Declaration = v.InferOutput<typeof DeclarationSchema>;

/** `POST /rest/canje/asociar` (bearer required): apply `puntos` to the purchase's held seats; 0 removes them. */
export const PointsApplySchema = v.object({
  clave_bloqueo: purchaseKey,
  puntos: v.pipe(
    v.number('points.invalid'),
    v.integer('points.invalid'),
    v.minValue(0, 'points.invalid'),
    v.maxValue(10_000_000, 'points.invalid'),
    v.check((p) => p === 0 || p >= POINTS_MIN_REDEMPTION, 'points.minimum'),
  ),
});

/** `POST /rest/canje/confirmar`: pay a reservation whose total is 0 after points (issues its tickets). */
export const PointsConfirmSchema = v.object({
  codigo: reservationCode,
  clave_bloqueo: purchaseKey,
});
