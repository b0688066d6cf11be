import { firstNameOf, limaDateTime, limaTime, type Language } from '@rumbo/shared/schemas';
import { escapeHtml } from '../mail/html';
import type { OutgoingMail } from '../mail/outbox';
import type { WhatsAppMessage } from '../whatsapp/whatsapp.queue';
import { OPERATOR } from '../operator';
import { BOARDING_LEAD_MINUTES, needsTravelAuthorization, type PocketLeg, type PocketReservation } from './pocket-view';

export type ReminderKind = '24h' | '3h';

/** The links a reminder carries; each is left out when it cannot be made (no site URL, a wallet not configured). */
export interface ReminderLinks {
  /** The tickets on the site (recovery by code and e-mail, from any browser). */
  page?: string;
  pdf: string;
  calendar: string;
  /** Per ticket number. */
  apple: Map<string, string>;
  google: Map<string, string>;
  optOut: string;
}

const TEXTS = {
  'es-PE': {
    subject: (leg: PocketLeg, when: string) => `Recordatorio: su viaje ${leg.origen} → ${leg.destino} sale el ${when}`,
    greeting: (name: string) => `Hola, ${firstNameOf(name)}:`,
    intro: { '24h': 'Su viaje sale en menos de 24 horas.', '3h': 'Su viaje sale en unas 3 horas.' } as Record<ReminderKind, string>,
    purchase: (codigo: string) => `Compra ${codigo}.`,
    terminal: 'Terminal de embarque',
    address: 'Dirección',
    departure: 'Salida',
    departureValue: (when: string) => `${when} (hora de Lima)`,
    boarding: 'Hora de embarque',
    boardingValue: (time: string) => `preséntese a las ${time}, ${BOARDING_LEAD_MINUTES} minutos antes de la salida`,
    passengers: 'Pasajeros',
    seat: (name: string, seat: number, deck: number, numero: string) => `${name}: asiento ${seat}, piso ${deck === 16 ? 2 : 1} (boleto ${numero})`,
    bring: 'Qué llevar',
    identity: 'El documento de identidad de cada pasajero, el indicado en su boleto. Sin él no podrá embarcar.',
    minor: (name: string) => `${name} es menor de edad y viaja sin su padre ni su madre: lleve su permiso notarial de viaje firmado por uno de sus padres y muéstrelo al embarcar; sin él no podrá embarcar.`,
    lap: (child: string, adult: string) => `${child} viaja en brazos de ${adult}: lleve también su documento de identidad.`,
    links: 'Sus boletos',
    page: 'Ver sus boletos en la web',
    pdf: 'Boletos en PDF',
    calendar: 'Agregar al calendario (.ics)',
    apple: (numero: string) => `Agregar el boleto ${numero} a Apple Wallet`,
    google: (numero: string) => `Agregar el boleto ${numero} a Google Wallet`,
    optOut: '¿No desea más recordatorios de esta compra? Dejar de recibirlos:',
    signature: `${OPERATOR.marca} · ${OPERATOR.central_telefonica} · ${OPERATOR.correo}`,
  },
  'en-EN': {
    subject: (leg: PocketLeg, when: string) => `Reminder: your trip ${leg.origen} → ${leg.destino} leaves on ${when}`,
    greeting: (name: string) => `Hello ${firstNameOf(name)},`,
    intro: { '24h': 'Your trip leaves in less than 24 hours.', '3h': 'Your trip leaves in about 3 hours.' } as Record<ReminderKind, string>,
    purchase: (codigo: string) => `Purchase ${codigo}.`,
    terminal: 'Boarding terminal',
    address: 'Address',
    departure: 'Departure',
    departureValue: (when: string) => `${when} (Lima time)`,
    boarding: 'Boarding time',
    boardingValue: (time: string) => `be there by ${time}, ${BOARDING_LEAD_MINUTES} minutes before departure`,
    passengers: 'Passengers',
    seat: (name: string, seat: number, deck: number, numero: string) => `${name}: seat ${seat}, deck ${deck === 16 ? 2 : 1} (ticket ${numero})`,
    bring: 'What to bring',
    identity: "Each passenger's identity document, the one shown on their ticket. Without it they cannot board.",
    minor: (name: string) => `${name} is a minor travelling with neither parent: bring their notarized travel authorization signed by one of the parents and show it at boarding; without it they cannot board.`,
    lap: (child: string, adult: string) => `${child} rides on ${adult}'s lap: bring their identity document too.`,
    links: 'Your tickets',
    page: 'See your tickets on the website',
    pdf: 'Tickets as a PDF',
    calendar: 'Add to calendar (.ics)',
    apple: (numero: string) => `Add ticket ${numero} to Apple Wallet`,
    google: (numero: string) => `Add ticket ${numero} to Google Wallet`,
    optOut: 'No more reminders for this purchase? Stop them:',
    signature: `${OPERATOR.marca} · ${OPERATOR.central_telefonica} · ${OPERATOR.correo}`,
  },
} as const;

/**
 * A trip reminder, in the purchase's language: boarding terminal and its address, departure and
 * boarding time, the passengers and seats, what to bring (identity documents; a minor's travel
 * authorization where it applies), the links to the tickets, calendar and wallets, and the opt-out.
 */
export function reminderMail(reservation: PocketReservation, leg: PocketLeg, kind: ReminderKind, links: ReminderLinks): OutgoingMail {
  const language: Language = reservation.idioma;
  const t = TEXTS[language];
  const when = limaDateTime(leg.salida, language);
  const facts: [string, string][] = [
    [t.terminal, `${leg.terminal_origen} (${leg.origen})`],
    [t.address, leg.direccion_origen],
    [t.departure, t.departureValue(when)],
    [t.boarding, t.boardingValue(limaTime(leg.embarque, language))],
  ];
  const seats = leg.boletos.map((b) => t.seat(b.pasajero, b.nasiento, b.gnivel_piso, b.numero));
  const bring = [
    t.identity,
    ...leg.boletos.filter(needsTravelAuthorization).map((b) => t.minor(b.pasajero)),
    // Issue 34: a lap child's document, and their authorization when the carrier is not a parent.
    ...leg.boletos.flatMap((b) => (b.infante ? [t.lap(b.infante.nombre, b.pasajero), ...(b.infante.autorizacion_notarial ? [t.minor(b.infante.nombre)] : [])] : [])),
  ];
  const linkList: [string, string][] = [
    ...(links.page ? [[t.page, links.page] as [string, string]] : []),
    [t.pdf, links.pdf],
    [t.calendar, links.calendar],
    ...leg.boletos.flatMap((b) => (links.apple.has(b.numero) ? [[t.apple(b.numero), links.apple.get(b.numero)!] as [string, string]] : [])),
    ...leg.boletos.flatMap((b) => (links.google.has(b.numero) ? [[t.google(b.numero), links.google.get(b.numero)!] as [string, string]] : [])),
  ];
  const text = [
    t.greeting(reservation.nombre),
    `${t.intro[kind]} ${t.purchase(reservation.codigo)}`,
    facts.map(([label, value]) => `${label}: ${value}`).join('\n'),
    [`${t.passengers}:`, ...seats.map((s) => `- ${s}`)].join('\n'),
    [`${t.bring}:`, ...bring.map((s) => `- ${s}`)].join('\n'),
    [`${t.links}:`, ...linkList.map(([label, url]) => `- ${label}: ${url}`)].join('\n'),
    `${t.optOut}\n${links.optOut}`,
    t.signature,
  ].join('\n\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${language.slice(0, 2)}"><head><meta charset="utf-8"><title>${e(t.subject(leg, when))}</title></head>
<body style="font-family:Arial,sans-serif;color:#222">
<p>${e(t.greeting(reservation.nombre))}</p>
<p>${e(`${t.intro[kind]} ${t.purchase(reservation.codigo)}`)}</p>
<table style="border-collapse:collapse">${facts.map(([label, value]) => `<tr><th scope="row" style="text-align:left;padding:2px 12px 2px 0">${e(label)}</th><td>${e(value)}</td></tr>`).join('')}</table>
<h2 style="font-size:16px">${e(t.passengers)}</h2>
<ul>${seats.map((s) => `<li>${e(s)}</li>`).join('')}</ul>
<h2 style="font-size:16px">${e(t.bring)}</h2>
<ul>${bring.map((s) => `<li>${e(s)}</li>`).join('')}</ul>
<h2 style="font-size:16px">${e(t.links)}</h2>
<ul>${linkList.map(([label, url]) => `<li><a href="${e(url)}" style="color:#0f3a60">${e(label)}</a></li>`).join('')}</ul>
<p style="font-size:13px">${e(t.optOut)} <a href="${e(links.optOut)}" style="color:#0f3a60">${e(links.optOut)}</a></p>
<p style="font-size:12px">${e(t.signature)}</p>
</body></html>`;
  return { to: reservation.email, subject: t.subject(leg, when), text, html, baja: links.optOut };
}

/**
 * Issue 48: the same reminder by WhatsApp (template `rumbo_recordatorio`), for a customer who turned
 * WhatsApp on for their trips: the trip, its departure, the boarding terminal and how early to come.
 * Its key names the purchase, trip and kind, as the reminder's own row does.
 */
export function reminderWhatsApp(reservation: PocketReservation, leg: PocketLeg, kind: ReminderKind, telefono: string): WhatsAppMessage {
  const language: Language = reservation.idioma;
  return {
    clave: `recordatorio:${reservation.creserva}:${leg.cviaje}:${kind}`,
    telefono,
    plantilla: 'rumbo_recordatorio',
    language,
    parametros: [`${leg.origen} → ${leg.destino}`, limaDateTime(leg.salida, language), `${leg.terminal_origen} (${leg.direccion_origen})`, String(BOARDING_LEAD_MINUTES)],
  };
}
