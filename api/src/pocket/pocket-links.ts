import { endpointPath, endpoints } from '@rumbo/shared/contract';
import type { Language } from '@rumbo/shared/schemas';
import { safeEqual } from '../payments/signing';
import { derive, sign } from '../sales/tickets';

/**
 * Signed links to what a purchase puts in the pocket: its calendar entries, a ticket's Apple
 * Wallet pass, and the reminders' opt-out. Like the PDF link (sales/tickets.ts) they open without
 * a session (a calendar app, a wallet or a mail client follows them), each kind with a key of its
 * own derived from the session secret, so one kind's signature never opens another.
 */
export type PocketLinkKind = 'calendario' | 'pkpass' | 'baja';

/** Links in mails and pages work until two days after the last trip (a late reader, a delayed bus). */
export const LINK_GRACE_MS = 2 * 24 * 60 * 60_000;

const keyOf = (secret: string, kind: PocketLinkKind) => derive(secret, `rumbo:bolsillo-${kind}`);

export function signPocket(secret: string, kind: PocketLinkKind, subject: string, exp: number): string {
  return sign(keyOf(secret, kind), `${subject}|${exp}`);
}

/** Whether `firma` signs (kind, subject, exp) and `exp` (Unix seconds) is still ahead. */
export function verifyPocket(secret: string, kind: PocketLinkKind, subject: string, exp: string, firma: string, now: Date): boolean {
  const expires = Number(exp);
  if (!Number.isSafeInteger(expires) || expires * 1000 <= now.getTime()) return false;
  return safeEqual(firma, signPocket(secret, kind, subject, expires));
}

/** Unix seconds of a link that works until `lastTrip` plus LINK_GRACE_MS. */
export const linkExpiry = (lastTrip: Date) => Math.floor((lastTrip.getTime() + LINK_GRACE_MS) / 1000);

function query(secret: string, kind: PocketLinkKind, subject: string, lastTrip: Date, idioma?: Language) {
  const exp = linkExpiry(lastTrip);
  return { exp: String(exp), firma: signPocket(secret, kind, subject, exp), ...(idioma ? { idioma } : {}) };
}

/** `{apiOrigin}/rest/venta/calendario/{codigo}?exp&firma`: the purchase's trips as an iCalendar file. */
export const calendarLink = (secret: string, apiOrigin: string, codigo: string, lastTrip: Date, idioma: Language) =>
  `${apiOrigin}${endpointPath(endpoints.ticketsCalendar, { codigo }, query(secret, 'calendario', codigo, lastTrip, idioma))}`;

/** `{apiOrigin}/rest/venta/pkpass/{numero}?exp&firma`: a ticket's Apple Wallet pass. */
export const applePassLink = (secret: string, apiOrigin: string, numero: string, trip: Date, idioma: Language) =>
  `${apiOrigin}${endpointPath(endpoints.ticketApplePass, { numero }, query(secret, 'pkpass', numero, trip, idioma))}`;

/** `{apiOrigin}/rest/venta/recordatorios/{codigo}/baja?exp&firma`: stops the purchase's reminders. */
export const reminderOptOutLink = (secret: string, apiOrigin: string, codigo: string, lastTrip: Date) =>
  `${apiOrigin}${endpointPath(endpoints.reminderOptOutPage, { codigo }, query(secret, 'baja', codigo, lastTrip))}`;

/**
 * The `authenticationToken` of a ticket's Apple Wallet pass: the wallet sends it back
 * (`Authorization: ApplePass …`) to register for the pass's updates and to fetch it again. Derived,
 * not stored: a key of its own from the session secret, signing the ticket number.
 */
export const applePassToken = (secret: string, numero: string) => sign(derive(secret, 'rumbo:pase-apple'), numero);

/** Whether `token` is the pass token of ticket `numero`. */
export const isApplePassToken = (secret: string, numero: string, token: string) => safeEqual(token, applePassToken(secret, numero));
