import { limaDateTime, limaTime, WAITLIST_HOLD_MINUTES, type Language } from '@rumbo/shared/schemas';
import { escapeHtml } from '../mail/html';
import type { OutgoingMail } from '../mail/outbox';
import { OPERATOR } from '../operator';
import { sitePath, type PushMessage } from '../push/push-texts';
import type { TripForSale } from '../trips/trips.queries';
import type { WhatsAppMessage } from '../whatsapp/whatsapp.queue';

/** The waitlist offer's words, per language (the place's: the joiner's language when they joined). */
const TEXTS = {
  'es-PE': {
    subject: (route: string) => `Se liberaron asientos para su viaje ${route}`,
    intro: (route: string, when: string) => `Se liberaron asientos en el viaje ${route} del ${when} (hora de Lima), por el que usted esperaba.`,
    held: (seats: string, until: string) => `Le apartamos ${seats}: son suyos hasta las ${until} (hora de Lima), ${WAITLIST_HOLD_MINUTES} minutos. Después pasan al siguiente de la lista.`,
    seats: (numbers: number[]) => (numbers.length === 1 ? `el asiento ${numbers[0]}` : `los asientos ${numbers.join(', ')}`),
    cta: 'Completar la compra',
    leave: 'Si ya no los necesita, no haga nada: al terminar el plazo se ofrecen al siguiente.',
    pushTitle: 'Se liberaron asientos para usted',
    pushBody: (route: string, until: string) => `${route}: apartados hasta las ${until}. Toque para completar la compra.`,
    signature: `${OPERATOR.marca} · ${OPERATOR.central_telefonica} · ${OPERATOR.correo}`,
  },
  'en-EN': {
    subject: (route: string) => `Seats freed up for your trip ${route}`,
    intro: (route: string, when: string) => `Seats freed up on the trip ${route} of ${when} (Lima time) you were waiting for.`,
    held: (seats: string, until: string) => `We set aside ${seats} for you until ${until} (Lima time), ${WAITLIST_HOLD_MINUTES} minutes. Then they go to the next in line.`,
    seats: (numbers: number[]) => (numbers.length === 1 ? `seat ${numbers[0]}` : `seats ${numbers.join(', ')}`),
    cta: 'Complete the purchase',
    leave: 'If you no longer need them, do nothing: when the time is up they are offered to the next in line.',
    pushTitle: 'Seats freed up for you',
    pushBody: (route: string, until: string) => `${route}: set aside until ${until}. Tap to complete the purchase.`,
    signature: `${OPERATOR.marca} · ${OPERATOR.central_telefonica} · ${OPERATOR.correo}`,
  },
} as const satisfies Record<Language, unknown>;

const routeOf = (trip: Pick<TripForSale, 'stretch'>) => `${trip.stretch.origen.terminal.ciudad} → ${trip.stretch.destino.terminal.ciudad}`;

/** The offer's mail: the trip, the seats held and until when, and the link that opens step 2 with them. */
export function waitlistOfferMail(offer: { to: string; language: Language; trip: TripForSale; seats: number[]; until: Date; link: string }): OutgoingMail {
  const t = TEXTS[offer.language];
  const route = routeOf(offer.trip);
  const when = limaDateTime(offer.trip.salida, offer.language);
  const until = limaTime(offer.until, offer.language);
  const e = escapeHtml;
  const lines = [t.intro(route, when), t.held(t.seats(offer.seats), until), `${t.cta}: ${offer.link}`, t.leave, t.signature];
  const html = `<!doctype html>
<html lang="${offer.language.slice(0, 2)}"><head><meta charset="utf-8"><title>${e(t.subject(route))}</title></head>
<body><p>${e(t.intro(route, when))}</p><p>${e(t.held(t.seats(offer.seats), until))}</p>
<p><a href="${e(offer.link)}">${e(t.cta)}</a></p><p>${e(t.leave)}</p><p>${e(t.signature)}</p></body></html>`;
  return { to: offer.to, subject: t.subject(route), text: lines.join('\n\n'), html };
}

/** The offer's web push (to the phones the customer turned on while signed in). */
export function waitlistOfferPush(offer: { cespera: number; language: Language; trip: TripForSale; until: Date; link: string }): PushMessage {
  const t = TEXTS[offer.language];
  return {
    clave: `lista-espera:${offer.cespera}:${offer.until.getTime()}`,
    titulo: t.pushTitle,
    cuerpo: t.pushBody(routeOf(offer.trip), limaTime(offer.until, offer.language)),
    url: sitePath(offer.link),
  };
}

/** The offer as the WhatsApp template `rumbo_lista_espera` (whatsapp/templates.ts): route, departure, until when, the link. */
export function waitlistOfferWhatsApp(offer: { cespera: number; telefono: string; language: Language; trip: TripForSale; until: Date; link: string }): WhatsAppMessage {
  return {
    clave: `lista-espera:${offer.cespera}:${offer.until.getTime()}`,
    telefono: offer.telefono,
    plantilla: 'rumbo_lista_espera',
    language: offer.language,
    parametros: [routeOf(offer.trip), limaDateTime(offer.trip.salida, offer.language), limaTime(offer.until, offer.language), offer.link],
  };
}
