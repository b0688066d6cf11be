import { firstNameOf, formatCentimos, limaDateTime, type Language } from '@rumbo/shared/schemas';
import { escapeHtml } from '../mail/html';
import type { OutgoingMail } from '../mail/outbox';
import { OPERATOR } from '../operator';

/** The attachment reference of a reservation's tickets in a language (rendered by the mail sender). */
export const ticketsAttachment = (codigo: string, language: Language) => `boletos:${codigo}:${language}`;

export function parseTicketsAttachment(reference: string): { codigo: string; language: Language } | null {
  const match = /^boletos:([A-Z0-9]{8}):(es-PE|en-EN)$/.exec(reference);
  return match ? { codigo: match[1]!, language: match[2] as Language } : null;
}

const TEXTS = {
  'es-PE': {
    greeting: (name: string) => `Hola, ${firstNameOf(name)}:`,
    reserved: {
      subject: (code: string) => `Su código de pago de ${OPERATOR.marca}: ${code}`,
      intro: (code: string, total: string, deadline: string) =>
        `Reservamos sus asientos. Su código de pago es ${code}: pague ${total} hasta el ${deadline} (hora de Lima). Si no se paga a tiempo, la reserva vence y los asientos se liberan.`,
      howTo: 'Cómo pagar, desde su reserva en nuestra web:',
      methods: [
        'Tarjeta de crédito o débito: pague en línea con SafetyPay.',
        'Banca por internet: pague en línea desde su banco con SafetyPay.',
        'Efectivo: pida un código CIP y páguelo en agentes, agencias bancarias o bodegas afiliadas.',
        'Pago con código QR: pida un código CIP y páguelo con el código QR desde la app de su banco o billetera.',
      ],
      back: 'Vuelva a su reserva cuando quiera con su código de pago y este correo:',
      keep: 'Guarde este mensaje: el código y este correo le permiten recuperar su compra. Recibirá sus pasajes por correo en cuanto se confirme el pago.',
    },
    tickets: {
      subject: (code: string) => `Sus boletos de ${OPERATOR.marca} (compra ${code})`,
      body: (code: string, total: string) =>
        `Recibimos su pago de ${total} de la compra ${code}. Adjuntamos sus boletos electrónicos en PDF: preséntelos (impresos o en el celular) con el documento de identidad de cada pasajero. También adjuntamos su comprobante de pago electrónico (PDF y XML) y su viaje para agregarlo a su calendario (archivo .ics).`,
      legs: 'Su viaje:',
      leg: (leg: MailLeg, salida: string) =>
        `${leg.origen} → ${leg.destino}: embarque en ${leg.terminal_origen} (${leg.origen}) el ${salida} (hora de Lima), desembarque en ${leg.terminal_destino} (${leg.destino}).`,
    },
    refund: {
      subject: (code: string) => `Su pago de la compra ${code} será devuelto`,
      body: (code: string, total: string) =>
        `Recibimos su pago de ${total} de la compra ${code} después de que venció el plazo para pagar, y sus asientos ya fueron vendidos a otra persona. No emitimos boletos: le devolveremos el importe por el mismo medio de pago. Si tiene dudas, llámenos al ${OPERATOR.central_telefonica}.`,
    },
    signature: `${OPERATOR.marca} · ${OPERATOR.central_telefonica} · ${OPERATOR.correo}`,
  },
  'en-EN': {
    greeting: (name: string) => `Hello ${firstNameOf(name)},`,
    reserved: {
      subject: (code: string) => `Your ${OPERATOR.marca} payment code: ${code}`,
      intro: (code: string, total: string, deadline: string) =>
        `Your seats are reserved. Your payment code is ${code}: pay ${total} by ${deadline} (Lima time). If it is not paid in time, the reservation expires and the seats are released.`,
      howTo: 'How to pay, from your reservation on our website:',
      methods: [
        'Credit or debit card: pay online with SafetyPay.',
        'Online banking: pay online from your bank with SafetyPay.',
        'Cash: ask for a CIP code and pay it at agents, bank branches or partner shops.',
        'QR code: ask for a CIP code and pay it with the QR code from your bank or wallet app.',
      ],
      back: 'Come back to your reservation any time with your payment code and this e-mail address:',
      keep: 'Keep this message: the code and this e-mail address let you recover your purchase. Your tickets are e-mailed as soon as the payment is confirmed.',
    },
    tickets: {
      subject: (code: string) => `Your ${OPERATOR.marca} tickets (purchase ${code})`,
      body: (code: string, total: string) =>
        `We received your payment of ${total} for purchase ${code}. Your e-tickets are attached as a PDF: show them (printed or on your phone) with each passenger's identity document. Your electronic payment voucher (PDF and XML) is attached too, and your trip, to add to your calendar (.ics file).`,
      legs: 'Your trip:',
      leg: (leg: MailLeg, salida: string) =>
        `${leg.origen} → ${leg.destino}: board at ${leg.terminal_origen} (${leg.origen}) on ${salida} (Lima time), alight at ${leg.terminal_destino} (${leg.destino}).`,
    },
    refund: {
      subject: (code: string) => `Your payment for purchase ${code} will be refunded`,
      body: (code: string, total: string) =>
        `We received your payment of ${total} for purchase ${code} after the time to pay had run out, and its seats were already sold to someone else. No tickets were issued: the amount will be refunded through the same payment method. Questions? Call us on ${OPERATOR.central_telefonica}.`,
    },
    signature: `${OPERATOR.marca} · ${OPERATOR.central_telefonica} · ${OPERATOR.correo}`,
  },
} as const;

interface MailReservation {
  codigo: string;
  nombre: string;
  email: string;
  totalCentimos: number;
}

function mail(to: string, subject: string, greeting: string, body: string, signature: string, adjunto?: string): OutgoingMail {
  return {
    to,
    subject,
    text: `${greeting}\n\n${body}\n\n${signature}`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><p>${escapeHtml(signature)}</p>`,
    ...(adjunto ? { adjunto } : {}),
  };
}

/** A reservation's payment code, as the buyer needs it after closing the tab (DECISIONS.md, Purchase). */
export interface ReservedMail extends MailReservation {
  /** ISO instant the reservation expires. */
  expira: string;
  /** The site's origin, for the way back to the reservation (SITE_URL or the caller's allowed origin). */
  site?: string;
}

/** The way back to a reservation from any browser: recovery by code and the buyer's e-mail. */
export const recoveryLink = (site: string, codigo: string) => `${site.replace(/\/+$/, '')}/pasajes/recuperar?codigo=${encodeURIComponent(codigo)}`;

/**
 * On reservation: the payment code, amount, deadline (Lima time), each way to pay and the way
 * back to the reservation, in the purchase's language.
 */
export function reservationMail(r: ReservedMail, language: Language): OutgoingMail {
  const t = TEXTS[language];
  const total = formatCentimos(r.totalCentimos, language);
  const intro = t.reserved.intro(r.codigo, total, limaDateTime(r.expira, language));
  const link = r.site ? recoveryLink(r.site, r.codigo) : undefined;
  const backText = link ? `${t.reserved.back}\n${link}` : t.reserved.back.replace(/:$/, '.');
  const text = [t.greeting(r.nombre), intro, [t.reserved.howTo, ...t.reserved.methods.map((m) => `- ${m}`)].join('\n'), backText, t.reserved.keep, t.signature].join('\n\n');
  const html = `<!doctype html>
<html lang="${language.slice(0, 2)}"><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(t.greeting(r.nombre))}</p>
<p>${escapeHtml(intro)}</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:4px">${escapeHtml(r.codigo)}</p>
<p>${escapeHtml(t.reserved.howTo)}</p>
<ul>${t.reserved.methods.map((m) => `<li>${escapeHtml(m)}</li>`).join('')}</ul>
<p>${escapeHtml(link ? t.reserved.back : t.reserved.back.replace(/:$/, '.'))}</p>
${link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>\n` : ''}<p>${escapeHtml(t.reserved.keep)}</p>
<p style="font-size:12px">${escapeHtml(t.signature)}</p>
</body></html>`;
  return { to: r.email, subject: t.reserved.subject(r.codigo), text, html };
}

/** A trip of a purchase as its mails name it: the passenger's own boarding and alighting stops and terminals (issue 19). */
export interface MailLeg {
  origen: string;
  destino: string;
  terminal_origen: string;
  terminal_destino: string;
  /** ISO instant of boarding. */
  salida: string;
}

/** The tickets mail: the trips with their boarding and alighting terminals; its PDF is attached when the sender sends it. */
export function ticketsMail(r: MailReservation, language: Language, legs: MailLeg[] = []): OutgoingMail {
  const t = TEXTS[language];
  const body = t.tickets.body(r.codigo, formatCentimos(r.totalCentimos, language));
  const lines = legs.map((leg) => t.tickets.leg(leg, limaDateTime(leg.salida, language)));
  const trips = lines.length > 0 ? `\n\n${t.tickets.legs}\n${lines.map((line) => `- ${line}`).join('\n')}` : '';
  const outgoing = mail(r.email, t.tickets.subject(r.codigo), t.greeting(r.nombre), body, t.signature, ticketsAttachment(r.codigo, language));
  if (lines.length === 0) return outgoing;
  return {
    ...outgoing,
    text: `${t.greeting(r.nombre)}\n\n${body}${trips}\n\n${t.signature}`,
    html: `<p>${escapeHtml(t.greeting(r.nombre))}</p><p>${escapeHtml(body)}</p><p>${escapeHtml(t.tickets.legs)}</p><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul><p>${escapeHtml(t.signature)}</p>`,
  };
}

/** A payment that came after the seats were sold to someone else: no tickets, a refund. */
export function refundMail(r: MailReservation, language: Language): OutgoingMail {
  const t = TEXTS[language];
  return mail(r.email, t.refund.subject(r.codigo), t.greeting(r.nombre), t.refund.body(r.codigo, formatCentimos(r.totalCentimos, language)), t.signature);
}
