import { endpointPath, endpoints } from '@rumbo/shared/contract';
import { createHmac } from 'node:crypto';
import { safeEqual } from '../payments/signing';
import { PDF_LINK_SECONDS } from '../sales/tickets';

// Signed, short-lived links my trips gives to a purchase's vouchers (as to its tickets' PDF), so
// they open without a session header. A key of their own per format, derived from the session
// secret: a tickets link is never a voucher link, nor a PDF link an XML one.

export type VoucherFormat = 'pdf' | 'xml';

const keyOf = (secret: string, format: VoucherFormat) => createHmac('sha256', secret).update(`rumbo:comprobante-${format}`).digest();
const sign = (secret: string, format: VoucherFormat, codigo: string, expires: number) =>
  createHmac('sha256', keyOf(secret, format)).update(`${codigo}|${expires}`).digest('base64url').slice(0, 22);

export function voucherLink(secret: string, apiOrigin: string, format: VoucherFormat, codigo: string, now: Date): string {
  const exp = Math.floor(now.getTime() / 1000) + PDF_LINK_SECONDS;
  const endpoint = format === 'pdf' ? endpoints.voucherPdfLink : endpoints.voucherXmlLink;
  return `${apiOrigin}${endpointPath(endpoint, { codigo }, { exp: String(exp), firma: sign(secret, format, codigo, exp) })}`;
}

export function verifyVoucherLink(secret: string, format: VoucherFormat, codigo: string, exp: string, firma: string, now: Date): boolean {
  const expires = Number(exp);
  if (!Number.isSafeInteger(expires) || expires * 1000 <= now.getTime()) return false;
  return safeEqual(firma, sign(secret, format, codigo, expires));
}
