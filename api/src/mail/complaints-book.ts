import { escapeHtml } from './html';

/** The complaints book's path on the site (the spec's route; mf-complaints). */
export const COMPLAINTS_BOOK_PATH = '/libro_reclamaciones';

const TEXTS = {
  es: { label: 'Libro de Reclamaciones', line: (where: string) => `Libro de Reclamaciones: ${where}`, nowhere: 'en nuestra web y en cualquier agencia' },
  en: { label: 'Complaints book (Libro de Reclamaciones)', line: (where: string) => `Complaints book (Libro de Reclamaciones): ${where}`, nowhere: 'on our website and at any agency' },
} as const;

/**
 * Ley 32495 (issue 47): the complaints book is at hand from every surface, every mail too. Adds its
 * link at the foot of a mail (text and HTML), in the mail's language (its HTML's `lang`, else
 * Spanish, the site's default), unless the mail already links it (the complaint's own copy). With
 * no site address configured it says where the book is instead.
 */
export function withComplaintsBook<M extends { text: string; html: string }>(mail: M, siteUrl?: string): M {
  if (mail.text.includes(COMPLAINTS_BOOK_PATH) || mail.html.includes(COMPLAINTS_BOOK_PATH)) return mail;
  const t = /<html[^>]*\slang="en/i.test(mail.html) ? TEXTS.en : TEXTS.es;
  const url = siteUrl ? `${siteUrl.replace(/\/+$/, '')}${COMPLAINTS_BOOK_PATH}` : undefined;
  const paragraph = url
    ? `<p style="font-size:12px"><a href="${escapeHtml(url)}">${escapeHtml(t.label)}</a></p>`
    : `<p style="font-size:12px">${escapeHtml(t.line(t.nowhere))}</p>`;
  const html = /<\/body>/i.test(mail.html) ? mail.html.replace(/<\/body>/i, `${paragraph}\n</body>`) : `${mail.html}${paragraph}`;
  return { ...mail, text: `${mail.text}\n\n${t.line(url ?? t.nowhere)}`, html };
}

/** The complaints book's line for a printed copy (a PDF), in `language`: where to find it. */
export function complaintsBookLine(language: 'es-PE' | 'en-EN', siteUrl?: string): string {
  const t = language === 'en-EN' ? TEXTS.en : TEXTS.es;
  return `${t.line(siteUrl ? `${siteUrl.replace(/\/+$/, '')}${COMPLAINTS_BOOK_PATH}` : t.nowhere)}.`;
}
