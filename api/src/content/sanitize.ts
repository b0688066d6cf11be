import pageHtml from '@rumbo/shared/contract/page-html.json';
import sanitizeHtml from 'sanitize-html';

/**
 * What an information page may contain (`@rumbo/shared/contract/page-html.json`, which the page's
 * renderer applies too). Applied when a page leaves the API even though the seed is ours: rows can be
 * edited in the database, and a stored script must never reach a browser. `h1` is left out because
 * the page's own title is the heading the site renders.
 */
const PAGE_HTML: sanitizeHtml.IOptions = pageHtml;

export function sanitizePageHtml(html: string): string {
  return sanitizeHtml(html, PAGE_HTML).trim();
}
