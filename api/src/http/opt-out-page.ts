import type { Language } from '@rumbo/shared/schemas';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml } from '../mail/html';
import { OPERATOR } from '../operator';
import { noStore } from './cache';

/** What a mail's opt-out page says (the reminders', a price alert's), in the customer's language. */
export interface OptOutTexts {
  title: string;
  /** The question the page asks above its button. */
  ask: string;
  button: string;
  /** What the page says once it is done. */
  done: string;
}

/** A tiny page with no script: it works from any mail client's browser. */
function page(language: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language.slice(0, 2)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(`${title} · ${OPERATOR.marca}`)}</title>
<style>body{font-family:Arial,sans-serif;color:#1a1a1a;max-width:36rem;margin:2rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;padding:.6rem 1rem;background:#164b7a;color:#fff;border:0;border-radius:.4rem;cursor:pointer}button:focus-visible{outline:3px solid #f5b301;outline-offset:2px}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

// The API's policy refuses every form; this page's one posts back to itself.
const send = (reply: FastifyReply, html: string) =>
  noStore(reply)
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
    .type('text/html; charset=utf-8')
    .send(html);

/**
 * The opt-out link's page: it only asks, with a button that posts to the same address. A GET never
 * opts anyone out, since mail scanners follow links.
 */
export function askToOptOut(reply: FastifyReply, language: Language, texts: OptOutTexts, address: string) {
  const body = `<p>${escapeHtml(texts.ask)}</p><form method="post" action="${escapeHtml(address)}"><button type="submit">${escapeHtml(texts.button)}</button></form>`;
  return send(reply, page(language, texts.title, body));
}

/** The answer to the button's POST (or a mail client's one-click POST): done. */
export function optedOut(reply: FastifyReply, language: Language, texts: OptOutTexts) {
  return send(reply, page(language, texts.title, `<p role="status">${escapeHtml(texts.done)}</p>`));
}

/**
 * Registers the opt-out's POST in a scope that takes form bodies: the page's button, or a mail
 * client's one-click POST (RFC 8058 sends `List-Unsubscribe=One-Click` form-encoded). The body says
 * nothing the link does not, so it is read and dropped.
 */
export async function oneClickOptOut(app: FastifyInstance, register: (forms: FastifyInstance) => void): Promise<void> {
  await app.register(async (forms) => {
    forms.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, undefined));
    register(forms);
  });
}
