import type { Language } from '@rumbo/shared/schemas';
import { escapeHtml } from '../mail/html';
import type { OutgoingMail } from '../mail/outbox';
import { OPERATOR } from '../operator';

/** The account's mails (codes, confirmation, reset, notices), in the customer's language. */
const TEXTS = {
  'es-PE': {
    greeting: (name: string) => (name ? `Hola, ${name}:` : 'Hola:'),
    code: {
      subject: (code: string) => `${code} es su código de acceso a ${OPERATOR.marca}`,
      body: 'Use este código para iniciar sesión. Vence en 10 minutos y sirve una sola vez.',
      ignore: 'Si usted no lo pidió, ignore este mensaje: nadie puede entrar a su cuenta sin el código.',
    },
    confirm: {
      subject: `Confirme su email en ${OPERATOR.marca}`,
      body: 'Gracias por crear su cuenta. Abra este enlace para confirmar su email (vence en 48 horas):',
      ignore: 'Si usted no creó esta cuenta, ignore este mensaje.',
    },
    reset: {
      subject: `Restablezca su contraseña de ${OPERATOR.marca}`,
      body: 'Abra este enlace para elegir una nueva contraseña. Sirve una sola vez y vence en 1 hora:',
      ignore: 'Si usted no lo pidió, ignore este mensaje: su contraseña no cambiará.',
    },
    noAccount: {
      subject: `Su solicitud en ${OPERATOR.marca}`,
      body: 'Recibimos una solicitud para acceder con este email, pero no tiene una cuenta con nosotros. Puede crear una aquí:',
      ignore: 'Si usted no lo pidió, ignore este mensaje.',
    },
    registered: {
      subject: `Ya tiene una cuenta en ${OPERATOR.marca}`,
      body: 'Alguien intentó crear una cuenta con este email, que ya tiene una. Si olvidó su contraseña, puede restablecerla aquí:',
      ignore: 'Si usted no lo pidió, ignore este mensaje.',
    },
  },
  'en-EN': {
    greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    code: {
      subject: (code: string) => `${code} is your ${OPERATOR.marca} access code`,
      body: 'Use this code to sign in. It expires in 10 minutes and works once.',
      ignore: 'If you did not ask for it, ignore this message: nobody can enter your account without the code.',
    },
    confirm: {
      subject: `Confirm your email at ${OPERATOR.marca}`,
      body: 'Thank you for creating your account. Open this link to confirm your email (it expires in 48 hours):',
      ignore: 'If you did not create this account, ignore this message.',
    },
    reset: {
      subject: `Reset your ${OPERATOR.marca} password`,
      body: 'Open this link to choose a new password. It works once and expires in 1 hour:',
      ignore: 'If you did not ask for it, ignore this message: your password will not change.',
    },
    noAccount: {
      subject: `Your request at ${OPERATOR.marca}`,
      body: 'We received a request to access with this email, but it has no account with us. You can create one here:',
      ignore: 'If you did not ask for it, ignore this message.',
    },
    registered: {
      subject: `You already have a ${OPERATOR.marca} account`,
      body: 'Someone tried to create an account with this email, which already has one. If you forgot your password, you can reset it here:',
      ignore: 'If you did not ask for it, ignore this message.',
    },
  },
} as const;

function compose(to: string, language: Language, subject: string, lines: { text: string; strong?: boolean; link?: boolean }[]): OutgoingMail {
  const text = [...lines.map((line) => line.text), '', OPERATOR.marca].join('\n\n');
  const html = `<!doctype html>
<html lang="${language.slice(0, 2)}"><body style="font-family:Arial,sans-serif;color:#222">
${lines
  .map((line) => {
    const value = escapeHtml(line.text);
    if (line.link) return `<p><a href="${value}">${value}</a></p>`;
    if (line.strong) return `<p style="font-size:28px;font-weight:bold;letter-spacing:4px">${value}</p>`;
    return `<p>${value}</p>`;
  })
  .join('\n')}
<p style="font-size:12px">${escapeHtml(OPERATOR.marca)}</p>
</body></html>`;
  return { to, subject, text, html };
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

export function otpMail(to: string, name: string, code: string, language: Language): OutgoingMail {
  const t = TEXTS[language];
  return compose(to, language, t.code.subject(code), [
    { text: t.greeting(firstName(name)) },
    { text: t.code.body },
    { text: code, strong: true },
    { text: t.code.ignore },
  ]);
}

export function confirmMail(to: string, name: string, link: string, language: Language): OutgoingMail {
  const t = TEXTS[language];
  return compose(to, language, t.confirm.subject, [{ text: t.greeting(firstName(name)) }, { text: t.confirm.body }, { text: link, link: true }, { text: t.confirm.ignore }]);
}

export function resetMail(to: string, name: string, link: string, language: Language): OutgoingMail {
  const t = TEXTS[language];
  return compose(to, language, t.reset.subject, [{ text: t.greeting(firstName(name)) }, { text: t.reset.body }, { text: link, link: true }, { text: t.reset.ignore }]);
}

/** To an address with no account that asked for a code or a reset: no code, an invitation instead. */
export function noAccountMail(to: string, signUpLink: string, language: Language): OutgoingMail {
  const t = TEXTS[language];
  return compose(to, language, t.noAccount.subject, [{ text: t.greeting('') }, { text: t.noAccount.body }, { text: signUpLink, link: true }, { text: t.noAccount.ignore }]);
}

/** To an address that already has an account and was used to sign up again. */
export function alreadyRegisteredMail(to: string, name: string, resetLink: string, language: Language): OutgoingMail {
  const t = TEXTS[language];
  return compose(to, language, t.registered.subject, [
    { text: t.greeting(firstName(name)) },
    { text: t.registered.body },
    { text: resetLink, link: true },
    { text: t.registered.ignore },
  ]);
}
