import * as v from 'valibot';
import type { ValidationKey } from './validation.messages';
import { xmlText } from './xml-text';

/**
 * Companies (`/rest/juridica/*`): a RUC looked up or registered, for the corporate form and the
 * factura of a purchase. Also the promotions subscription (`/rest/componente/registrar`).
 */

/**
 * Any value as a trimmed string ('' when missing or of another type). An optional with a default,
 * not a fallback: a missing key still runs the field's checks (a fallback would skip them).
 */
const text = v.pipe(
  v.optional(v.unknown(), ''),
  v.transform((value) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '')),
  // Every field here reaches the operator's mail (and a razón social a factura): only what XML carries.
  xmlText(),
);
const msg = (key: ValidationKey) => key;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** RUC prefixes: 10 person, 15/16/17 other taxpayers, 20 legal entity. */
const RUC_PREFIXES = ['10', '15', '16', '17', '20'];
const RUC_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/** SUNAT's check: 11 digits, a known prefix, and the modulo-11 check digit last. */
export function isValidRuc(ruc: string): boolean {
  if (!/^\d{11}$/.test(ruc) || !RUC_PREFIXES.includes(ruc.slice(0, 2))) return false;
  const sum = RUC_WEIGHTS.reduce((total, weight, i) => total + weight * Number(ruc[i]), 0);
  const digit = (11 - (sum % 11)) % 10;
  return digit === Number(ruc[10]);
}

const ruc = v.pipe(
  text,
  v.nonEmpty(msg('company.ruc.required')),
  v.regex(/^\d{11}$/, msg('company.ruc.format')),
  v.check(isValidRuc, msg('company.ruc.invalid')),
);

export const RucLookupSchema = v.object({ ruc });

export const COMPANY_MESSAGE_MAX = 500;

export const CompanySchema = v.object({
  ruc,
  razon_social: v.pipe(
    text,
    v.nonEmpty(msg('company.razon_social.required')),
    v.maxLength(150, msg('company.razon_social.max')),
  ),
  contacto: v.pipe(text, v.nonEmpty(msg('company.contacto.required')), v.maxLength(120, msg('company.contacto.max'))),
  correo: v.pipe(
    text,
    v.nonEmpty(msg('company.correo.required')),
    v.maxLength(120, msg('complaint.correo.max')),
    v.regex(EMAIL, msg('company.correo.format')),
  ),
  telefono: v.pipe(
    text,
    v.nonEmpty(msg('company.telefono.required')),
    v.regex(/^\d{6,15}$/, msg('company.telefono.format')),
  ),
  mensaje: v.pipe(text, v.maxLength(COMPANY_MESSAGE_MAX, msg('company.mensaje.max'))),
});
export type CompanyInput = v.InferOutput<typeof CompanySchema>;

export const SubscriptionSchema = v.object({
  correo: v.pipe(
    text,
    v.transform((value) => value.toLowerCase()),
    v.nonEmpty(msg('subscription.correo.required')),
    v.maxLength(120, msg('complaint.correo.max')),
    v.regex(EMAIL, msg('subscription.correo.format')),
  ),
});

/** The token of a confirmation or unsubscribe link. */
export const SubscriptionTokenSchema = v.object({
  token: v.pipe(text, v.regex(/^[A-Za-z0-9_-]{20,64}$/, msg('subscription.token.invalid'))),
});
