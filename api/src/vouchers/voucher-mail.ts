import type { Language } from '@rumbo/shared/schemas';
import type { OutgoingMail } from '../mail/outbox';
import { OPERATOR } from '../operator';
import { AttachmentNotReady } from '../mail/sender';
import type { Voucher } from './issue';

// The mail of vouchers issued after the sale (a factura in place of the boleta, a credit note),
// with their printed copies and XML attached at send time (`comprobantes:{codigo}:{language}`).

/**
 * Issue 44: how long a mail waits for a voucher being signed (the outbox signs it within a second
 * or two of the sale). Past this (the signer failing), the mail goes with what is signed: the
 * tickets are what boarding needs, and the ticket page shows the voucher once it is signed.
 */
export const VOUCHER_WAIT_MS = 10 * 60_000;

/** Waits (AttachmentNotReady) while a voucher of `vouchers` is being signed, up to VOUCHER_WAIT_MS after it was issued. */
export function awaitSignatures(vouchers: Voucher[], now: Date): void {
  const signing = vouchers.find((v) => v.xml === null && v.estado === 'pendiente' && now.getTime() - v.emitido.getTime() < VOUCHER_WAIT_MS);
  if (signing) throw new AttachmentNotReady(`voucher ${signing.serie}-${signing.correlativo} is being signed`);
}

export const vouchersAttachment = (codigo: string, language: Language) => `comprobantes:${codigo}:${language}`;

export function parseVouchersAttachment(reference: string): { codigo: string; language: Language } | null {
  const match = /^comprobantes:([A-Z0-9]{8}):(es-PE|en-EN)$/.exec(reference);
  return match ? { codigo: match[1]!, language: match[2] as Language } : null;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const TEXTS = {
  'es-PE': {
    subject: (code: string) => `Sus comprobantes electrónicos de ${OPERATOR.marca} (compra ${code})`,
    greeting: (name: string) => `Hola, ${name.split(' ')[0]}:`,
    body: (numbers: string) => `Emitimos estos comprobantes de pago electrónicos de su compra: ${numbers}. Los adjuntamos en PDF (representación impresa) y XML.`,
    signature: `Atentamente,\n${OPERATOR.marca}`,
  },
  'en-EN': {
    subject: (code: string) => `Your ${OPERATOR.marca} electronic vouchers (purchase ${code})`,
    greeting: (name: string) => `Hello ${name.split(' ')[0]},`,
    body: (numbers: string) => `We issued these electronic payment vouchers for your purchase: ${numbers}. They are attached as PDF (printed copy) and XML.`,
    signature: `Kind regards,\n${OPERATOR.marca}`,
  },
} as const;

export function voucherMail(r: { codigo: string; nombre: string; email: string }, language: Language, vouchers: Voucher[]): OutgoingMail {
  const t = TEXTS[language];
  const body = t.body(vouchers.map((v) => `${v.serie}-${v.correlativo}`).join(', '));
  const greeting = t.greeting(r.nombre);
  return {
    to: r.email,
    subject: t.subject(r.codigo),
    text: `${greeting}\n\n${body}\n\n${t.signature}`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><p>${escapeHtml(t.signature).replace(/\n/g, '<br>')}</p>`,
    adjunto: vouchersAttachment(r.codigo, language),
  };
}
