import { formatSoles, limaDate, type Language } from '@rumbo/shared/schemas';
import { escapeHtml } from '../mail/html';
import type { OutgoingMail } from '../mail/outbox';
import { OPERATOR } from '../operator';
import { sitePath, type PushMessage } from '../push/push-texts';
import type { WhatsAppMessage } from '../whatsapp/whatsapp.queue';

/** What an alert says: the route, the day with the lowest from-price, that price, the customer's sum, and its links. */
export interface PriceAlertMessage {
  language: Language;
  origen: string;
  destino: string;
  fecha: string;
  precio: number;
  tope: number;
  /** Step 1 on that day. */
  link: string;
  /** The one-tap opt-out page. */
  optOut: string;
}

const TEXTS = {
  'es-PE': {
    subject: (m: PriceAlertMessage, price: string) => `Alerta de precio: ${m.origen} → ${m.destino} desde ${price}`,
    body: (m: PriceAlertMessage, price: string, tope: string, day: string) => `El viaje ${m.origen} → ${m.destino} del ${day} está desde ${price}, por debajo de los ${tope} que indicó.`,
    cta: 'Ver los viajes de ese día',
    optOut: 'No recibir más esta alerta (un toque):',
    why: 'Le escribimos porque pidió esta alerta de precio y aceptó recibirla por este medio.',
    pushTitle: 'Bajó el precio de su ruta',
    signature: `${OPERATOR.marca} · ${OPERATOR.central_telefonica} · ${OPERATOR.correo}`,
  },
  'en-EN': {
    subject: (m: PriceAlertMessage, price: string) => `Price alert: ${m.origen} → ${m.destino} from ${price}`,
    body: (m: PriceAlertMessage, price: string, tope: string, day: string) => `The trip ${m.origen} → ${m.destino} on ${day} is from ${price}, below the ${tope} you set.`,
    cta: 'See the trips of that day',
    optOut: 'Stop this alert (one tap):',
    why: 'We write because you asked for this price alert and agreed to get it this way.',
    pushTitle: 'Your route got cheaper',
    signature: `${OPERATOR.marca} · ${OPERATOR.central_telefonica} · ${OPERATOR.correo}`,
  },
} as const satisfies Record<Language, unknown>;

const words = (m: PriceAlertMessage) => {
  const t = TEXTS[m.language];
  const price = formatSoles(m.precio, m.language);
  return { t, price, text: t.body(m, price, formatSoles(m.tope, m.language), limaDate(`${m.fecha}T12:00:00-05:00`, m.language)) };
};

export function priceAlertMail(m: PriceAlertMessage & { to: string }): OutgoingMail {
  const { t, price, text } = words(m);
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${m.language.slice(0, 2)}"><head><meta charset="utf-8"><title>${e(t.subject(m, price))}</title></head>
<body><p>${e(text)}</p><p><a href="${e(m.link)}">${e(t.cta)}</a></p>
<p>${e(t.why)} ${e(t.optOut)} <a href="${e(m.optOut)}">${e(m.optOut)}</a></p><p>${e(t.signature)}</p></body></html>`;
  return { to: m.to, subject: t.subject(m, price), text: [text, `${t.cta}: ${m.link}`, `${t.why} ${t.optOut} ${m.optOut}`, t.signature].join('\n\n'), html };
}

export function priceAlertPush(m: PriceAlertMessage & { calerta: number }): PushMessage {
  const { t, text } = words(m);
  return { clave: `alerta-precio:${m.calerta}:${m.fecha}:${m.precio}`, titulo: t.pushTitle, cuerpo: text, url: sitePath(m.link) };
}

/** The alert as the WhatsApp template `rumbo_alerta_precio` (whatsapp/templates.ts): route, day, price, step 1's link, the opt-out. */
export function priceAlertWhatsApp(m: PriceAlertMessage & { calerta: number; telefono: string }): WhatsAppMessage {
  return {
    clave: `alerta-precio:${m.calerta}:${m.fecha}:${m.precio}`,
    telefono: m.telefono,
    plantilla: 'rumbo_alerta_precio',
    language: m.language,
    parametros: [`${m.origen} → ${m.destino}`, limaDate(`${m.fecha}T12:00:00-05:00`, m.language), formatSoles(m.precio, m.language), m.link, m.optOut],
  };
}
