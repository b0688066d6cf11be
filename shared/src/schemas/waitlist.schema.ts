import * as v from 'valibot';
import { LANGUAGES } from './language';
import { MAX_SEATS } from './trips.schema';

/**
 * Issue 48, the waitlist of a sold-out trip (docs/decisions.md, "Waitlist"): a customer (signed in,
 * or a guest with an e-mail) waits for N seats of one stretch of a departure; when seats free on
 * it, the first in line gets them held for WAITLIST_HOLD_MINUTES, then the next.
 */

/** How long the seats offered to the first in line stay held for them (DECISIONS-4). */
export const WAITLIST_HOLD_MINUTES = 15;
/** At most this many active waits per customer for departures of one day (DECISIONS-4). */
export const WAITLIST_MAX_PER_DAY = 3;

/** Messages of the waitlist, spread into `validationMessages`. */
export const waitlistMessages = {
  'es-PE': {
    'waitlist.asientos.invalid': 'Indique de 1 a 5 asientos',
    'waitlist.email.invalid': 'Ingrese un email válido para avisarle',
    'waitlist.notSoldOut': 'Este viaje aún tiene asientos libres: elíjalos en el mapa de asientos',
    'waitlist.limit': 'Ya espera asientos en 3 salidas de ese día: deje una de esas listas para unirse a esta',
    'waitlist.already': 'Ya está en la lista de espera de este viaje',
    'waitlist.notFound': 'No encontramos ese lugar en la lista de espera',
    'waitlist.offer.expired': 'Los asientos que le reservamos ya no están apartados para usted: el plazo de 15 minutos terminó',
  },
  'en-EN': {
    'waitlist.asientos.invalid': 'Choose 1 to 5 seats',
    'waitlist.email.invalid': 'Enter a valid e-mail so we can tell you',
    'waitlist.notSoldOut': 'This trip still has free seats: pick them on the seat map',
    'waitlist.limit': 'You already wait for seats on 3 departures of that day: leave one of those lists to join this one',
    'waitlist.already': 'You are already on the waitlist of this trip',
    'waitlist.notFound': 'We could not find that place on the waitlist',
    'waitlist.offer.expired': 'The seats we kept for you are no longer set aside: the 15 minutes are over',
  },
} as const;

const id = v.pipe(v.number('request.invalid'), v.integer('request.invalid'), v.minValue(1, 'request.invalid'));
/** A waitlist place's secret (the joiner's proof, to leave it or to open its offer): 32 hex digits. */
const placeToken = v.pipe(v.string('waitlist.notFound'), v.regex(/^[0-9a-f]{32}$/, 'waitlist.notFound'));

/**
 * `POST /rest/espera`: join the waitlist of a trip's stretch for `asientos` seats. Signed in, the
 * account's e-mail is used when `email` is left out; a guest gives one.
 */
export const WaitlistJoinSchema = v.object({
  cviaje: id,
  cterminal_origen: id,
  cterminal_destino: id,
  asientos: v.pipe(v.number('waitlist.asientos.invalid'), v.integer('waitlist.asientos.invalid'), v.minValue(1, 'waitlist.asientos.invalid'), v.maxValue(MAX_SEATS, 'waitlist.asientos.invalid')),
  email: v.optional(v.pipe(v.string('waitlist.email.invalid'), v.trim(), v.toLowerCase(), v.email('waitlist.email.invalid'), v.maxLength(120, 'waitlist.email.invalid'))),
  idioma: v.optional(v.picklist(LANGUAGES, 'request.invalid')),
});
export type WaitlistJoin = v.InferOutput<typeof WaitlistJoinSchema>;

/** `POST /rest/espera/baja` and `POST /rest/espera/oferta`: a place, proven by its token. */
export const WaitlistPlaceSchema = v.object({ cespera: id, token: placeToken });
export type WaitlistPlace = v.InferOutput<typeof WaitlistPlaceSchema>;

export const WAITLIST_STATES = ['esperando', 'ofrecido', 'atendido', 'vencido', 'retirado', 'cerrado'] as const;
export type WaitlistState = (typeof WAITLIST_STATES)[number];

/** A place on a waitlist: its position among those waiting (1 = next), and its token to leave it. */
export const WaitlistPlaceAnswer = v.object({
  cespera: v.number(),
  token: v.string(),
  estado: v.picklist(WAITLIST_STATES),
  /** 1 = the next to be offered freed seats; null once not waiting. */
  posicion: v.nullable(v.number()),
  asientos: v.number(),
});
export type WaitlistPlaceView = v.InferOutput<typeof WaitlistPlaceAnswer>;

/**
 * `POST /rest/espera/oferta`: the seats held for a place, for step 2 to open with them (the trip,
 * its stretch and the holds as `/rest/asiento/bloquear` answers them, under the offer's purchase key).
 */
export const WaitlistOfferAnswer = v.object({
  /** Step 1's search that lists the trip (city codes and the boarding day in Lima), for step 2's purchase. */
  origen: v.string(),
  destino: v.string(),
  fecha: v.string(),
  cviaje: v.number(),
  cterminal_origen: v.number(),
  cterminal_destino: v.number(),
  expira: v.string(),
  clave_bloqueo: v.string(),
  asientos: v.array(
    v.object({ cviaje_asiento: v.number(), nasiento: v.number(), gnivel_piso: v.number(), gcategoria_asiento: v.number(), precio: v.number() }),
  ),
});
export type WaitlistOffer = v.InferOutput<typeof WaitlistOfferAnswer>;

/** `GET /rest/operador/espera`: per departure with anyone waiting, how many places and seats (the demand for a "refuerzo"). */
export const OperatorWaitlistAnswer = v.array(
  v.object({ cviaje: v.number(), cruta: v.number(), salida: v.string(), esperando: v.number(), asientos: v.number(), ofrecidos: v.number() }),
);
export type OperatorWaitlist = v.InferOutput<typeof OperatorWaitlistAnswer>;
