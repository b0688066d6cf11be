import * as v from 'valibot';
import { AccountTripsAnswer } from '../schemas/account.answers';
import { GuestAnswerSchema, PaymentStartAnswer, QuoteAnswer, ReservationViewAnswer } from '../schemas/sales.contract';
import { CipRequestSchema, GuestSchema, QuoteRequestSchema, ResendTicketsSchema, ReservationLookupSchema, SafetyPayRequestSchema } from '../schemas/sales.contract';
import { PersonLookupSchema, ReservationSchema } from '../schemas/sales.schema';
import { SentAnswer } from './accounts.endpoints';
import { endpoint } from './endpoint';

const owner = 'sales';

/** `POST /rest/persona/obtener`: the identity part of a passenger's record. */
export const PersonAnswer = v.object({
  cpersona: v.number(),
  ctipo_documento: v.number(),
  numero: v.string(),
  nombres: v.string(),
  paterno: v.string(),
  materno: v.string(),
  genero: v.string(),
  nacimiento: v.string(),
});
export type Person = v.InferOutput<typeof PersonAnswer>;

/** The signed link my trips gives to a ticket PDF. */
export const PdfLinkQuery = v.object({ exp: v.string(), firma: v.string() });

const unpayable = ['sale.reserva.pagada', 'sale.reserva.anulada', 'sale.reserva.vencida', 'points.zeroTotal', 'credit.coversAll'] as const;

export const salesEndpoints = {
  guest: endpoint({ method: 'POST', path: '/rest/invitado', module: owner, summary: 'A guest buyer introduces themself', body: GuestSchema, answer: GuestAnswerSchema, status: 201, session: 'none', noStore: true }),
  personLookup: endpoint({
    method: 'POST', path: '/rest/persona/obtener', module: owner, summary: "A passenger's identity by document and birth date", body: PersonLookupSchema, answer: PersonAnswer, session: 'none', noStore: true,
    errors: { 404: ['sale.persona.noEncontrada'] },
  }),
  quote: endpoint({
    method: 'POST', path: '/rest/venta/cotizar', module: owner, summary: 'The price of the held seats, with a coupon', body: QuoteRequestSchema, answer: QuoteAnswer, session: 'none', noStore: true,
    errors: { 400: ['sale.cupon.invalid', 'sale.cupon.vencido', 'sale.cupon.maximo'], 409: ['seat.notHeld'] },
  }),
  reserve: endpoint({
    method: 'POST', path: '/rest/venta/reserva', module: owner, summary: 'Reserve the held seats (201 new, 200 the same purchase again)', body: ReservationSchema, answer: ReservationViewAnswer, session: 'optional', noStore: true,
    errors: {
      400: ['sale.cupon.invalid', 'sale.cupon.vencido', 'sale.cupon.maximo', 'sale.menor.responsable', 'sale.pasajeros.incompletos', 'request.invalid'],
      409: ['seat.notHeld', 'seat.taken', 'trip.closed', 'points.insufficient', 'points.otherCustomer'],
    },
  }),
  reservation: endpoint({
    method: 'POST', path: '/rest/venta/consulta', module: owner, summary: 'Read a reservation with its purchase key', body: ReservationLookupSchema, answer: ReservationViewAnswer, session: 'none', noStore: true,
    errors: { 404: ['sale.reserva.noEncontrada'] },
  }),
  safetyPay: endpoint({
    method: 'POST', path: '/rest/safetypay', module: owner, summary: 'Start a SafetyPay payment', body: SafetyPayRequestSchema, answer: PaymentStartAnswer, session: 'none', noStore: true,
    errors: { 400: ['sale.pago.sitio'], 404: ['request.notFound', 'sale.reserva.noEncontrada'], 409: unpayable, 502: ['sale.pago.noDisponible'] },
  }),
  cip: endpoint({
    method: 'POST', path: '/rest/efectivo', module: owner, summary: 'Create a PagoEfectivo CIP', body: CipRequestSchema, answer: PaymentStartAnswer, session: 'none', noStore: true,
    errors: { 400: ['sale.pago.sitio'], 404: ['request.notFound', 'sale.reserva.noEncontrada'], 409: unpayable, 502: ['sale.pago.noDisponible'] },
  }),
  safetyPayNotice: endpoint({
    method: 'POST', path: '/rest/safetypay/notificacion', module: owner, summary: "SafetyPay's signed payment notice (raw body, verified on its bytes)", produces: 'text/plain', session: 'none',
    errors: { 401: ['request.unauthorized'], 404: ['request.notFound'] },
  }),
  cipNotice: endpoint({
    method: 'POST', path: '/rest/efectivo/notificacion', module: owner, summary: "PagoEfectivo's signed payment notice (raw body, verified on its bytes)", produces: 'text/plain', session: 'none',
    errors: { 401: ['request.unauthorized'], 404: ['request.notFound'] },
  }),
  ticketsPdf: endpoint({
    method: 'POST', path: '/rest/venta/pdf', module: owner, summary: 'The tickets of a paid reservation as a PDF', body: ReservationLookupSchema, produces: 'application/pdf', session: 'none', noStore: true,
    errors: { 404: ['sale.reserva.noEncontrada'], 409: ['sale.reserva.noEncontrada', 'sale.reserva.anulada', 'sale.reserva.vencida'] },
  }),
  ticketsPdfLink: endpoint({
    method: 'GET', path: '/rest/venta/pdf/:codigo', module: owner, summary: 'The signed, short-lived PDF link of my trips', query: PdfLinkQuery, invalidAs: 404, produces: 'application/pdf', session: 'none', noStore: true,
    errors: { 404: ['request.notFound'] },
  }),
  resendTickets: endpoint({
    method: 'POST', path: '/rest/venta/confirmar/recuperar/', module: owner, summary: 'Mail the tickets of a paid reservation again', body: ResendTicketsSchema, answer: SentAnswer, status: 202, session: 'none', noStore: true,
    errors: { 404: ['sale.reserva.noEncontrada'] },
  }),
  myTrips: endpoint({ method: 'GET', path: '/rest/user/viajes', module: owner, summary: "The customer's coming and past tickets", answer: AccountTripsAnswer, session: 'required', noStore: true }),
} as const;
