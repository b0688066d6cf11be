import { firstNameOf, formatCentimos, limaDateTime, type Language } from '@rumbo/shared/schemas';
import { escapeHtml } from '../mail/html';
import type { OutgoingMail } from '../mail/outbox';
import type { WhatsAppMessage } from '../whatsapp/whatsapp.queue';
import { OPERATOR } from '../operator';

/** One affected ticket of a purchase, as its disruption mail names it. */
export interface NoticeTicket {
  numero: string;
  pasajero: string;
  origen: string;
  destino: string;
  /** Departure from the passenger's boarding stop as it stands now. */
  salida: Date;
  /** The choice page (null: no right to rebook or a refund, only told). */
  enlace: string | null;
}

export interface NoticeMail {
  to: string;
  nombre: string;
  codigo: string;
  tipo: 'retraso' | 'cancelacion';
  minutos: number;
  motivo: string;
  tickets: NoticeTicket[];
}

const TEXTS = {
  'es-PE': {
    subject: (tipo: string, codigo: string) => (tipo === 'cancelacion' ? `Su viaje fue cancelado (compra ${codigo})` : `Su viaje sale con retraso (compra ${codigo})`),
    greeting: (name: string) => `Hola, ${firstNameOf(name)}:`,
    intro: (tipo: string, minutos: number, motivo: string) =>
      tipo === 'cancelacion'
        ? `Lamentamos avisarle que cancelamos este viaje. Motivo: ${motivo}.`
        : `Su viaje sale con un retraso de ${minutos} minutos. Motivo: ${motivo}. Le indicamos la nueva hora de salida.`,
    ticket: (t: NoticeTicket, salida: string) => `Pasaje ${t.numero} (${t.pasajero}), ${t.origen} → ${t.destino}: ${salida} (hora de Lima).`,
    choose: 'Tiene derecho a elegir, sin costo: reprogramar su viaje a otra salida de la misma ruta, o la devolución del importe (a su medio de pago o como crédito de viaje). Elija aquí:',
    link: (numero: string) => `Elegir para el pasaje ${numero}`,
    signature: `${OPERATOR.marca} · ${OPERATOR.central_telefonica} · ${OPERATOR.correo}`,
  },
  'en-EN': {
    subject: (tipo: string, codigo: string) => (tipo === 'cancelacion' ? `Your trip was cancelled (purchase ${codigo})` : `Your trip leaves late (purchase ${codigo})`),
    greeting: (name: string) => `Hello ${firstNameOf(name)},`,
    intro: (tipo: string, minutos: number, motivo: string) =>
      tipo === 'cancelacion'
        ? `We are sorry to tell you that this trip is cancelled. Reason: ${motivo}.`
        : `Your trip leaves ${minutos} minutes late. Reason: ${motivo}. Here is the new departure time.`,
    ticket: (t: NoticeTicket, salida: string) => `Ticket ${t.numero} (${t.pasajero}), ${t.origen} → ${t.destino}: ${salida} (Lima time).`,
    choose: 'You may choose, free of charge: rebook on another departure of the same route, or a refund (to your payment method or as travel credit). Choose here:',
    link: (numero: string) => `Choose for ticket ${numero}`,
    signature: `${OPERATOR.marca} · ${OPERATOR.central_telefonica} · ${OPERATOR.correo}`,
  },
} as const;

/** To the buyer of a purchase: its tickets a disruption affects, their new times and, with the right, each ticket's link to choose. */
export function disruptionMail(m: NoticeMail, language: Language): OutgoingMail {
  const t = TEXTS[language];
  const lines = m.tickets.map((ticket) => t.ticket(ticket, limaDateTime(ticket.salida.toISOString(), language)));
  const withLinks = m.tickets.filter((ticket) => ticket.enlace);
  const text = [
    t.greeting(m.nombre),
    t.intro(m.tipo, m.minutos, m.motivo),
    lines.join('\n'),
    ...(withLinks.length > 0 ? [t.choose, withLinks.map((ticket) => `${t.link(ticket.numero)}: ${ticket.enlace}`).join('\n')] : []),
    t.signature,
  ].join('\n\n');
  const html = `<!doctype html>
<html lang="${language.slice(0, 2)}"><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(t.greeting(m.nombre))}</p>
<p>${escapeHtml(t.intro(m.tipo, m.minutos, m.motivo))}</p>
<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
${withLinks.length > 0 ? `<p>${escapeHtml(t.choose)}</p><ul>${withLinks.map((ticket) => `<li><a href="${escapeHtml(ticket.enlace!)}">${escapeHtml(t.link(ticket.numero))}</a></li>`).join('')}</ul>` : ''}
<p style="font-size:12px">${escapeHtml(t.signature)}</p>
</body></html>`;
  return { to: m.to, subject: t.subject(m.tipo, m.codigo), text, html };
}

const CHOICE_TEXTS = {
  'es-PE': {
    refund: (numero: string, amount: string) => ({ subject: `Devolución del pasaje ${numero}`, body: `Registramos la devolución de ${amount} del pasaje ${numero} a su medio de pago. El pasaje quedó anulado.` }),
    credit: (numero: string, amount: string, until: string) => ({ subject: `Crédito de viaje por el pasaje ${numero}`, body: `Le abonamos ${amount} de crédito de viaje por el pasaje ${numero}, que puede usar en sus compras hasta el ${until}. El pasaje quedó anulado.` }),
  },
  'en-EN': {
    refund: (numero: string, amount: string) => ({ subject: `Refund of ticket ${numero}`, body: `We registered the refund of ${amount} for ticket ${numero} to your payment method. The ticket is void.` }),
    credit: (numero: string, amount: string, until: string) => ({ subject: `Travel credit for ticket ${numero}`, body: `We credited ${amount} of travel credit for ticket ${numero}, to spend on your purchases until ${until}. The ticket is void.` }),
  },
} as const;

/** To the buyer: the refund or travel credit a ticket was turned into. */
export function choiceMail(to: string, nombre: string, language: Language, choice: { numero: string; monto: number; creditUntil: Date | null }): OutgoingMail {
  const amount = formatCentimos(choice.monto, language);
  const texts = CHOICE_TEXTS[language];
  const { subject, body } = choice.creditUntil ? texts.credit(choice.numero, amount, limaDateTime(choice.creditUntil.toISOString(), language)) : texts.refund(choice.numero, amount);
  const signature = TEXTS[language].signature;
  const greeting = TEXTS[language].greeting(nombre);
  return {
    to,
    subject,
    text: [greeting, body, signature].join('\n\n'),
    html: `<!doctype html><html lang="${language.slice(0, 2)}"><body style="font-family:Arial,sans-serif;color:#222"><p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><p style="font-size:12px">${escapeHtml(signature)}</p></body></html>`,
  };
}

const WHATSAPP_TEXTS = {
  'es-PE': {
    trip: (t: NoticeTicket) => `${t.origen} → ${t.destino} (pasaje ${t.numero})`,
    what: (tipo: string, minutos: number, motivo: string) => (tipo === 'cancelacion' ? `fue cancelado. Motivo: ${motivo}` : `sale con ${minutos} minutos de retraso. Motivo: ${motivo}`),
  },
  'en-EN': {
    trip: (t: NoticeTicket) => `${t.origen} → ${t.destino} (ticket ${t.numero})`,
    what: (tipo: string, minutos: number, motivo: string) => (tipo === 'cancelacion' ? `it is cancelled. Reason: ${motivo}` : `it leaves ${minutos} minutes late. Reason: ${motivo}`),
  },
} as const;

/**
 * Issue 48: a disruption notice by WhatsApp, one per ticket: with the right to choose, its one-tap
 * link to rebook or be refunded (template `rumbo_incidencia`); without it, the new departure time
 * (`rumbo_aviso_viaje`). The key names the disruption's revision and the ticket, as its notice row.
 */
export function disruptionWhatsApp(
  notice: { cincidencia: number; revision: number; tipo: 'retraso' | 'cancelacion'; minutos: number; motivo: string },
  ticket: NoticeTicket,
  telefono: string,
  language: Language,
): WhatsAppMessage {
  const t = WHATSAPP_TEXTS[language];
  const base = { clave: `incidencia:${notice.cincidencia}:${notice.revision}:${ticket.numero}`, telefono, language };
  const what = t.what(notice.tipo, notice.minutos, notice.motivo);
  return ticket.enlace
    ? { ...base, plantilla: 'rumbo_incidencia', parametros: [t.trip(ticket), what, ticket.enlace] }
    : { ...base, plantilla: 'rumbo_aviso_viaje', parametros: [t.trip(ticket), what, limaDateTime(ticket.salida.toISOString(), language)] };
}
