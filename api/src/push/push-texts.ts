import { limaDateTime, limaTime, type Language } from '@rumbo/shared/schemas';

/**
 * The notifications' texts, in the purchase's language (a phone shows a title and a line or two:
 * the mail carries the rest). Links are site paths: the service worker opens them on its own
 * origin only.
 */
const TEXTS = {
  'es-PE': {
    reminderTitle: { '24h': (o: string, d: string) => `Mañana viaja: ${o} → ${d}`, '3h': (o: string, d: string) => `Su bus sale pronto: ${o} → ${d}` },
    reminderBody: (terminal: string, embarque: string, salida: string) =>
      `Preséntese en ${terminal} a las ${embarque} (salida ${salida}, hora de Lima) con su documento de identidad.`,
    delayTitle: (o: string, d: string) => `Su viaje ${o} → ${d} sale con retraso`,
    cancelTitle: (o: string, d: string) => `Su viaje ${o} → ${d} fue cancelado`,
    delayBody: (minutos: number, salida: string, motivo: string) => `Nueva salida: ${salida} (hora de Lima), ${minutos} minutos tarde. Motivo: ${motivo}.`,
    cancelBody: (motivo: string) => `Motivo: ${motivo}.`,
    choose: (pasajero: string) => ` Toque para elegir reprogramar o la devolución, sin costo (${pasajero}).`,
  },
  'en-EN': {
    reminderTitle: { '24h': (o: string, d: string) => `You travel tomorrow: ${o} → ${d}`, '3h': (o: string, d: string) => `Your bus leaves soon: ${o} → ${d}` },
    reminderBody: (terminal: string, embarque: string, salida: string) =>
      `Be at ${terminal} by ${embarque} (departure ${salida}, Lima time) with your identity document.`,
    delayTitle: (o: string, d: string) => `Your trip ${o} → ${d} leaves late`,
    cancelTitle: (o: string, d: string) => `Your trip ${o} → ${d} is cancelled`,
    delayBody: (minutos: number, salida: string, motivo: string) => `New departure: ${salida} (Lima time), ${minutos} minutes late. Reason: ${motivo}.`,
    cancelBody: (motivo: string) => `Reason: ${motivo}.`,
    choose: (pasajero: string) => ` Tap to rebook or get a refund, free of charge (${pasajero}).`,
  },
} as const;

/** What one notification says; `clave` names the message (one per subscription, see `push_envio`). */
export interface PushMessage {
  clave: string;
  titulo: string;
  cuerpo: string;
  /** A path of the site (`/pasajes/…`): where a tap leads. */
  url: string;
}

/** A site path of a link that may be absolute (SITE_URL's): the worker resolves it on its own origin. */
export function sitePath(link: string): string {
  const url = new URL(link, 'http://site.invalid');
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where a purchase's tickets open from any browser (the recovery page, as the mails link). */
export const ticketsPath = (codigo: string) => `/pasajes/recuperar?codigo=${encodeURIComponent(codigo)}`;

export function reminderPush(
  r: { creserva: number; codigo: string; idioma: Language },
  leg: { cviaje: number; origen: string; destino: string; terminal_origen: string; salida: Date; embarque: Date },
  tipo: '24h' | '3h',
): PushMessage {
  const t = TEXTS[r.idioma];
  return {
    clave: `recordatorio:${r.creserva}:${leg.cviaje}:${tipo}`,
    titulo: t.reminderTitle[tipo](leg.origen, leg.destino),
    cuerpo: t.reminderBody(leg.terminal_origen, limaTime(leg.embarque), limaTime(leg.salida)),
    url: ticketsPath(r.codigo),
  };
}

export function disruptionPush(
  d: { cincidencia: number; revision: number; tipo: 'retraso' | 'cancelacion'; minutos: number; motivo: string },
  r: { codigo: string; idioma: Language },
  ticket: { numero: string; pasajero: string; origen: string; destino: string; salida: Date; enlace: string | null },
  /** One notification per ticket with a choice link; otherwise one per purchase. */
  perTicket: boolean,
): PushMessage {
  const t = TEXTS[r.idioma];
  const title = d.tipo === 'cancelacion' ? t.cancelTitle(ticket.origen, ticket.destino) : t.delayTitle(ticket.origen, ticket.destino);
  const body = d.tipo === 'cancelacion' ? t.cancelBody(d.motivo) : t.delayBody(d.minutos, limaDateTime(ticket.salida, r.idioma), d.motivo);
  return {
    clave: `incidencia:${d.cincidencia}:${d.revision}:${perTicket ? ticket.numero : r.codigo}`,
    titulo: title,
    cuerpo: ticket.enlace ? `${body}${t.choose(ticket.pasajero)}` : body,
    url: ticket.enlace ? sitePath(ticket.enlace) : ticketsPath(r.codigo),
  };
}

/** The notification's JSON as the service worker reads it (`shell/src/offline/push.ts`). */
export const pushPayload = (m: Pick<PushMessage, 'clave' | 'titulo' | 'cuerpo' | 'url'>) =>
  JSON.stringify({ title: m.titulo, body: m.cuerpo, url: m.url, tag: m.clave });
