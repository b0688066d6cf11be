import DOMPurify from 'dompurify';

/**
 * An information page's HTML made safe to insert: DOMPurify drops scripts, event handlers and
 * `javascript:` URLs even though the API sanitises too (rows can be edited in the database).
 * The page's title is its one h1, so an h1 in the body becomes an h2; a table scrolls inside
 * its own box on narrow screens instead of widening the page.
 */
export function sanitizePageHtml(html: string): string {
  const fragment = DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, RETURN_DOM_FRAGMENT: true });
  for (const h1 of fragment.querySelectorAll('h1')) {
    const h2 = document.createElement('h2');
    h2.append(...h1.childNodes);
    h1.replaceWith(h2);
  }
  for (const table of fragment.querySelectorAll('table')) {
    const scroller = document.createElement('div');
    scroller.className = 'table-scroll';
    scroller.tabIndex = 0;
    table.replaceWith(scroller);
    scroller.append(table);
  }
  const container = document.createElement('div');
  container.append(fragment);
  return container.innerHTML;
}
