/**
 * The ticket with no network (issue 36: "an offline ticket opens in under 1 s on a mid-range
 * phone"). The reservation page needs the shell, this remote and React to draw a ticket: 2.5 s on
 * such a phone. Offline, the site's service worker answers a reservation's address with a small
 * document of its own instead, whose one script is this module's (`offline-ticket.js` in this
 * version's folder, so it always speaks the deployed version's words): it reads the purchase key
 * this browser keeps (as the page does, `purchaseKeyOf`), asks the reservation as the page does
 * (the worker answers with the tickets it kept, bound to that key) and draws each ticket: QR with
 * its text alternative, passenger, trip, boarding terminal and address, boarding time, seat, price,
 * voucher, in the reader's language, from the same texts and formats as the page.
 */
import { createInstance, type TFunction } from 'i18next';
import {
  deckNumber,
  formatCentimos,
  limaDate,
  limaTime,
  ReservationLookupSchema,
  ReservationViewAnswer,
  reservationCode,
  startLanguage,
  type Language,
  type ReservationView,
  type Ticket,
} from '@rumbo/shared/schemas';
import { storedLanguage } from '@rumbo/shared/storage';
import * as v from 'valibot';
import aftersaleEn from '../aftersale/locales.en-EN.json';
import aftersaleEs from '../aftersale/locales.es-PE.json';
import paymentEn from '../payment/locales.en-EN.json';
import paymentEs from '../payment/locales.es-PE.json';
import { purchaseKeyOf, RESERVATION_ROUTE } from '../stored-purchase';
import reservationEn from './locales.en-EN.json';
import reservationEs from './locales.es-PE.json';
import { PAINT } from '@rumbo/shared/paint';

/** What the document needs of the runtime configuration (`/config.json`: the worker names it on the script, `offlineDocument`). */
export interface OfflineTicketConfig {
  apiBaseUrl: string;
  product: string;
}

export interface OfflineTicketDeps {
  doc: Document;
  /** Where this browser keeps its purchases' keys (session storage). */
  purchases: Storage;
  /** Where the chosen language is kept (local storage). */
  preferences: Storage | undefined;
  fetch: typeof fetch;
  /** The QR of a text as an image address (`qrcode`, loaded by the entry). */
  qr: (text: string) => Promise<string>;
}

const RESERVATION_PATH = RESERVATION_ROUTE.replace(':codigo', '');

/** The reservation code an address names (`/pasajes/reserva/ABCD2345`), if it is a reservation's. */
export function codeOfPath(pathname: string): string | undefined {
  if (!pathname.startsWith(RESERVATION_PATH)) return undefined;
  const checked = v.safeParse(reservationCode, decodeURIComponent(pathname.slice(RESERVATION_PATH.length)));
  return checked.success ? checked.output : undefined;
}

function texts(language: Language): TFunction {
  const i18n = createInstance();
  void i18n.init({
    lng: language,
    fallbackLng: 'es-PE',
    initAsync: false,
    ns: ['booking'],
    defaultNS: 'booking',
    resources: {
      'es-PE': { booking: { ...paymentEs, ...reservationEs, ...aftersaleEs } },
      'en-EN': { booking: { ...paymentEn, ...reservationEn, ...aftersaleEn } },
    },
  });
  return i18n.t;
}

type Child = Node | string | false | undefined;

/** An element with its attributes and children (text is always text: nothing here is HTML). */
function el(doc: Document, tag: string, attributes: Record<string, string> = {}, ...children: Child[]): HTMLElement {
  const element = doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  for (const child of children) if (child !== false && child !== undefined) element.append(child);
  return element;
}

/** A term and its description, as the page's ticket card lists them. */
const pair = (doc: Document, term: string, description: string, testId?: string): Node[] => [
  el(doc, 'dt', {}, term),
  el(doc, 'dd', testId ? { 'data-testid': testId } : {}, description),
];

const VOID_LABEL = { postergado: 'aftersale.ticket.postponed', anulado: 'aftersale.ticket.cancelled', transferido: 'aftersale.ticket.transferred' } as const;

async function ticketItem(doc: Document, ticket: Ticket, t: TFunction, language: Language, qr: OfflineTicketDeps['qr']): Promise<HTMLElement> {
  const valid = ticket.estado === 'emitido';
  const name = [ticket.pasajero.nombres, ticket.pasajero.paterno, ticket.pasajero.materno].join(' ');
  const facts: Node[] = [
    ...pair(doc, t('reservation.tickets.passenger'), name),
    ...pair(doc, t('reservation.tickets.trip'), `${t(`payment.leg.${ticket.tramo}`)}: ${ticket.origen} → ${ticket.destino}, ${limaDate(ticket.salida, language)} ${limaTime(ticket.salida, language)}`),
    ...pair(doc, t('reservation.tickets.boarding'), `${ticket.terminal_origen}${ticket.direccion_origen ? `, ${ticket.direccion_origen}` : ''} (${ticket.origen})`),
    ...(ticket.embarque ? pair(doc, t('reservation.tickets.boardingTime'), `${limaDate(ticket.embarque, language)} ${limaTime(ticket.embarque, language)}`, 'ticket-boarding-time') : []),
    ...pair(doc, t('reservation.tickets.alighting'), `${ticket.terminal_destino} (${ticket.destino})`),
    ...pair(doc, t('reservation.tickets.seat'), t('reservation.tickets.seatValue', { n: ticket.nasiento, piso: deckNumber(ticket.gnivel_piso) })),
    ...pair(doc, t('reservation.tickets.price'), formatCentimos(ticket.precio_centimos, language)),
    ...(ticket.comprobante ? pair(doc, t('reservation.tickets.voucher'), ticket.comprobante, 'ticket-voucher') : []),
    ...(!valid && ticket.postergado_a ? pair(doc, t('aftersale.ticket.replacedBy'), ticket.postergado_a) : []),
  ];
  const image = valid ? el(doc, 'img', { src: await qr(ticket.qr), alt: t('reservation.tickets.qr', { numero: ticket.numero }), width: '160', height: '160', 'data-testid': 'ticket-qr' }) : undefined;
  return el(
    doc,
    'li',
    { class: valid ? 'ticket' : 'ticket void', 'data-testid': 'ticket', 'data-numero': ticket.numero },
    image,
    el(
      doc,
      'div',
      {},
      el(doc, 'h3', {}, t('reservation.tickets.number', { numero: ticket.numero })),
      !valid && el(doc, 'p', { class: 'badge', 'data-testid': 'ticket-state' }, t(VOID_LABEL[ticket.estado as keyof typeof VOID_LABEL])),
      el(doc, 'dl', {}, ...facts),
    ),
  );
}

/** The reservation as the worker kept it for this code and key, or undefined (not kept, another key, another shape). */
async function keptReservation(deps: OfflineTicketDeps, config: OfflineTicketConfig, codigo: string): Promise<ReservationView | undefined> {
  // Asked as the page asks it (`ReservationStore.load`): a stored key of another shape asks nothing.
  const lookup = v.safeParse(ReservationLookupSchema, { codigo, clave_bloqueo: purchaseKeyOf(codigo, deps.purchases) });
  if (!lookup.success) return undefined;
  try {
    // `salesEndpoints.reservation`, written out: the contract module would weigh a fifth of this script.
    const response = await deps.fetch(new URL('/rest/venta/consulta', config.apiBaseUrl).href, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(lookup.output),
    });
    if (!response.ok) return undefined;
    const answer = v.safeParse(ReservationViewAnswer, ((await response.json()) as { data?: unknown }).data);
    return answer.success && answer.output.estado === 'pagada' ? answer.output : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Draws the document: its language, title, the reservation's code and state and each ticket, or,
 * when this browser has no such ticket kept, an alert saying so. Answers what it drew.
 */
export async function showOfflineTicket(deps: OfflineTicketDeps, config: OfflineTicketConfig): Promise<'tickets' | 'missing'> {
  const { doc } = deps;
  // Asked first: the texts are made ready while the worker answers.
  const codigo = codeOfPath(doc.location?.pathname ?? '');
  const asked = codigo ? keptReservation(deps, config, codigo) : Promise.resolve(undefined);
  const language = startLanguage(doc.location?.search ?? '', storedLanguage(config.product, deps.preferences));
  const t = texts(language);
  doc.documentElement.lang = language === 'en-EN' ? 'en' : 'es-PE';
  doc.title = t('reservation.title');
  // The first Lima date and price formatters cost tens of milliseconds on a phone: made while waiting too.
  const now = new Date().toISOString();
  limaDate(now, language);
  limaTime(now, language);
  formatCentimos(0, language);
  const view = await asked;
  const main = doc.getElementById(PAINT.main) ?? doc.body.appendChild(el(doc, 'main', { id: PAINT.main }));
  const home = el(doc, 'p', {}, el(doc, 'a', { href: '/' }, t('reservation.offline.home')));
  // Ley 32495: the complaints book is at hand from every surface, this one too.
  const complaints = el(doc, 'p', {}, el(doc, 'a', { href: '/libro_reclamaciones' }, t('reservation.offline.complaints')));
  if (!view) {
    main.replaceChildren(el(doc, 'h1', {}, t('reservation.title')), el(doc, 'p', { role: 'alert', class: 'alert' }, t('reservation.offline.missing')), home, complaints);
    return 'missing';
  }
  const tickets = await Promise.all(view.boletos.map((ticket) => ticketItem(doc, ticket, t, language, deps.qr)));
  main.replaceChildren(
    el(doc, 'h1', {}, t('reservation.title')),
    el(doc, 'p', { role: 'status', class: 'note' }, t('reservation.offline.note')),
    el(
      doc,
      'section',
      { 'aria-labelledby': 'reservation-summary' },
      el(doc, 'h2', { id: 'reservation-summary' }, t('reservation.summary')),
      el(
        doc,
        'dl',
        {},
        ...pair(doc, t('reservation.code'), view.codigo, 'reservation-code'),
        el(doc, 'dt', {}, t('reservation.state')),
        el(doc, 'dd', {}, el(doc, 'span', { class: 'badge', 'data-testid': 'reservation-state' }, t(`reservation.states.${view.estado}`))),
      ),
    ),
    el(doc, 'section', { 'aria-labelledby': 'tickets-title' }, el(doc, 'h2', { id: 'tickets-title' }, t('reservation.tickets.title')), el(doc, 'ul', {}, ...tickets)),
    home,
    complaints,
  );
  return 'tickets';
}

/** The document's look: the site's colours and type, readable on a small screen in the sun. */
export const OFFLINE_TICKET_CSS = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a202c;background:#fff;line-height:1.5}
body{margin:0}
main{max-width:56rem;margin:0 auto;padding:1.5rem 1rem}
h1{font-size:1.75rem;margin:0 0 1rem;color:#0f3a60}
h2{font-size:1.25rem;margin:1.5rem 0 .75rem}
h3{font-size:1rem;margin:0 0 .25rem}
dl{display:grid;grid-template-columns:auto 1fr;column-gap:.75rem;row-gap:.125rem;margin:0}
dt{font-weight:600}
dd{margin:0}
ul{list-style:none;padding:0;margin:0;display:grid;gap:1rem}
.ticket{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;border:1px solid #cbd5e0;border-radius:.5rem;padding:1rem}
.ticket img{width:10rem;height:10rem;flex-shrink:0}
.void{opacity:.85}
.badge{display:inline-block;margin:0 0 .25rem;padding:0 .5rem;border-radius:.25rem;background:#e6f4ea;color:#14532d;font-weight:600}
.void .badge{background:#edf2f7;color:#2d3748}
.note{background:#ebf4ff;border-left:4px solid #0f3a60;padding:.5rem .75rem}
.alert{background:#fffaf0;border-left:4px solid #c05621;padding:.5rem .75rem}
a{color:#0f3a60;font-weight:600}
`;
