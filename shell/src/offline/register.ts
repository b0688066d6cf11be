/**
 * Issue 36 item 1: makes the site installable and its tickets available offline. Loaded as a
 * chunk of its own once the first page is shown and the browser is idle (bootstrap.tsx), so
 * nothing here weighs on the first paint: links the web app manifest of the reader's language,
 * registers the service worker (`/sw.js`, built from `sw.ts`), and hands it the addresses this
 * page loaded before the worker was there, so the page opens offline from its first visit.
 */
import { i18n } from '@rumbo/shared';

const MANIFEST_ID = 'web-app-manifest';

/** `/manifest.webmanifest` (es-PE) or `/manifest.en-EN.webmanifest`: see web-app-manifest.mjs. */
export const manifestHref = (language: string) => (language === 'en-EN' ? '/manifest.en-EN.webmanifest' : '/manifest.webmanifest');

export function linkManifest(language: string, doc: Document = document): void {
  let link = doc.getElementById(MANIFEST_ID) as HTMLLinkElement | null;
  if (!link) {
    link = doc.createElement('link');
    link.id = MANIFEST_ID;
    link.rel = 'manifest';
    doc.head.append(link);
  }
  const href = manifestHref(language);
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}

/** What this page loaded: the page itself and every file, as the browser recorded them. */
export function loadedAddresses(win: Window = window): string[] {
  const files = win.performance.getEntriesByType('resource').map((entry) => entry.name);
  return [win.location.href, ...new Set(files)];
}

export async function startOffline(win: Window = window): Promise<void> {
  linkManifest(i18n.language, win.document);
  i18n.on('languageChanged', (language: string) => linkManifest(language, win.document));
  const container = win.navigator.serviceWorker;
  if (!container) return;
  try {
    await container.register('/sw.js', { scope: '/' });
    const registration = await container.ready;
    registration.active?.postMessage({ type: 'warm', urls: loadedAddresses(win) });
  } catch {
    // Not allowed here (a private window, an insecure origin): the site works as without it.
  }
}
