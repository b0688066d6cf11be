import { createHmac } from 'node:crypto';
import { safeEqual } from '../payments/signing';

/**
 * The per-ticket link a disruption's mail carries: it opens the ticket's choices without signing
 * in, and proves the holder as the recovery code does (only the buyer's mailbox receives it). A
 * stateless HMAC of the ticket number and the expiry, keyed with the server's secret: nothing to
 * store for 600 holders, and a choice made twice is refused by `boleto_cambio`, not by the link.
 */
const sign = (secret: string, numero: string, expires: number) => createHmac('sha256', secret).update(`incidencia:${numero}:${expires}`).digest('base64url');

export function disruptionToken(secret: string, numero: string, expira: Date): string {
  const expires = Math.floor(expira.getTime() / 1000);
  return `${expires}.${sign(secret, numero, expires)}`;
}

/** Whether `token` was made for `numero` and has not expired at `now`. */
export function verifyDisruptionToken(secret: string, numero: string, token: string, now: Date): boolean {
  const match = /^(\d{9,11})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const expires = Number(match[1]);
  const valid = safeEqual(match[2]!, sign(secret, numero, expires));
  return valid && expires * 1000 > now.getTime();
}
