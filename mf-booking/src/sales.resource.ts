import { api, SEAT_STATE, type HeldSeat } from '@rumbo/shared';
import { aftersaleEndpoints, companiesEndpoints, culqiEndpoints, disruptionsEndpoints, peopleEndpoints, pocketEndpoints, pointsEndpoints, privacyEndpoints, promotionsEndpoints, pushEndpoints, salesEndpoints, vouchersEndpoints, type RequestOf } from '@rumbo/shared/contract';
import { changeSeat } from './booking.resource';
import type { Declaration, LapChild, Passenger, PersonOnFile } from '@rumbo/shared/schemas';

/**
 * The contract's calls of step 3 and of the reservation page (issue 4). Like `booking.resource.ts`:
 * undefined when the API gave no result (network failure, 401/403), the client's ApiError for an
 * error answer (400, 404, 409...). Bodies are the shared schemas' outputs.
 */

export type DocumentRef = RequestOf<typeof peopleEndpoints.personFound>;

export type { PersonFound } from '@rumbo/shared/contract';

export const findPerson = (documento: DocumentRef) => api.call(peopleEndpoints.personFound, documento);

/** A known passenger's data; the birth date proves the caller knows them. The record was stored through the passenger schema, so its codes are the schema's. */
export const getPerson = (documento: DocumentRef, nacimiento: string) => api.call(salesEndpoints.personLookup, { documento, nacimiento }) as Promise<PersonOnFile | undefined>;

export const registerPerson = (pasajero: Passenger) => api.call(peopleEndpoints.person, pasajero);

export const tieSeat = (clave_bloqueo: string, cviaje_asiento: number, pasajero: Passenger, infante?: LapChild) =>
  api.call(peopleEndpoints.seatPassenger, { clave_bloqueo, cviaje_asiento, pasajero, ...(infante ? { infante } : {}) });

export type GuardianBody = RequestOf<typeof peopleEndpoints.minorGuardian>;
export const tieGuardian = (body: GuardianBody) => api.call(peopleEndpoints.minorGuardian, body);

export type { Company, Promotion } from '@rumbo/shared/schemas';
export const findCompany = (ruc: string) => api.call(companiesEndpoints.company, { ruc });

export const introduceGuest = (guest: { nombre: string; email: string }) => api.call(salesEndpoints.guest, guest);

export const fetchPromotions = () => api.call(promotionsEndpoints.promotions);

export const quote = (body: { clave_bloqueo: string; cupon?: string }) => api.call(salesEndpoints.quote, body);

export type ReservationBody = RequestOf<typeof salesEndpoints.reserve>;
export const reserve = (body: ReservationBody) => api.call(salesEndpoints.reserve, body);

export const lookUpReservation = (codigo: string, clave_bloqueo: string) => api.call(salesEndpoints.reservation, { codigo, clave_bloqueo });

export const startSafetyPay = (body: { codigo: string; clave_bloqueo: string; metodo: 'tarjeta' | 'banca' | 'efectivo' }) =>
  api.call(salesEndpoints.safetyPay, body);

export const startCip = (body: { codigo: string; clave_bloqueo: string }) => api.call(salesEndpoints.cip, body);

// Issue 46: Culqi (Yape, card, wallets by QR, Cuotéalo).
export const culqiMethods = () => api.call(culqiEndpoints.culqiMethods);
export const payWithYape = (body: RequestOf<typeof culqiEndpoints.culqiYape>) => api.call(culqiEndpoints.culqiYape, body);
export const payWithCulqiCard = (body: RequestOf<typeof culqiEndpoints.culqiCard>) => api.call(culqiEndpoints.culqiCard, body);
export const startCulqiOrder = (body: RequestOf<typeof culqiEndpoints.culqiOrder>) => api.call(culqiEndpoints.culqiOrder, body);

/**
 * A card token from Culqi's tokens endpoint with the public key (Culqi's API, not ours: the card
 * never reaches the store's API). Undefined when no answer came; a refusal's user message otherwise thrown.
 */
export async function culqiCardToken(url: string, publicKey: string, card: { numero: string; vence: string; cvv: string }, email: string, fetcher: typeof fetch = fetch): Promise<{ id: string } | { error: string } | undefined> {
  const [month = '', year = ''] = card.vence.split('/');
  try {
    const response = await fetcher(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${publicKey}` },
      body: JSON.stringify({ card_number: card.numero, cvv: card.cvv, expiration_month: month, expiration_year: `20${year}`, email }),
    });
    const json = (await response.json()) as { id?: string; code?: string; decline_code?: string };
    if (response.ok && typeof json.id === 'string') return { id: json.id };
    return { error: json.decline_code ?? json.code ?? 'card_declined' };
  } catch {
    return undefined;
  }
}

export const resendTickets = (body: { codigo: string; email: string }) => api.call(salesEndpoints.resendTickets, body);

/** The tickets' PDF (the purchase key, or the buyer's session, authorises it). */
export const ticketsPdf = (codigo: string, clave_bloqueo: string) => api.call(salesEndpoints.ticketsPdf, { codigo, clave_bloqueo });

/** Issue 36: the paid purchase's calendar link and each ticket's wallet links (null: that wallet is not offered). */
export const pocketLinks = (codigo: string, clave_bloqueo: string) => api.call(pocketEndpoints.pocketLinks, { codigo, clave_bloqueo });

/* Issue 7: after the sale. */

/** How a ticket is proved the caller's: the purchase's code and key, or (signed in) nothing. */
export interface TicketAccess {
  numero: string;
  codigo?: string;
  clave_bloqueo?: string;
}

/** Without `verificacion` it mails a one-time code to the buyer (`{ enviado }`); with it, the purchase (issue 15). */
export const recoverPurchase = (body: { codigo: string; email: string; verificacion?: string }) =>
  api.call(aftersaleEndpoints.recovery, body);

export const lookUpTicket = (body: TicketAccess) => api.call(aftersaleEndpoints.postponableTicket, body);

export const postponeTicket = (body: TicketAccess & { clave_nueva: string; cviaje_asiento: number }) =>
  api.call(aftersaleEndpoints.postpone, body);

export const lookUpDeclaration = (body: TicketAccess) => api.call(aftersaleEndpoints.declarationTicket, body);

export const registerDeclaration = (body: Declaration) => api.call(aftersaleEndpoints.declaration, body);

export const applyPoints = (body: { clave_bloqueo: string; puntos: number }) => api.call(aftersaleEndpoints.pointsApply, body);

export const confirmWithPoints = (body: { codigo: string; clave_bloqueo: string }) => api.call(aftersaleEndpoints.pointsConfirm, body);

/** The signed-in customer's points (`endpoints.points`: balance, held, available). */
export const fetchMyPoints = () => api.call(pointsEndpoints.points);

/** Releases one of this browser's holds (state 83) with its purchase key. */
export const releaseSeat = (seat: HeldSeat) => changeSeat(seat, SEAT_STATE.AVAILABLE, seat.clave_bloqueo);

/** Issue 35: an affected ticket and its choices, through the mailed link's token (no session). */
export const lookUpDisruption = (body: { numero: string; token: string }) => api.call(disruptionsEndpoints.disruptionTicket, body);

export const rebookTicket = (body: { numero: string; token: string; cviaje: number }) => api.call(disruptionsEndpoints.rebook, body);

export const refundTicket = (body: { numero: string; token: string; destino: 'original' | 'credito' }) => api.call(disruptionsEndpoints.disruptionRefund, body);

/** Issue 35: what cancelling or transferring a ticket would do now (session, or code and key). */
export const lookUpChanges = (body: TicketAccess) => api.call(disruptionsEndpoints.ticketChanges, body);

export const cancelTicket = (body: TicketAccess & { destino: 'original' | 'credito' }) => api.call(disruptionsEndpoints.cancelTicket, body);

export const transferTicket = (body: TicketAccess & { pasajero: Passenger }) => api.call(disruptionsEndpoints.transferTicket, body);

/** Issue 35: the signed-in customer's travel credit. */
export const fetchMyCredit = () => api.call(disruptionsEndpoints.credit);

/** Issue 35: a guest purchase's own travel credit (its code and purchase or recovery key). */
export const fetchPurchaseCredit = (codigo: string, clave_bloqueo: string) => api.call(disruptionsEndpoints.purchaseCredit, { codigo, clave_bloqueo });

/** Issue 35: puts travel credit on a pending reservation as part of its payment (0 takes it off). */
export const applyCredit = (body: { codigo: string; clave_bloqueo: string; monto_centimos: number; origen?: { codigo: string; clave_bloqueo: string } }) => api.call(disruptionsEndpoints.creditApply, body);

/** Issue 35: pays a pending reservation in full with travel credit. */
export const payWithCredit = (body: { codigo: string; clave_bloqueo: string; origen?: { codigo: string; clave_bloqueo: string } }) => api.call(disruptionsEndpoints.creditPay, body);

/* Issue 34: the purchase's electronic vouchers. */

export const fetchVouchers = (codigo: string, clave_bloqueo: string) => api.call(vouchersEndpoints.purchaseVouchers, { codigo, clave_bloqueo });
export const voucherPdf = (codigo: string, clave_bloqueo: string) => api.call(vouchersEndpoints.voucherPdf, { codigo, clave_bloqueo });
export const voucherXml = (codigo: string, clave_bloqueo: string) => api.call(vouchersEndpoints.voucherXml, { codigo, clave_bloqueo });
export const requestFactura = (body: RequestOf<typeof vouchersEndpoints.requestFactura>) => api.call(vouchersEndpoints.requestFactura, body);

/** Web push (issues 35 and 36): the VAPID key (null: not configured), and this browser's subscription for a purchase. */
export const pushKey = () => api.call(pushEndpoints.pushKey);
export const pushSubscribe = (body: RequestOf<typeof pushEndpoints.pushSubscribe>) => api.call(pushEndpoints.pushSubscribe, body);

/* Issue 47: a guest's purchase data by its key. */

/** The purchase's records (a file to keep), whether its personal data were erased, and whether they can be now. */
export const purchaseData = (codigo: string, clave_bloqueo: string) => api.call(privacyEndpoints.purchaseData, { codigo, clave_bloqueo });

/** Erases a past guest purchase's personal data (its vouchers stay as issued). */
export const erasePurchase = (body: { codigo: string; clave_bloqueo: string }) => api.call(privacyEndpoints.purchaseErase, body);
