import type { Language } from '@rumbo/shared/schemas';
import type { OutgoingMail } from '../mail/outbox';
import { serviceMail } from '../mail/service-mail';
import { OPERATOR } from '../operator';

const CLOSE_TEXTS = {
  'es-PE': {
    subject: (code: string) => `${code} es su código para cerrar su cuenta de ${OPERATOR.marca}`,
    greeting: (name: string) => (name ? `Hola, ${name}:` : 'Hola:'),
    body: 'Pidió cerrar su cuenta. Escriba este código en Mi cuenta para confirmarlo. Vence en 10 minutos y sirve una sola vez:',
    ignore: 'Si usted no lo pidió, ignore este mensaje y cambie su contraseña: su cuenta no se cierra sin este código.',
  },
  'en-EN': {
    subject: (code: string) => `${code} is your code to close your ${OPERATOR.marca} account`,
    greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    body: 'You asked to close your account. Enter this code in My account to confirm it. It expires in 10 minutes and works once:',
    ignore: 'If you did not ask for it, ignore this message and change your password: your account is not closed without this code.',
  },
} as const;

/** The code that confirms closing the account, to the account's address, in its language. */
export function closeCodeMail(to: string, name: string, code: string, language: Language): OutgoingMail {
  const t = CLOSE_TEXTS[language];
  return serviceMail(to, language, t.subject(code), [{ text: t.greeting(name.split(' ')[0] ?? '') }, { text: t.body }, { text: code, strong: true }, { text: t.ignore }]);
}

/** The data protection officer (DECISIONS-4): named in every privacy notice. */
export const DATA_OFFICER = { cargo: { 'es-PE': 'Oficial de Datos Personales', 'en-EN': 'Data Protection Officer (Oficial de Datos Personales)' }, correo: 'datos@rumboandino.pe' } as const;

const INCIDENT_TEXTS = {
  'es-PE': { contact: (who: string, mail: string) => `Si tiene preguntas, escriba a nuestro ${who}: ${mail}. ${OPERATOR.razon_social}, ${OPERATOR.direccion}.` },
  'en-EN': { contact: (who: string, mail: string) => `If you have questions, write to our ${who}: ${mail}. ${OPERATOR.razon_social}, ${OPERATOR.direccion}.` },
} as const;

/** A security incident's notice (issue 47) to one affected address, in its language: the operator's text, then whom to ask. */
export function incidentMail(to: string, language: Language, subject: string, body: string): OutgoingMail {
  const paragraphs = body.split(/\n\s*\n/).map((text) => ({ text: text.trim() })).filter((line) => line.text);
  return serviceMail(to, language, subject, [...paragraphs, { text: INCIDENT_TEXTS[language].contact(DATA_OFFICER.cargo[language], DATA_OFFICER.correo) }]);
}
