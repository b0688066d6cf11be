/**
 * What a small script of its own does (`/route-hints.js`, built from `route-hints.entry.ts` and
 * loaded `async` by index.html): it starts the
 * download of the page's remote while the shell's own bundle is still arriving, instead of after
 * it has been evaluated. It reads the registry, then the remote's manifest, and adds preload
 * links for the remote's entry and its `./app` chunks; the federation runtime finds those links
 * and those responses later (it reuses a link or script with the same URL). Nothing here is
 * needed: when any step fails, the shell loads the remote as it always does.
 */
import { hasStoredSession } from '@rumbo/shared/early';
import { addResourceHint, filesToPreload, readManifest } from './remotes/manifest';
import type { RemotesRegistry } from './remotes/registry';
import { routeFor } from './routes';

declare global {
  interface Window {
    /** The registry as `/route-hints.js` fetched it, for the shell's boot (one request per page). */
    __remotesRegistry?: Promise<RemotesRegistry>;
  }
}

/** What `/route-hints.js` already asked for and left on `window[key]`, else a fetch of its own. Taken once. */
export function takeHinted<K extends '__remotesRegistry' | '__runtimeConfig'>(key: K, read: () => NonNullable<Window[K]>): NonNullable<Window[K]> {
  const hinted = window[key];
  window[key] = undefined;
  return (hinted ? hinted.catch(read) : read()) as NonNullable<Window[K]>;
}

/** The registry `/route-hints.js` already asked for, else a fetch of its own. Taken once. */
export const takeRemotesRegistry = (read: () => Promise<RemotesRegistry>): Promise<RemotesRegistry> => takeHinted('__remotesRegistry', read);

/**
 * Preloads the remote that owns `pathname` (nothing for a path no route owns, or an undeployed
 * remote). A stitched page names its remote's manifest (`stitched`): it is read at once, beside
 * the registry, instead of after it.
 */
export async function hintRoute(pathname: string, stitched?: string): Promise<void> {
  const route = routeFor(pathname);
  if (!route) return;
  const pending = fetch('/remotes.json').then((response) => {
    if (!response.ok) throw new Error(`/remotes.json: ${response.status}`);
    return response.json() as Promise<RemotesRegistry>;
  });
  // This fetch takes index.html's preloaded answer: the shell's boot takes this same registry.
  window.__remotesRegistry = pending;
  const manifestUrl = stitched ?? (await pending)[route.remote];
  if (!manifestUrl) return;
  const manifest = await readManifest(manifestUrl);
  for (const href of filesToPreload(manifest, manifestUrl)) addResourceHint('preload', href);
}

/**
 * What the `/route-hints.js` element of a stitched page without customer data says
 * (deploy-lib.mjs `paintFirst`): its code starts once the page has painted (`data-start`), from
 * `data-main` (the shell's entry, not in the page as a script), and its remote's manifest is
 * `data-manifest`.
 */
export interface StartOptions {
  start?: string;
  main?: string;
  manifest?: string;
}

/**
 * Runs `begin` now, or, on a page that paints first (issue 17: a prerendered page is whole
 * without its code), once its HTML is parsed and painted: its code and its remote's are then not
 * fetched while the first screen is (they would share the bandwidth with it). A visitor who chose
 * another language waits for the code to see the page in it (`prerender-stale`): theirs starts at
 * once, as does a signed-in customer's (the header greets them once the code runs) and a page
 * loaded in a background tab (which paints nothing yet).
 */
export function whenPainted({ start }: StartOptions, begin: () => void): void {
  const waits =
    start === 'after-paint' &&
    document.visibilityState === 'visible' &&
    !document.documentElement.classList.contains('prerender-stale') &&
    !hasStoredSession();
  if (!waits) return begin();
  if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    // The browser says when the first screen's first text or image has painted.
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      begin();
    });
    observer.observe({ type: 'paint', buffered: true });
    return;
  }
  // Where it does not: after the frame that follows the parsed page.
  const afterNextPaint = () => requestAnimationFrame(() => setTimeout(begin, 0));
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterNextPaint, { once: true });
  else afterNextPaint();
}

/** Adds the shell's entry script (a page that paints first does not name it in its HTML). */
export function loadShell(src: string): void {
  const script = document.createElement('script');
  script.src = src;
  document.head.appendChild(script);
}
