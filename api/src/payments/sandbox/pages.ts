import { LIMA_TIME_ZONE, type Language } from '@rumbo/shared/schemas';
import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../../mail/html';
import { decimalOf } from '../signing';
import { SANDBOX_TEXTS, type SandboxTexts } from './texts';

/**
 * The sandbox's provider pages: plain server-rendered HTML with one form, no script. The API's
 * CSP forbids forms (`form-action 'none'`), so each page carries its own policy: its form may post
 * to the sandbox and be redirected to the store's return URLs.
 */
export function pagePolicy(returnUrls: string[]): string {
  const origins = new Set<string>();
  for (const url of returnUrls) {
    try {
      origins.add(new URL(url).origin);
    } catch {
      // Not a URL: no origin to allow.
    }
  }
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `form-action 'self' ${[...origins].join(' ')}`.trim(),
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f3f5f7;color:#1a1f24;line-height:1.5}
main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{font-size:1.5rem;margin:0 0 .5rem}
.notice{background:#fff4d6;border:1px solid #b98900;padding:.5rem .75rem;border-radius:.5rem;font-size:.9rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:1rem 0}
dt{font-weight:600}dd{margin:0}
.big{font-size:2rem;font-weight:700;letter-spacing:.08em}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.25rem}
button,a.button{font:inherit;font-weight:600;padding:.75rem 1.25rem;border-radius:.5rem;border:2px solid #0b5d3b;cursor:pointer;text-decoration:none;display:inline-block}
.primary{background:#0b5d3b;color:#fff}.secondary{background:#fff;color:#0b5d3b}
button:focus-visible,a:focus-visible{outline:3px solid #1a4fd6;outline-offset:2px}
`;

export function money(currency: string, centimos: number): string {
  return `${currency === 'PEN' ? 'S/' : currency} ${decimalOf(centimos)}`;
}

export function when(date: Date, language: Language): string {
  return new Intl.DateTimeFormat(language === 'en-EN' ? 'en-GB' : 'es-PE', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: LIMA_TIME_ZONE,
  }).format(date);
}

function layout(language: Language, title: string, content: string): string {
  const texts = SANDBOX_TEXTS[language];
  return `<!doctype html>
<html lang="${language === 'en-EN' ? 'en' : 'es-PE'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>
<h1>${escapeHtml(title)}</h1>
<p class="notice" role="note">${escapeHtml(texts.sandboxNotice)}</p>
${content}
</main></body>
</html>`;
}

function details(rows: [string, string, string?][]): string {
  return `<dl>${rows.map(([term, value, cls]) => `<dt>${escapeHtml(term)}</dt><dd${cls ? ` class="${cls}"` : ''}>${escapeHtml(value)}</dd>`).join('')}</dl>`;
}

export interface SafetyPayPageData {
  language: Language;
  action: string;
  amount: string;
  code: string;
  reference: string;
  channel: string;
  expires: Date;
}

export function safetyPayPage(data: SafetyPayPageData): string {
  const texts = SANDBOX_TEXTS[data.language];
  return layout(
    data.language,
    texts.safetypay.title,
    `<p>${escapeHtml(texts.safetypay.intro)}</p>
${details([
  [texts.merchant, 'Rumbo Andino'],
  [texts.amount, data.amount, 'big'],
  [texts.code, data.code],
  [texts.reference, data.reference],
  [texts.method, texts.methods[data.channel] ?? data.channel],
  [texts.expires, when(data.expires, data.language)],
])}
<form method="post" action="${escapeHtml(data.action)}" class="actions">
<button type="submit" name="decision" value="aprobar" class="primary">${escapeHtml(texts.safetypay.approve)}</button>
<button type="submit" name="decision" value="rechazar" class="secondary">${escapeHtml(texts.safetypay.decline)}</button>
</form>`,
  );
}

export interface VoucherPageData {
  language: Language;
  action: string;
  cip: string;
  amount: string;
  concept: string;
  expires: Date;
  returnUrl: string | null;
  /** The adapter's signature of `returnUrl`, carried by the form. */
  returnSignature: string | null;
  state: 'pendiente' | 'pagado' | 'vencido';
}

export function voucherPage(data: VoucherPageData): string {
  const texts = SANDBOX_TEXTS[data.language];
  const back = data.returnUrl ? `<a class="button secondary" href="${escapeHtml(data.returnUrl)}">${escapeHtml(texts.pagoefectivo.back)}</a>` : '';
  const actions =
    data.state === 'pendiente'
      ? `<form method="post" action="${escapeHtml(data.action)}" class="actions">
${data.returnUrl && data.returnSignature ? `<input type="hidden" name="retorno" value="${escapeHtml(data.returnUrl)}"><input type="hidden" name="firma" value="${escapeHtml(data.returnSignature)}">` : ''}
<button type="submit" name="decision" value="pagar" class="primary">${escapeHtml(texts.pagoefectivo.pay)}</button>
<button type="submit" name="decision" value="vencer" class="secondary">${escapeHtml(texts.pagoefectivo.expire)}</button>
</form>${back ? `<p>${back}</p>` : ''}`
      : `<p role="status">${escapeHtml(data.state === 'pagado' ? texts.done.pagado : texts.done.vencido)}</p>${back ? `<p>${back}</p>` : ''}`;
  return layout(
    data.language,
    texts.pagoefectivo.title,
    `<p>${escapeHtml(texts.pagoefectivo.intro)}</p>
${details([
  [texts.pagoefectivo.cip, data.cip, 'big'],
  [texts.amount, data.amount],
  [texts.reference, data.concept],
  [texts.expires, when(data.expires, data.language)],
])}
${actions}`,
  );
}

/** A short page with one message and, when there is one, a way back to the store. */
export function messagePage(language: Language, message: keyof Pick<SandboxTexts, 'notFound' | 'expired' | 'undelivered'>, links: { back?: string; retry?: { action: string; fields: Record<string, string> } } = {}): string {
  const texts = SANDBOX_TEXTS[language];
  const retry = links.retry
    ? `<form method="post" action="${escapeHtml(links.retry.action)}" class="actions">${Object.entries(links.retry.fields)
        .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
        .join('')}<button type="submit" class="primary">${escapeHtml(texts.retry)}</button></form>`
    : '';
  const back = links.back ? `<p><a class="button secondary" href="${escapeHtml(links.back)}">${escapeHtml(texts.continue)}</a></p>` : '';
  return layout(language, texts.problem, `<p role="alert">${escapeHtml(texts[message])}</p>${retry}${back}`);
}

/** Sends a sandbox page with its own policy (`pagePolicy`), never cached. */
export function html(reply: FastifyReply, status: number, body: string, returnUrls: string[] = []): FastifyReply {
  return reply
    .code(status)
    .header('content-security-policy', pagePolicy(returnUrls))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(body);
}
