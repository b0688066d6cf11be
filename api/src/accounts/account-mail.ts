import { firstNameOf, type Language } from '@rumbo/shared/schemas';
import type { OutgoingMail } from '../mail/outbox';
import { serviceMail } from '../mail/service-mail';
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
    cc: {
      subject: `Confirme su email de copia en ${OPERATOR.marca}`,
      body: 'Alguien indicó este email como copia de una cuenta. Abra este enlace para confirmarlo (vence en 48 horas); hasta entonces no recibirá nada más:',
      ignore: 'Si usted no lo pidió, ignore este mensaje: este email no se usará.',
    },
    ccChanged: {
      subject: `Cambió el email en copia de su cuenta de ${OPERATOR.marca}`,
      body: (cc: string) => (cc ? `El email en copia de su cuenta ahora es ${cc} (recibirá avisos cuando lo confirme; nunca códigos ni enlaces de acceso).` : 'Su cuenta ya no tiene un email en copia.'),
      ignore: 'Si usted no hizo este cambio, restablezca su contraseña y use «Cerrar sesión en todos los dispositivos» en Mi cuenta.',
    },
    registered: {
      subject: `Ya tiene una cuenta en ${OPERATOR.marca}`,
      body: 'Alguien intentó crear una cuenta con este email, que ya tiene una. Si olvidó su contraseña, puede restablecerla aquí:',
      ignore: 'Si usted no lo pidió, ignore este mensaje.',
    },
    pending: {
      subject: `Su registro en ${OPERATOR.marca} espera confirmación`,
      body: 'Alguien intentó registrarse otra vez con este email, que ya tiene un registro por confirmar; no cambiamos nada. Si el registro es suyo, use el enlace de nuestro primer mensaje. También puede ingresar ahora con un código de acceso enviado a este email:',
      ignore: 'Si usted no lo pidió, ignore este mensaje: nadie puede usar una cuenta con este email sin abrir sus mensajes.',
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
    cc: {
      subject: `Confirm your copy email at ${OPERATOR.marca}`,
      body: 'Someone gave this email as the copy address of an account. Open this link to confirm it (it expires in 48 hours); until then it receives nothing else:',
      ignore: 'If you did not ask for it, ignore this message: this email will not be used.',
    },
    ccChanged: {
      subject: `The copy email of your ${OPERATOR.marca} account changed`,
      body: (cc: string) => (cc ? `The copy email of your account is now ${cc} (it gets notices once confirmed; never codes or access links).` : 'Your account no longer has a copy email.'),
      ignore: 'If you did not make this change, reset your password and use "Log out of every device" in My account.',
    },
    registered: {
      subject: `You already have a ${OPERATOR.marca} account`,
      body: 'Someone tried to create an account with this email, which already has one. If you forgot your password, you can reset it here:',
      ignore: 'If you did not ask for it, ignore this message.',
    },
    pending: {
      subject: `Your ${OPERATOR.marca} sign-up awaits confirmation`,
      body: 'Someone tried to sign up again with this email, which has a sign-up waiting for confirmation; nothing was changed. If the sign-up is yours, use the link in our first message. You can also sign in now with an access code sent to this email:',
      ignore: 'If you did not ask for it, ignore this message: nobody can use an account with this email without opening its messages.',
    },
  },
} as const;

/** The greeting's name: the first word, capitalised as the site's header shows it (shared rule). */
const firstName = firstNameOf;

export function otpMail(to: string, name: string, code: string, language: Language): OutgoingMail {
  const t = TEXTS[language];
  return serviceMail(to, language, t.code.subject(code), [
    { text: t.greeting(firstName(name)) },
    { text: t.code.body },
    { text: code, strong: true },
    { text: t.code.ignore },
  ]);
}

export function confirmMail(to: string, name: string, link: string, language: Language): OutgoingMail {
  const t = TEXTS[language];
  return serviceMail(to, language, t.confirm.subject, [{ text: t.greeting(firstName(name)) }, { text: t.confirm.body }, { text: link, link: true }, { text: t.confirm.ignore }]);
}

export function resetMail(to: string, name: string, link: string, language: Language): OutgoingMail {
  const t = TEXTS[language];
  return serviceMail(to, language, t.reset.subject, [{ text: t.greeting(firstName(name)) }, { text: t.reset.body }, { text: link, link: true }, { text: t.reset.ignore }]);
}

/** To a new CC address: the link that proves it before it receives anything else. */
export function ccConfirmMail(to: string, name: string, link: string, language: Language): OutgoingMail {
  const t = TEXTS[language];
  return serviceMail(to, language, t.cc.subject, [{ text: t.greeting(firstName(name)) }, { text: t.cc.body }, { text: link, link: true }, { text: t.cc.ignore }]);
}

/** To the sign-in address when the CC address changes: a stolen session that sets one does not go unseen. */
export function ccChangedMail(to: string, name: string, cc: string | null, language: Language): OutgoingMail {
  const t = TEXTS[language];
  return serviceMail(to, language, t.ccChanged.subject, [{ text: t.greeting(firstName(name)) }, { text: t.ccChanged.body(cc ?? '') }, { text: t.ccChanged.ignore }]);
}

/** To an address with no account that asked for a code or a reset: no code, an invitation instead. */
export function noAccountMail(to: string, signUpLink: string, language: Language): OutgoingMail {
  const t = TEXTS[language];
  return serviceMail(to, language, t.noAccount.subject, [{ text: t.greeting('') }, { text: t.noAccount.body }, { text: signUpLink, link: true }, { text: t.noAccount.ignore }]);
}

/** To an address that already has an account and was used to sign up again. */
export function alreadyRegisteredMail(to: string, name: string, resetLink: string, language: Language): OutgoingMail {
  const t = TEXTS[language];
  return serviceMail(to, language, t.registered.subject, [
    { text: t.greeting(firstName(name)) },
    { text: t.registered.body },
    { text: resetLink, link: true },
    { text: t.registered.ignore },
  ]);
}

/**
 * To an address with a sign-up waiting for its link, signed up with again (issue 32 item 5): no
 * name (the second sign-up chose it) and no confirmation link, the way in with a code instead.
 */
export function pendingSignUpMail(to: string, signInLink: string, language: Language): OutgoingMail {
  const t = TEXTS[language];
  return serviceMail(to, language, t.pending.subject, [{ text: t.greeting('') }, { text: t.pending.body }, { text: signInLink, link: true }, { text: t.pending.ignore }]);
}
