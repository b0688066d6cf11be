import sanitizeHtml from 'sanitize-html';

/**
 * What an information page may contain. Applied when a page leaves the API even though the seed
 * is ours: rows can be edited in the database, and a stored script must never reach a browser.
 * `h1` is left out because the page's own title is the heading the site renders.
 */
const PAGE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2', 'h3', 'h4', 'p', 'br', 'ul', 'ol', 'li', 'a', 'strong', 'em',
    'table', 'caption', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  allowedAttributes: { a: ['href'], th: ['scope', 'colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowProtocolRelative: false,
};

export function sanitizePageHtml(html: string): string {
  return sanitizeHtml(html, PAGE_HTML).trim();
}
