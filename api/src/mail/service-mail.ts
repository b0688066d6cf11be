import type { Language } from '@rumbo/shared/schemas';
import { escapeHtml } from './html';
import type { OutgoingMail } from './outbox';
import { OPERATOR } from '../operator';

/** A line of a service mail: plain text, a code to copy (large), or a link. */
export type MailLine = { text: string; strong?: boolean; link?: boolean };

/**
 * The one layout of the short service mails (the account's codes and links, the privacy mails):
 * the same lines as plain text and as HTML, signed with the brand, in the customer's language.
 */
export function serviceMail(to: string, language: Language, subject: string, lines: MailLine[]): OutgoingMail {
  const text = [...lines.map((line) => line.text), '', OPERATOR.marca].join('\n\n');
  const html = `<!doctype html>
<html lang="${language.slice(0, 2)}"><body style="font-family:Arial,sans-serif;color:#222">
${lines
  .map((line) => {
    const value = escapeHtml(line.text);
    if (line.link) return `<p><a href="${value}">${value}</a></p>`;
    if (line.strong) return `<p style="font-size:28px;font-weight:bold;letter-spacing:4px">${value}</p>`;
    return `<p>${value}</p>`;
  })
  .join('\n')}
<p style="font-size:12px">${escapeHtml(OPERATOR.marca)}</p>
</body></html>`;
  return { to, subject, text, html };
}
