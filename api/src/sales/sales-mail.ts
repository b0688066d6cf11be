import type { Language } from '@rumbo/shared/schemas';
import { escapeHtml } from '../mail/html';
import type { OutgoingMail } from '../mail/outbox';
import { OPERATOR } from '../operator';
import { soles } from './tickets';

/** The attachment reference of a reservation's tickets in a language (rendered by the mail sender). */
export const ticketsAttachment = (codigo: string, language: Language) => `boletos:${codigo}:${language}`;

export function parseTicketsAttachment(reference: string): { codigo: string; language: Language } | null {
  const match = /^boletos:([A-Z0-9]{8}):(es-PE|en-EN)$/.exec(reference);
  return match ? { codigo: match[1]!, language: match[2] as Language } : null;
}

const TEXTS = {
  'es-PE': {
    greeting: (name: string) => `Hola, ${name}:`,
    tickets: {
      subject: (code: string) => `Sus boletos de ${OPERATOR.marca} (compra ${code})`,
      body: (code: string, total: string) =>
        `Recibimos su pago de ${total} de la compra ${code}. Adjuntamos sus boletos electrónicos en PDF: preséntelos (impresos o en el celular) con el documento de identidad de cada pasajero.`,
    },
    refund: {
      subject: (code: string) => `Su pago de la compra ${code} será devuelto`,
      body: (code: string, total: string) =>
        `Recibimos su pago de ${total} de la compra ${code} después de que venció el plazo para pagar, y sus asientos ya fueron vendidos a otra persona. No emitimos boletos: le devolveremos el importe por el mismo medio de pago. Si tiene dudas, llámenos al ${OPERATOR.central_telefonica}.`,
    },
    signature: `${OPERATOR.marca} · ${OPERATOR.central_telefonica} · ${OPERATOR.correo}`,
  },
  'en-EN': {
    greeting: (name: string) => `Hello ${name},`,
    tickets: {
      subject: (code: string) => `Your ${OPERATOR.marca} tickets (purchase ${code})`,
      body: (code: string, total: string) =>
        `We received your payment of ${total} for purchase ${code}. Your e-tickets are attached as a PDF: show them (printed or on your phone) with each passenger's identity document.`,
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

/** The tickets mail: its PDF is attached when the sender sends it. */
export function ticketsMail(r: MailReservation, language: Language): OutgoingMail {
  const t = TEXTS[language];
  return mail(r.email, t.tickets.subject(r.codigo), t.greeting(r.nombre), t.tickets.body(r.codigo, soles(r.totalCentimos)), t.signature, ticketsAttachment(r.codigo, language));
}

/** A payment that came after the seats were sold to someone else: no tickets, a refund. */
export function refundMail(r: MailReservation, language: Language): OutgoingMail {
  const t = TEXTS[language];
  return mail(r.email, t.refund.subject(r.codigo), t.greeting(r.nombre), t.refund.body(r.codigo, soles(r.totalCentimos)), t.signature);
}
