import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A link token: 32 random bytes, URL-safe. */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a link token: its SHA-256 (the token itself has 256 bits: no salt needed). */
export function linkTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A one-time code: 6 digits from a cryptographic source. */
export function newOtpCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * What is stored of a one-time code: an HMAC keyed with the server's secret and bound to the
 * account, so a copy of the table cannot be brute-forced offline (there are only a million codes).
 */
export function otpHash(code: string, ccuenta: number, secret: string): string {
  return createHmac('sha256', secret).update(`otp:${ccuenta}:${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * What a sign-up link is bound to: the account and the password hash of the sign-up it was mailed
 * for (the hash has its own random salt, so two sign-ups never share it, even with one password).
 */
export function signUpDigest(ccuenta: number, clave_hash: string | null): string {
  return createHash('sha256').update(`registro:${ccuenta}:${clave_hash ?? ''}`).digest('hex');
}
