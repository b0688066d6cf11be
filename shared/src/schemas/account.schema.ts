import * as v from 'valibot';
import { DATE_MIN, DOCUMENT_TYPES, GENDERS, type DocumentType } from './complaint.schema';
import { limaToday } from './format';
import type { ValidationKey } from './validation.messages';
import { xmlText } from './xml-text';

/**
 * Bodies of the accounts' `/rest` calls (DECISIONS.md, Accounts and sessions): the forms of
 * mf-account check them before sending and the API checks them again. As in the complaint
 * schema, every field is first normalised to a trimmed string, then checks run in a fixed order
 * and every failing one is reported on its field; messages are `validation` keys.
 */

/** The quick-access code request's fixed key (spec §7). */
export const OTP_REQUEST_KEY = '4';
/** The channel `/rest/otp/validate` is called from (spec §7). */
export const OTP_CHANNEL = 'WEB';
export const OTP_LENGTH = 6;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 120;
export const NAME_MAX = 80;
export const PHONE_MAX = 15;
/** Accounts are for adults (they buy tickets for minors). */
export const MIN_AGE = 18;

// Names and e-mails reach mails and vouchers: only what XML carries (outside the fallback, which would swallow it).
const text = v.pipe(v.fallback(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim()), ''), xmlText());
/** Passwords are taken as typed: spaces count. */
const raw = v.fallback(v.string(), '');
const flag = v.fallback(v.pipe(v.union([v.boolean(), v.string()]), v.transform((value) => value === true || value === 'true')), false);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DIGITS = /^\d+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Rule<F> {
  field: keyof F & string;
  ok: (fields: F) => boolean;
  message: ValidationKey;
}

/** An object schema whose `rules` run in order once every field is a string (or flag). */
function checked<const E extends v.ObjectEntries, O>(
  entries: E,
  rules: (fields: v.InferOutput<v.ObjectSchema<E, undefined>>) => readonly Rule<v.InferOutput<v.ObjectSchema<E, undefined>>>[],
  output: (fields: v.InferOutput<v.ObjectSchema<E, undefined>>) => O,
) {
  type F = v.InferOutput<v.ObjectSchema<E, undefined>>;
  return v.pipe(
    v.object(entries),
    v.rawCheck<F>(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const fields = dataset.value;
      for (const { field, ok, message } of rules(fields)) {
        if (ok(fields)) continue;
        addIssue({ message, path: [{ type: 'object', origin: 'value', input: fields, key: field, value: fields[field] }] });
      }
    }),
    v.transform(output),
  );
}

/** A real calendar date YYYY-MM-DD from 1900-01-01 up to `today`. */
function isPastDate(value: string, today: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return false;
  return value >= DATE_MIN && value <= today;
}

/** Whether someone born on `birth` (YYYY-MM-DD) is at least MIN_AGE on `today` (Lima's, by the clock in force). */
export function isAdult(birth: string, today = limaToday()): boolean {
  const year = Number(birth.slice(0, 4)) + MIN_AGE;
  return `${year}${birth.slice(4)}` <= today;
}

export const isStrongPassword = (value: string) =>
  value.length >= PASSWORD_MIN && /\p{L}/u.test(value) && /\p{N}/u.test(value);

const emailRules = <F extends Record<K, string>, K extends string>(field: K & keyof F): Rule<F>[] => [
  { field, ok: (f) => f[field] !== '', message: 'account.correo.required' },
  { field, ok: (f) => f[field] === '' || EMAIL.test(f[field]), message: 'account.correo.format' },
  { field, ok: (f) => f[field].length <= EMAIL_MAX, message: 'account.correo.max' },
];

const passwordRules = <F extends { clave: string }>(): Rule<F>[] => [
  { field: 'clave', ok: (f) => f.clave !== '', message: 'account.clave.required' },
  { field: 'clave', ok: (f) => f.clave === '' || isStrongPassword(f.clave), message: 'account.clave.weak' },
  { field: 'clave', ok: (f) => f.clave.length <= PASSWORD_MAX, message: 'account.clave.max' },
];

const isDocumentType = (value: string) => Object.values(DOCUMENT_TYPES).map(String).includes(value);

export interface DocumentFields {
  tipo_doc: string;
  num_doc: string;
}

const documentRules = <F extends DocumentFields>(): Rule<F>[] => [
  { field: 'tipo_doc', ok: (f) => isDocumentType(f.tipo_doc), message: 'account.tipo_doc.required' },
  { field: 'num_doc', ok: (f) => f.num_doc !== '', message: 'account.num_doc.required' },
  { field: 'num_doc', ok: (f) => f.tipo_doc !== '19' || f.num_doc.length === 8, message: 'account.num_doc.dni' },
  { field: 'num_doc', ok: (f) => f.tipo_doc !== '20' || f.num_doc.length === 12, message: 'account.num_doc.ce' },
  { field: 'num_doc', ok: (f) => f.tipo_doc !== '21' || f.num_doc.length === 15, message: 'account.num_doc.pasaporte' },
  { field: 'num_doc', ok: (f) => DIGITS.test(f.num_doc), message: 'account.num_doc.numeric' },
];

/** The identity fields of the account forms (sign-up, profile), as typed. */
export interface IdentityFields extends DocumentFields {
  nombres: string;
  paterno: string;
  materno: string;
  sexo: string;
  telefono: string;
  fnacimiento: string;
}

/** Document, names, gender, phone, birth date: the identity a customer's account carries. */
const identityRules = <F extends IdentityFields>(): Rule<F>[] => [
  ...documentRules<F>(),
  { field: 'nombres', ok: (f) => f.nombres !== '', message: 'account.nombres.required' },
  { field: 'paterno', ok: (f) => f.paterno !== '', message: 'account.paterno.required' },
  { field: 'materno', ok: (f) => f.materno !== '', message: 'account.materno.required' },
  {
    field: 'nombres',
    ok: (f) => f.nombres.length <= NAME_MAX && f.paterno.length <= NAME_MAX && f.materno.length <= NAME_MAX,
    message: 'account.nombres.max',
  },
  { field: 'sexo', ok: (f) => (GENDERS as readonly string[]).includes(f.sexo), message: 'account.sexo.required' },
  { field: 'telefono', ok: (f) => f.telefono !== '', message: 'account.telefono.required' },
  { field: 'telefono', ok: (f) => f.telefono === '' || DIGITS.test(f.telefono), message: 'account.telefono.numeric' },
  { field: 'telefono', ok: (f) => f.telefono.length <= PHONE_MAX, message: 'account.telefono.max' },
  { field: 'fnacimiento', ok: (f) => isPastDate(f.fnacimiento, limaToday()), message: 'account.fnacimiento.required' },
  { field: 'fnacimiento', ok: (f) => !isPastDate(f.fnacimiento, limaToday()) || isAdult(f.fnacimiento), message: 'account.fnacimiento.adult' },
];

const identityEntries = {
  tipo_doc: text,
  num_doc: text,
  nombres: text,
  paterno: text,
  materno: text,
  sexo: text,
  telefono: text,
  fnacimiento: text,
};

const identityOutput = (f: IdentityFields) => ({
  tipo_doc: Number(f.tipo_doc) as DocumentType,
  num_doc: f.num_doc,
  nombres: f.nombres,
  paterno: f.paterno,
  materno: f.materno,
  sexo: f.sexo as (typeof GENDERS)[number],
  telefono: f.telefono,
  fnacimiento: f.fnacimiento,
});

/** `POST /rest/user/cuenta`: does an account exist for this e-mail, and how does it sign in. */
export const AccountLookupSchema = checked({ correo: text }, () => emailRules('correo'), (f) => ({ correo: f.correo.toLowerCase() }));

/** `POST /rest/login/verificar`: e-mail and password. Only presence is checked: any password may be an old one. */
export const PasswordSignInSchema = checked(
  { correo: text, clave: raw },
  () => [
    ...emailRules<{ correo: string; clave: string }, 'correo'>('correo'),
    { field: 'clave', ok: (f) => f.clave !== '', message: 'account.clave.required' },
    { field: 'clave', ok: (f) => f.clave.length <= PASSWORD_MAX, message: 'account.clave.max' },
  ],
  (f) => ({ correo: f.correo.toLowerCase(), clave: f.clave }),
);

/** `POST /rest/otp/request` (spec §7): `{ email, key: "4" }`. */
export const OtpRequestSchema = checked(
  { email: text, key: text },
  () => [
    ...emailRules<{ email: string; key: string }, 'email'>('email'),
    { field: 'key', ok: (f) => f.key === OTP_REQUEST_KEY, message: 'request.invalid' },
  ],
  (f) => ({ email: f.email.toLowerCase(), key: OTP_REQUEST_KEY }),
);

/** `POST /rest/otp/validate` (spec §7): `{ email, key: <the code>, canal: "WEB" }`. */
export const OtpValidateSchema = checked(
  { email: text, key: text, canal: text },
  () => [
    ...emailRules<{ email: string; key: string; canal: string }, 'email'>('email'),
    { field: 'key', ok: (f) => new RegExp(`^\\d{${OTP_LENGTH}}$`).test(f.key), message: 'account.codigo.format' },
    { field: 'canal', ok: (f) => f.canal === OTP_CHANNEL, message: 'request.invalid' },
  ],
  (f) => ({ email: f.email.toLowerCase(), key: f.key, canal: OTP_CHANNEL }),
);

/** `POST /rest/usuario/registrar`: sign-up with e-mail and password. */
export const SignUpSchema = checked(
  { ...identityEntries, correo: text, clave: raw, terminos: flag },
  () => [
    ...identityRules<IdentityFields & { correo: string; clave: string; terminos: boolean }>(),
    ...emailRules<IdentityFields & { correo: string; clave: string; terminos: boolean }, 'correo'>('correo'),
    ...passwordRules<IdentityFields & { correo: string; clave: string; terminos: boolean }>(),
    { field: 'terminos', ok: (f) => f.terminos, message: 'account.terminos.required' },
  ],
  (f) => ({ ...identityOutput(f), correo: f.correo.toLowerCase(), clave: f.clave }),
);

/** `POST /rest/login/registrar`: the identity a first Google or Facebook sign-in lacks. */
export const SocialSignUpSchema = checked(
  { ...identityEntries, registro: text, terminos: flag },
  () => [
    ...identityRules<IdentityFields & { registro: string; terminos: boolean }>(),
    { field: 'registro', ok: (f) => f.registro !== '', message: 'account.registro.invalid' },
    { field: 'terminos', ok: (f) => f.terminos, message: 'account.terminos.required' },
  ],
  (f) => ({ ...identityOutput(f), registro: f.registro }),
);

/** `POST /rest/user/editar` with a body: the profile (the sign-in e-mail is not edited here). */
export const ProfileSchema = checked(
  { ...identityEntries, correo_cc: text },
  () => [
    ...identityRules<IdentityFields & { correo_cc: string }>(),
    { field: 'correo_cc', ok: (f) => f.correo_cc === '' || EMAIL.test(f.correo_cc), message: 'account.correo_cc.format' },
    { field: 'correo_cc', ok: (f) => f.correo_cc.length <= EMAIL_MAX, message: 'account.correo.max' },
  ],
  (f) => ({ ...identityOutput(f), correo_cc: f.correo_cc === '' ? null : f.correo_cc.toLowerCase() }),
);

/** `POST /rest/usuario/verificar`: is a document number free. */
export const DocumentCheckSchema = checked(
  { tipo_doc: text, num_doc: text },
  () => documentRules<DocumentFields>(),
  (f) => ({ tipo_doc: Number(f.tipo_doc) as DocumentType, num_doc: f.num_doc }),
);

/** `POST /rest/usuario/recuperar`: send a reset link. */
export const ResetRequestSchema = AccountLookupSchema;

const linkToken = (f: { token: string }) => f.token !== '' && f.token.length <= 200;

/** `POST /rest/usuario/confirmar` and `/rest/usuario/validar`: the token of an e-mailed link. */
export const LinkTokenSchema = checked(
  { token: text },
  () => [{ field: 'token', ok: linkToken, message: 'account.link.invalid' }],
  (f) => ({ token: f.token }),
);

/** `POST /rest/usuario/password`: the reset link's token and the new password. */
export const NewPasswordSchema = checked(
  { token: text, clave: raw },
  () => [{ field: 'token', ok: linkToken, message: 'account.link.invalid' }, ...passwordRules<{ token: string; clave: string }>()],
  (f) => ({ token: f.token, clave: f.clave }),
);

/** `POST /rest/login/token`: the Google ID token (Google Identity Services' `credential`). */
export const GoogleSignInSchema = checked(
  { credential: text },
  () => [{ field: 'credential', ok: (f) => f.credential !== '' && f.credential.length <= 4096, message: 'account.social.invalid' }],
  (f) => ({ credential: f.credential }),
);

/** `POST /rest/usuario/registrar/fb`: the Facebook user access token. */
export const FacebookSignInSchema = checked(
  { accessToken: text },
  () => [{ field: 'accessToken', ok: (f) => f.accessToken !== '' && f.accessToken.length <= 4096, message: 'account.social.invalid' }],
  (f) => ({ accessToken: f.accessToken }),
);

export type SignUp = v.InferOutput<typeof SignUpSchema>;
export type SocialSignUp = v.InferOutput<typeof SocialSignUpSchema>;
export type Profile = v.InferOutput<typeof ProfileSchema>;
