import { LIMA_UTC_OFFSET } from '@rumbo/shared/schemas';
import { randomBytes, randomInt } from 'node:crypto';
import type { Language } from '@rumbo/shared/schemas';

/** What the sandbox keeps in memory of open tokens and CIPs, and the small helpers its routes share. */

/** At most this many open tokens, CIPs or bearer tokens are kept; the oldest go first. */
const MAX_ENTRIES = 10_000;

/** A Map that forgets its oldest entries past MAX_ENTRIES. */
export class Bounded<V> extends Map<string, V> {
  override set(key: string, value: V): this {
    super.set(key, value);
    if (this.size > MAX_ENTRIES) this.delete(this.keys().next().value as string);
    return this;
  }
}

export type Form = Record<string, string>;

export interface ExpressToken {
  fields: Form;
  centimos: number;
  expires: Date;
  language: Language;
  delivery: Promise<boolean> | null;
  outcome: 'aprobar' | 'rechazar' | null;
}

export interface Cip {
  cip: string;
  currency: string;
  centimos: number;
  transactionCode: string;
  concept: string;
  expires: Date;
  language: Language;
  delivery: Promise<boolean> | null;
  state: 'pendiente' | 'pagado' | 'vencido';
}

export const id = () => randomBytes(16).toString('hex');
export const digits = (length: number) => Array.from({ length }, (_, i) => randomInt(i === 0 ? 1 : 0, 10)).join('');
export const isWebUrl = (value: string | undefined): value is string => {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/** SafetyPay's RequestDateTime (Lima wall clock, no offset) as an instant; null when malformed. */
export function limaInstant(value: string): Date | null {
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/.test(value)) return null;
  const date = new Date(`${value}${LIMA_UTC_OFFSET}`);
  return Number.isNaN(date.getTime()) ? null : date;
}
