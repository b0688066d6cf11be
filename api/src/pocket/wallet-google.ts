import { limaWallClock, type Language } from '@rumbo/shared/schemas';
import { JWT, type JWTOptions } from 'google-auth-library';
import { importPKCS8, SignJWT, type CryptoKey } from 'jose';
import { OPERATOR } from '../operator';
import type { PocketLeg, PocketReservation, PocketTicket } from './pocket-view';
import { passNotice } from './wallet-apple';

/**
 * Google Wallet (GOOGLE_WALLET_*): the issuer id of the operator's Google Pay & Wallet console
 * account and a service account of it (its key file's `client_email` and `private_key`).
 */
export interface GoogleWalletConfig {
  issuerId: string;
  clientEmail: string;
  /** PKCS #8 PEM, as in the service account's JSON key file. */
  privateKey: string;
  /** Origins that show the "save" button (the site's): Google checks the page's origin against them. */
  origins: string[];
}

const SAVE_URL = 'https://pay.google.com/gp/v/save/';
/** The transit class every ticket object belongs to (created by the JWT itself the first time). */
const CLASS_SUFFIX = 'rumbo-bus';

const TEXTS = {
  'es-PE': { boarding: 'Embarque', terminal: 'Terminal de embarque', purchase: 'Compra', notice: 'Aviso' },
  'en-EN': { boarding: 'Boarding', terminal: 'Boarding terminal', purchase: 'Purchase', notice: 'Notice' },
} as const;

const keys = new WeakMap<GoogleWalletConfig, Promise<CryptoKey>>();
function keyOf(config: GoogleWalletConfig): Promise<CryptoKey> {
  let key = keys.get(config);
  if (!key) {
    key = importPKCS8(config.privateKey, 'RS256');
    keys.set(config, key);
  }
  return key;
}

/** Ids may hold letters, digits, '.', '_' and '-' after the issuer id. */
const objectId = (config: GoogleWalletConfig, numero: string) => `${config.issuerId}.${numero.replace(/[^\w.-]/g, '_')}`;

/** The transit object of one ticket: trip, passenger, seat, boarding QR (its text alternative the ticket number). */
export function transitObject(config: GoogleWalletConfig, reservation: PocketReservation, leg: PocketLeg, ticket: PocketTicket, language: Language, link?: string) {
  const t = TEXTS[language];
  const notice = passNotice(leg, language);
  return {
    id: objectId(config, ticket.numero),
    classId: `${config.issuerId}.${CLASS_SUFFIX}`,
    // A trip the operator cancelled: the pass is no longer valid for boarding.
    state: leg.cancelado ? 'INACTIVE' : 'ACTIVE',
    tripType: 'ONE_WAY',
    passengerType: 'SINGLE_PASSENGER',
    passengerNames: ticket.pasajero,
    ticketNumber: ticket.numero,
    tripId: `${reservation.codigo}-${leg.cviaje}`,
    ticketLeg: {
      originName: { defaultValue: { language: language.slice(0, 2), value: `${leg.origen} · ${leg.terminal_origen}` } },
      destinationName: { defaultValue: { language: language.slice(0, 2), value: `${leg.destino} · ${leg.terminal_destino}` } },
      // Local date-times without an offset read as the place's own time (Lima's).
      departureDateTime: limaWallClock(leg.salida),
      arrivalDateTime: limaWallClock(leg.llegada),
      ticketSeat: { seat: String(ticket.nasiento), coach: ticket.gnivel_piso === 16 ? '2' : '1' },
    },
    barcode: { type: 'QR_CODE', value: ticket.qr, alternateText: ticket.numero },
    validTimeInterval: { end: { date: `${limaWallClock(leg.llegada)}-05:00` } },
    textModulesData: [
      { id: 'embarque', header: t.boarding, body: limaWallClock(leg.embarque).slice(11, 16) },
      { id: 'terminal', header: t.terminal, body: `${leg.terminal_origen}, ${leg.direccion_origen}, ${leg.origen}` },
      { id: 'compra', header: t.purchase, body: reservation.codigo },
      ...(notice ? [{ id: 'aviso', header: t.notice, body: notice }] : []),
    ],
    ...(link ? { linksModuleData: { uris: [{ uri: link, description: OPERATOR.marca, id: 'boletos' }] } } : {}),
  };
}

/**
 * Google Wallet's "save" link of one ticket: a JWT signed (RS256) with the operator's service
 * key, carrying the bus class and the ticket's transit object; Google adds the pass on opening it.
 */
export async function googleSaveLink(config: GoogleWalletConfig, reservation: PocketReservation, leg: PocketLeg, ticket: PocketTicket, language: Language, link?: string): Promise<string> {
  const payload = {
    origins: config.origins,
    typ: 'savetowallet',
    payload: {
      transitClasses: [
        {
          id: `${config.issuerId}.${CLASS_SUFFIX}`,
          issuerName: OPERATOR.marca,
          reviewStatus: 'UNDER_REVIEW',
          transitType: 'BUS',
          hexBackgroundColor: '#164b7a',
        },
      ],
      transitObjects: [transitObject(config, reservation, leg, ticket, language, link)],
    },
  };
  const jwt = await new SignJWT(payload)
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(config.clientEmail)
    .setAudience('google')
    .setIssuedAt()
    .sign(await keyOf(config));
  return `${SAVE_URL}${jwt}`;
}

/** Google Wallet's REST API (objects of the operator's issuer account). */
export const WALLET_API = 'https://walletobjects.googleapis.com/walletobjects/v1';
const WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';

/**
 * The operator's service account as an OAuth 2.0 client of the Wallet API (google-auth-library:
 * the signed assertion, the token exchange and its renewal). `transport`: the requests' options
 * (tests send them to their stand-in of Google's services).
 */
export function googleWalletClient(config: GoogleWalletConfig, transport?: JWTOptions['transporterOptions']): JWT {
  return new JWT({ email: config.clientEmail, key: config.privateKey, scopes: [WALLET_SCOPE], ...(transport ? { transporterOptions: transport } : {}) });
}

/** The HTTP status of a failed request (gaxios' errors carry the response). */
const statusOf = (error: unknown) => (error as { response?: { status?: number } } | undefined)?.response?.status;

/**
 * A change of the trip reaches a saved Google Wallet pass: the ticket's object is patched with
 * what it shows now (departure moved by a delay, the notice, INACTIVE when cancelled), then the
 * notice is added as a message that notifies the phone (`TEXT_AND_NOTIFY`; Google allows three a
 * day per pass). 'gone': the customer never saved the pass (Google knows no such object).
 */
export async function updateTransitObject(
  client: JWT,
  config: GoogleWalletConfig,
  found: { reservation: PocketReservation; leg: PocketLeg; ticket: PocketTicket },
  message: { id: string; header: string; body: string },
  link?: string,
): Promise<'sent' | 'gone'> {
  const { reservation, leg, ticket } = found;
  const object = transitObject(config, reservation, leg, ticket, reservation.idioma, link);
  const url = `${WALLET_API}/transitObject/${encodeURIComponent(object.id)}`;
  try {
    await client.request({ url, method: 'PATCH', data: object });
  } catch (error) {
    if (statusOf(error) === 404) return 'gone';
    throw error;
  }
  try {
    await client.request({ url: `${url}/addMessage`, method: 'POST', data: { message: { ...message, messageType: 'TEXT_AND_NOTIFY' } } });
  } catch (error) {
    // A retry after a lost answer: the message (its id is the change's) is already there.
    if (statusOf(error) !== 409) throw error;
  }
  return 'sent';
}
