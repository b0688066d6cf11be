import { api, SEAT_STATE, type HeldSeat } from '@rumbo/shared';
import { changeSeat } from './booking.resource';
import type {
  AccountPoints,
  Company,
  Declaration,
  DeclarationTicket,
  GuestAnswer,
  Passenger,
  PaymentStart,
  PersonOnFile,
  PointsQuote,
  PostponableTicket,
  PostponeAnswer,
  Promotion,
  Quote,
  RecoveryAnswer,
  ReservationView,
} from '@rumbo/shared/schemas';

/**
 * The `/rest` calls of step 3 and of the reservation page (issue 4). Like `booking.resource.ts`:
 * undefined when the API gave no result (network failure, 401/403), the client's ApiError for an
 * error answer (400, 404, 409...). Bodies are the shared schemas' outputs.
 */

export interface DocumentRef {
  ctipo_documento: number;
  numero: string;
}

export type PersonFound = { encontrado: false } | { encontrado: true; nombres: string };

export const findPerson = (documento: DocumentRef) => api.post<PersonFound>('/rest/persona/buscar', documento);

/** A known passenger's data; the birth date proves the caller knows them. */
export const getPerson = (documento: DocumentRef, nacimiento: string) => api.post<PersonOnFile>('/rest/persona/obtener', { documento, nacimiento });

export const registerPerson = (pasajero: Passenger) => api.post<{ cpersona: number }>('/rest/persona/registrar', pasajero);

export const tieSeat = (clave_bloqueo: string, cviaje_asiento: number, pasajero: Passenger) =>
  api.post<{ cviaje_asiento: number; menor: boolean }>('/rest/asiento/asociar', { clave_bloqueo, cviaje_asiento, pasajero });

export interface GuardianBody {
  clave_bloqueo: string;
  casiento: number;
  casiento_responsable: number;
  parentesco: string;
}
export const tieGuardian = (body: GuardianBody) => api.post<GuardianBody>('/rest/asiento/menor', body);

export type { Company, Promotion } from '@rumbo/shared/schemas';
export const findCompany = (ruc: string) => api.post<Company>('/rest/juridica/buscar', { ruc });

export const introduceGuest = (guest: { nombre: string; email: string }) => api.post<GuestAnswer>('/rest/invitado', guest);

export const fetchPromotions = () => api.get<Promotion[]>('/rest/promocion/obtener');

export const quote = (body: { clave_bloqueo: string; cupon?: string }) => api.post<Quote>('/rest/venta/cotizar', body);

export interface ReservationBody {
  clave_bloqueo: string;
  comprador: unknown;
  terminos: true;
  cupon?: string;
}
export const reserve = (body: ReservationBody) => api.post<ReservationView>('/rest/venta/reserva', body);

export const lookUpReservation = (codigo: string, clave_bloqueo: string) => api.post<ReservationView>('/rest/venta/consulta', { codigo, clave_bloqueo });

export const startSafetyPay = (body: { codigo: string; clave_bloqueo: string; metodo: 'tarjeta' | 'banca' | 'efectivo' }) =>
  api.post<PaymentStart>('/rest/safetypay', body);

export const startCip = (body: { codigo: string; clave_bloqueo: string }) => api.post<PaymentStart>('/rest/efectivo', body);

export const resendTickets = (body: { codigo: string; email: string }) => api.post<unknown>('/rest/venta/confirmar/recuperar/', body);

/** The tickets' PDF (the purchase key, or the buyer's session, authorises it). */
export const ticketsPdf = (codigo: string, clave_bloqueo: string) => api.postBlob('/rest/venta/pdf', { codigo, clave_bloqueo });

/* Issue 7: after the sale. */

/** How a ticket is proved the caller's: the purchase's code and key, or (signed in) nothing. */
export interface TicketAccess {
  numero: string;
  codigo?: string;
  clave_bloqueo?: string;
}

/** Without `verificacion` it mails a one-time code to the buyer (`{ enviado }`); with it, the purchase (issue 15). */
export const recoverPurchase = (body: { codigo: string; email: string; verificacion?: string }) =>
  api.post<RecoveryAnswer | { enviado: true }>('/rest/venta/recovery', body);

export const lookUpTicket = (body: TicketAccess) => api.post<PostponableTicket>('/rest/venta/boleto', body);

export const postponeTicket = (body: TicketAccess & { clave_nueva: string; cviaje_asiento: number }) =>
  api.post<PostponeAnswer>('/rest/venta/postegarBoletos', body);

export const lookUpDeclaration = (body: TicketAccess) => api.post<DeclarationTicket>('/rest/declaracion/boleto', body);

export const registerDeclaration = (body: Declaration) => api.post<DeclarationTicket>('/rest/declaracion/registrar', body);

export const applyPoints = (body: { clave_bloqueo: string; puntos: number }) => api.post<PointsQuote>('/rest/canje/asociar', body);

export const confirmWithPoints = (body: { codigo: string; clave_bloqueo: string }) => api.post<unknown>('/rest/canje/confirmar', body);

/** The signed-in customer's points (`/rest/user/puntos`: balance, held, available). */
export const fetchMyPoints = () => api.get<AccountPoints>('/rest/user/puntos');

/** Releases one of this browser's holds (state 83) with its purchase key. */
export const releaseSeat = (seat: HeldSeat) => changeSeat(seat, SEAT_STATE.AVAILABLE, seat.clave_bloqueo);
