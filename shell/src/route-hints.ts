/**
 * What a small script of its own does (`/route-hints.js`, built from `route-hints.entry.ts` and
 * loaded `async` by index.html): it starts the
 * download of the page's remote while the shell's own bundle is still arriving, instead of after
 * it has been evaluated. It reads the registry, then the remote's manifest, and adds preload
 * links for the remote's entry and its `./app` chunks; the federation runtime finds those links
 * and those responses later (it reuses a link or script with the same URL). Nothing here is
 * needed: when any step fails, the shell loads the remote as it always does.
 */
import { FRAME_FILLED_EVENT, hasStoredSession } from '@rumbo/shared/early';
import { anyFieldChanged } from './early-input';
import { addResourceHint, filesToPreload, readManifest } from './remotes/manifest';
import type { RemotesRegistry } from './remotes/registry';
import { routeFor } from './routes';

declare global {
  interface Window {
    /** The registry as `/route-hints.js` fetched it, for the shell's boot (one request per page). */
    __remotesRegistry?: Promise<RemotesRegistry>;
    /** Set by `/route-hints.js` as it starts (a stitched page's fallback, deploy-lib.mjs `pageGuard`, then stands down). */
    __routeHints?: boolean;
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
  // A visitor who reads another language waits for the code to see the page: its texts too.
  for (const href of filesToPreload(manifest, manifestUrl, { otherLanguage: readsOtherLanguage() })) addResourceHint('preload', href);
}

/**
 * Whether the visitor reads another language than the stitched page's: its inline script marked
 * the page `prerender-stale` (deploy-lib.mjs `languageGuard`), which hides the stale screen.
 */
const readsOtherLanguage = () => document.documentElement.classList.contains('prerender-stale');

/**
 * What the `/route-hints.js` element of a stitched page without customer data says
 * (deploy-lib.mjs `paintFirst`): when its code starts (`data-start`), from `data-main` (the
 * shell's entry, not in the page as a script), and its remote's manifest (`data-manifest`).
 */
export interface StartOptions {
  start?: string;
  /** Present (`data-fill`): the frame has a fill script (`id="frame-fill"`), awaited before the code. */
  fill?: string;
  main?: string;
  manifest?: string;
}

/** The longest a frame's code waits for its fill script (which may have failed to arrive, or to run). */
export const FILL_WAIT_MS = 1500;

/**
 * What a customer does that shows they are about to use the page: touch or click, a key, a
 * field's focus, scrolling, or moving the mouse (a customer at a computer points before clicking);
 * and what a screen reader's activation sends without any of those (a click, an edit, a submit).
 */
const INTENT_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'scroll', 'wheel', 'click', 'input', 'change', 'submit'] as const;

/** What shows that the data it stands for is still to come: a part with `aria-busy`, a skeleton. */
const AWAITING = '#remotes [aria-busy="true"], #remotes .chakra-skeleton';

/**
 * Runs `begin` now, or, on a page whose first screen is whole without its code (issue 17):
 * - `after-paint`: once its HTML has painted: the code is not fetched while the first screen is
 *   (it would share the bandwidth with it);
 * - `on-intent`: after that, only once the customer acts (`INTENT_EVENTS`, the first is replayed:
 *   shell/src/early-input.ts) or something in view waits for data (`AWAITING`, now or once
 *   scrolled to): a page read and left, or read before it is used, costs the phone no code at all.
 * A visitor who chose another language waits for the code to see the page in it
 * (`prerender-stale`): theirs starts at once, as does a signed-in customer's (the header greets
 * them once the code runs) and a page loaded in a background tab (which paints nothing yet).
 */
export function whenToStart({ start, fill }: StartOptions, begin: () => void): void {
  const waits =
    (start === 'after-paint' || start === 'on-intent') &&
    document.visibilityState === 'visible' &&
    !readsOtherLanguage() &&
    !hasStoredSession();
  if (!waits) return begin();
  if (start === 'on-intent') return afterFirstPaint(() => onIntent(begin));
  // A frame: once it has painted, with what its fill script writes (if it has one), and a frame more.
  afterFirstPaint(() => (fill === undefined ? afterNextPaint(begin) : afterFill(() => afterNextPaint(begin))));
}

/**
 * Calls `then` once the frame that follows the parsed page is on screen: the browser stamps a
 * paint with the time the frame was shown, after its main-thread work; a request started in the
 * task after the first frame callback could still precede it (Lighthouse then counts the shell's
 * entry in the frame's paint). The frame after that one has shown it.
 */
function afterNextPaint(then: () => void): void {
  const next = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(then, 0)));
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', next, { once: true });
  else next();
}

/**
 * Calls `then` once the frame's fill script has run (`markFrameFilled`, @rumbo/shared/early), or
 * failed to load, or at the latest after `FILL_WAIT_MS`.
 */
function afterFill(then: () => void): void {
  if (window.__frameFilled) return then();
  const script = document.getElementById('frame-fill');
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    document.removeEventListener(FRAME_FILLED_EVENT, finish);
    script?.removeEventListener('error', finish);
    clearTimeout(timer);
    then();
  };
  document.addEventListener(FRAME_FILLED_EVENT, finish);
  script?.addEventListener('error', finish);
  const timer = setTimeout(finish, FILL_WAIT_MS);
}

/** Calls `then` once the page's first text or image has painted. */
function afterFirstPaint(then: () => void): void {
  if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    // The browser says when the first screen's first text or image has painted.
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      then();
    });
    observer.observe({ type: 'paint', buffered: true });
    return;
  }
  // Where it does not: after the frame that follows the parsed page.
  afterNextPaint(then);
}

/** Calls `begin` once, on the customer's first intent or once something waiting for data is in view. */
export function onIntent(begin: () => void): void {
  const awaiting = document.querySelectorAll(AWAITING);
  const seen =
    awaiting.length > 0 && typeof IntersectionObserver === 'function'
      ? new IntersectionObserver((entries) => {
          if (entries.some((entry) => entry.isIntersecting)) start();
        })
      : undefined;
  let started = false;
  function start() {
    if (started) return;
    started = true;
    for (const type of INTENT_EVENTS) window.removeEventListener(type, start, true);
    seen?.disconnect();
    begin();
  }
  for (const type of INTENT_EVENTS) window.addEventListener(type, start, { capture: true, passive: true });
  // What the customer did before these listeners (the page paints, and can be used, before its
  // first paint is reported): a field focused already or changed (a language picked in the
  // header); and a browser that cannot tell what is in view, on a page with something waiting for data.
  const focused = document.activeElement instanceof HTMLElement && document.activeElement !== document.body;
  if (focused || anyFieldChanged() || (awaiting.length > 0 && !seen)) return start();
  for (const element of awaiting) seen?.observe(element);
}

/** Adds the shell's entry script (a page that paints first does not name it in its HTML). */
export function loadShell(src: string): void {
  const script = document.createElement('script');
  script.src = src;
  document.head.appendChild(script);
}
