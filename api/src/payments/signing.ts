import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Lowercase hex SHA-256 of a UTF-8 string (SafetyPay's signatures). */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Lowercase hex HMAC-SHA256 (PagoEfectivo's notification signature). */
export function hmacSha256Hex(text: string, key: string): string {
  return createHmac('sha256', key).update(text, 'utf8').digest('hex');
}

/**
 * Compares a received secret or hex signature with the expected one in constant time: both are
 * hashed first, so neither their content nor the received one's length leaks through timing.
 * Hex is compared case-insensitively (SafetyPay's own kit upper-cases both sides).
 */
export function safeEqual(received: string, expected: string, { hex = false } = {}): boolean {
  const a = createHash('sha256').update(hex ? received.toLowerCase() : received, 'utf8').digest();
  const b = createHash('sha256').update(hex ? expected.toLowerCase() : expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

/** 12345 céntimos → "123.45": the providers' decimal amounts, never through floating point. */
export function decimalOf(centimos: number): string {
  if (!Number.isSafeInteger(centimos) || centimos < 0) throw new RangeError(`Not an amount in céntimos: ${centimos}`);
  return `${Math.trunc(centimos / 100)}.${String(centimos % 100).padStart(2, '0')}`;
}

const DECIMAL = /^(\d{1,10})(?:\.(\d{1,2}))?$/;

/** "123.45" (or 123.45, as JSON numbers come) → 12345 céntimos; null when it is not an amount. */
export function centimosOf(amount: unknown): number | null {
  const text = typeof amount === 'number' && Number.isFinite(amount) ? amount.toFixed(2) : amount;
  if (typeof text !== 'string') return null;
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  if (typeof amount === 'number' && Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A header's value however Node hands it (absent, one, or repeated): the first, or ''. */
export function headerOf(headers: Record<string, string | string[] | undefined>, name: string): string {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted) continue;
    return (Array.isArray(value) ? value[0] : value) ?? '';
  }
  return '';
}
