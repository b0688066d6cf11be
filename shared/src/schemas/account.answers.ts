import * as v from 'valibot';
import { TICKET_STATES, TicketAnswer } from './sales.contract';
import { TripPocketLinks } from './pocket.answers';

/** Answers of the account `/rest` calls (sign-in, profile, trips, points), typed once for the API and mf-account. */

/** How an account signs in (answer of `/rest/user/cuenta`). */
export const SIGN_IN_METHODS = ['clave', 'codigo', 'google', 'facebook'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** Answer of `POST /rest/user/cuenta`. */
export const AccountLookupAnswer = v.object({
  existe: v.boolean(),
  metodos: v.array(v.picklist(SIGN_IN_METHODS)),
});
export type AccountLookup = v.InferOutput<typeof AccountLookupAnswer>;

/** The user-data fields (spec §3), as every sign-in answers them. */
export const AccountCustomerAnswer = v.object({
  ccuenta: v.number(),
  tipo_doc: v.number(),
  num_doc: v.string(),
  nombres: v.string(),
  paterno: v.string(),
  materno: v.string(),
  sexo: v.string(),
  correo: v.string(),
  telefono: v.string(),
  fnacimiento: v.string(),
});
export type AccountCustomer = v.InferOutput<typeof AccountCustomerAnswer>;

/** Answer of every sign-in: a session token and the customer. */
export const SignedInAnswer = v.object({
  token: v.string(),
  cliente: AccountCustomerAnswer,
});
export type SignedIn = v.InferOutput<typeof SignedInAnswer>;

/** Answer of a social sign-in of someone with no account yet: complete the identity once. */
export const SocialSignUpNeededAnswer = v.object({
  registro: v.string(),
  perfil: v.object({ correo: v.string(), nombres: v.string(), paterno: v.string() }),
});
export type SocialSignUpNeeded = v.InferOutput<typeof SocialSignUpNeededAnswer>;

export const SocialSignInResultAnswer = v.union([SignedInAnswer, SocialSignUpNeededAnswer]);
export type SocialSignInResult = v.InferOutput<typeof SocialSignInResultAnswer>;

/** Answer of `GET /rest/user/perfil`: the user data plus the CC e-mail. */
export const AccountProfileAnswer = v.object({
  ...AccountCustomerAnswer.entries,
  correo_cc: v.nullable(v.string()),
  /** Whether the CC address was proven through the link mailed to it (until then it receives nothing). */
  correo_cc_confirmado: v.boolean(),
});
export type AccountProfile = v.InferOutput<typeof AccountProfileAnswer>;

/** One ticket of `GET /rest/user/viajes`. */
export const AccountTripAnswer = v.object({
  codigo: v.string(),
  origen: v.string(),
  destino: v.string(),
  salida: v.string(),
  asiento: v.string(),
  pdf: v.string(),
  /** Issue 7: the ticket number (`codigo` above is it too, kept for compatibility). */
  numero: v.string(),
  /** Issue 7: `emitido` or `postergado`; issue 35: `anulado`, `transferido`. */
  estado: v.picklist(TICKET_STATES),
  /** Issue 7: when the sworn declaration was registered; null until then. */
  declaracion: v.nullable(v.string()),
  /** Issue 34: signed links to the purchase's electronic vouchers (printed copy, XML); null when nothing was charged. */
  comprobante_pdf: v.nullable(v.string()),
  comprobante_xml: v.nullable(v.string()),
  /** Issue 36: the ticket's calendar and wallet links (an upcoming valid ticket; left out otherwise). */
  bolsillo: v.optional(TripPocketLinks),
  /**
   * Issue 36: the e-ticket to board with (QR, passenger, boarding terminal and its address, boarding
   * time, seat, voucher), as the reservation page shows it: an upcoming valid ticket; left out otherwise.
   */
  boleto: v.optional(TicketAnswer),
});
export type AccountTrip = v.InferOutput<typeof AccountTripAnswer>;

export const AccountTripsAnswer = v.object({
  proximos: v.array(AccountTripAnswer),
  pasados: v.array(AccountTripAnswer),
});
export type AccountTrips = v.InferOutput<typeof AccountTripsAnswer>;

/** Why points moved: earned on a trip, redeemed, a welcome gift, an adjustment by the operator. */
export const POINTS_CONCEPTS = ['viaje', 'canje', 'bienvenida', 'ajuste'] as const;
export type PointsConcept = (typeof POINTS_CONCEPTS)[number];

export const PointsMovementAnswer = v.object({
  id: v.number(),
  /** ISO 8601 */
  fecha: v.string(),
  /** Positive earned, negative redeemed. */
  puntos: v.number(),
  concepto: v.picklist(POINTS_CONCEPTS),
  /** What it was for, e.g. the trip's route; shown as is. */
  detalle: v.string(),
  /** The balance after this movement. */
  saldo: v.number(),
});
export type PointsMovement = v.InferOutput<typeof PointsMovementAnswer>;

/** Answer of `GET /rest/user/puntos`. */
export const AccountPointsAnswer = v.object({
  saldo: v.number(),
  /** Issue 7: points held by pending purchases (come back if they expire or are declined). */
  retenidos: v.number(),
  /** Issue 7: saldo − retenidos, what can be redeemed now. */
  disponibles: v.number(),
  movimientos: v.array(PointsMovementAnswer),
});
export type AccountPoints = v.InferOutput<typeof AccountPointsAnswer>;

/** The user-data answer of `POST /rest/user/editar` (spec §3): a sign-in's customer, its codes as numbers or texts. */
export interface UserData extends Omit<AccountCustomer, 'ccuenta' | 'tipo_doc'> {
  ccuenta: string | number;
  tipo_doc: string | number;
}
