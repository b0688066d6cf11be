import type { Language } from '@rumbo/shared/schemas';
import { escapeHtml } from '../mail/html';
import type { OutgoingMail } from '../mail/outbox';
import { OPERATOR } from '../operator';

const TEXTS = {
  'es-PE': {
    confirmSubject: `Confirma tu suscripción a las promociones de ${OPERATOR.marca}`,
    confirmIntro: 'Recibimos tu pedido para recibir nuestras promociones por correo. Para confirmarlo, abre este enlace:',
    confirmAction: 'Confirmar mi suscripción',
    ignore: 'Si no lo pediste, ignora este mensaje: no te enviaremos nada más.',
    welcomeSubject: `Ya estás suscrito a las promociones de ${OPERATOR.marca}`,
    welcomeIntro: 'Listo: te enviaremos nuestras promociones y cupones a este correo.',
    already: 'Este correo ya está suscrito a nuestras promociones.',
    unsubscribe: 'Para dejar de recibirlas, abre este enlace:',
    unsubscribeAction: 'Anular mi suscripción',
  },
  'en-EN': {
    confirmSubject: `Confirm your subscription to ${OPERATOR.marca} promotions`,
    confirmIntro: 'We received a request to send our promotions to this e-mail address. To confirm it, open this link:',
    confirmAction: 'Confirm my subscription',
    ignore: 'If you did not ask for it, ignore this message: we will send nothing else.',
    welcomeSubject: `You are subscribed to ${OPERATOR.marca} promotions`,
    welcomeIntro: 'Done: we will send our promotions and coupons to this address.',
    already: 'This address is already subscribed to our promotions.',
    unsubscribe: 'To stop receiving them, open this link:',
    unsubscribeAction: 'Unsubscribe',
  },
} as const;

function mail(to: string, subject: string, paragraphs: (string | { href: string; label: string })[]): OutgoingMail {
  const text = paragraphs.map((p) => (typeof p === 'string' ? p : `${p.label}: ${p.href}`)).join('\n\n');
  const html = paragraphs
    .map((p) =>
      typeof p === 'string'
        ? `<p>${escapeHtml(p)}</p>`
        : `<p><a href="${escapeHtml(p.href)}">${escapeHtml(p.label)}</a><br><small>${escapeHtml(p.href)}</small></p>`,
    )
    .join('\n');
  return { to, subject, text, html };
}

export interface SubscriptionLinks {
  confirmar: string;
  baja: string;
}

/** The double opt-in mail: the confirmation link, and the unsubscribe one. */
export function confirmationMail(to: string, links: SubscriptionLinks, language: Language): OutgoingMail {
  const t = TEXTS[language];
  return mail(to, t.confirmSubject, [
    t.confirmIntro,
    { href: links.confirmar, label: t.confirmAction },
    t.ignore,
    t.unsubscribe,
    { href: links.baja, label: t.unsubscribeAction },
  ]);
}

/** After confirming (or asking again once confirmed): the subscription is active; how to leave it. */
export function welcomeMail(to: string, baja: string, language: Language, again = false): OutgoingMail {
  const t = TEXTS[language];
  return mail(to, t.welcomeSubject, [again ? t.already : t.welcomeIntro, t.unsubscribe, { href: baja, label: t.unsubscribeAction }]);
}
