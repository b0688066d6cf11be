import type { Language } from '@rumbo/shared/schemas';
import { escapeHtml } from '../mail/html';
import type { OutgoingMail } from '../mail/outbox';
import { OPERATOR } from '../operator';

const TEXTS = {
  'es-PE': {
    subject: (code: string, purchase: string) => `${code} es su código para recuperar la compra ${purchase}`,
    greeting: (name: string) => `Hola, ${name}:`,
    body: (purchase: string) => `Use este código para ver y gestionar la compra ${purchase} en ${OPERATOR.marca}. Vence en 10 minutos y sirve una sola vez.`,
    ignore: 'Si usted no lo pidió, ignore este mensaje: nadie puede gestionar su compra sin el código.',
  },
  'en-EN': {
    subject: (code: string, purchase: string) => `${code} is your code to recover purchase ${purchase}`,
    greeting: (name: string) => `Hello ${name},`,
    body: (purchase: string) => `Use this code to see and manage purchase ${purchase} at ${OPERATOR.marca}. It expires in 10 minutes and works once.`,
    ignore: 'If you did not ask for it, ignore this message: nobody can manage your purchase without the code.',
  },
} as const;

/** To the buyer of a purchase: the one-time code that proves them before a recovery. */
export function recoveryCodeMail(to: string, name: string, purchase: string, code: string, language: Language): OutgoingMail {
  const t = TEXTS[language];
  const lines = [t.greeting(name), t.body(purchase), code, t.ignore];
  const text = [...lines, OPERATOR.marca].join('\n\n');
  const html = `<!doctype html>
<html lang="${language.slice(0, 2)}"><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(lines[0]!)}</p>
<p>${escapeHtml(lines[1]!)}</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:4px">${escapeHtml(code)}</p>
<p>${escapeHtml(lines[3]!)}</p>
<p style="font-size:12px">${escapeHtml(OPERATOR.marca)}</p>
</body></html>`;
  return { to, subject: t.subject(code, purchase), text, html };
}
