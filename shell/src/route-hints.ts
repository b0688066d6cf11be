/**
 * What the shell's first script does (`route-hints.js`, built from `route-hints.entry.ts`, inline
 * in each rendered page's head, a file `async` in index.html): it starts the download of the
 * page's remote while the shell's own bundle is still arriving, instead of after it has been
 * evaluated. It reads the registry, then the remote's manifest, and adds preload
 * links for the remote's entry and its `./app` chunks; the federation runtime finds those links
 * and those responses later (it reuses a link or script with the same URL). Nothing here is
 * needed: when any step fails, the shell loads the remote as it always does.
 */
import { PAINT } from '@rumbo/shared/paint';
import { PREFETCH_MARGIN } from '@rumbo/shared/prefetch';
import { anyFieldChanged } from './early-input';
import { addResourceHint, filesToPreload, readManifest } from './remotes/manifest';
import type { RemotesRegistry } from './remotes/registry';
import { routeFor, type RemoteName } from './routes';

declare global {
  interface Window {
    /** The registry as `/route-hints.js` fetched it, for the shell's boot (one request per page). */
    __remotesRegistry?: Promise<RemotesRegistry>;
  }
}

/** What `/route-hints.js` already asked for (`hinted`), else `read()`: a hint that failed is read again. */
export const hintedOr = <T>(hinted: Promise<T> | undefined, read: () => Promise<T>): Promise<T> => (hinted ? hinted.catch(read) : read());

/** The registry `/route-hints.js` already asked for, else a fetch of its own. Taken once. */
export function takeRemotesRegistry(read: () => Promise<RemotesRegistry>): Promise<RemotesRegistry> {
  const hinted = window.__remotesRegistry;
  window.__remotesRegistry = undefined;
  return hintedOr(hinted, read);
}

/** Preloads the remote that owns `pathname` (nothing for a path no route owns, or an undeployed remote). */
export async function hintRoute(pathname: string): Promise<void> {
  const route = routeFor(pathname);
  if (!route) return;
  // The shell's boot takes this same registry.
  const manifestUrl = (await registryOnce())[route.remote];
  if (!manifestUrl) return;
  const manifest = await readManifest(manifestUrl);
  // A page the browser renders in another language than its HTML's waits for the code: its texts too.
  for (const href of filesToPreload(manifest, manifestUrl, { otherLanguage: readsOtherLanguage() })) addResourceHint('preload', href);
}

/**
 * Whether the reader's stored language (`lang-web{product}`) is not the one the server rendered
 * the page in (`PAINT.language` on its area): a reader whose cookie the browser had not sent yet
 * (chosen before the cookie existed). Their page is rendered anew by the code: it starts at once.
 */
export function readsOtherLanguage(): boolean {
  const area = document.querySelector(`#${PAINT.remotes} > [${PAINT.language}]`);
  const rendered = area?.getAttribute(PAINT.language);
  if (!rendered) return false;
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(PAINT.languageCookie(''))) return localStorage.getItem(key) !== rendered;
    }
  } catch {
    // No storage: the page is as the server rendered it.
  }
  return false;
}

/** What the `/route-hints.js` element says: when the page's code starts (`PAINT.island`). */
export interface StartOptions {
  island?: string;
}

/** The shell's entry (not named in a page as a script: this one starts it). */
export const SHELL_ENTRY = '/main.js';

/** The longest a frame's code waits for its fill script (which may have failed to arrive, or to run). */
export const FILL_WAIT_MS = 1500;

/**
 * What a customer does that shows they are about to use the page: touch or click, a key, a
 * field's focus, scrolling, or moving the mouse (a customer at a computer points before clicking);
 * and what a screen reader's activation sends without any of those (a click, an edit, a submit).
 */
const INTENT_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'scroll', 'wheel', 'click', 'input', 'change', 'submit'] as const;

/** What shows that the data it stands for is still to come: a part with `aria-busy`, a skeleton. */
const AWAITING = `#${PAINT.remotes} [aria-busy="true"], #${PAINT.remotes} .chakra-skeleton`;

/**
 * Calls `then` with the page's island directive once its area has arrived: the server streams the
 * head and the header first, the area (its container names its `PAINT.island`) when rendered.
 * A customer who acted before (the header is usable meanwhile) gets the code as if the area said
 * `intent`, at once. A page without an area (the offline page, an address no route owns) says none:
 * its code starts at once.
 */
export function whenAreaArrived(then: (options: StartOptions) => void): void {
  let acted = false;
  const act = () => void (acted = true);
  const read = () => {
    for (const type of INTENT_EVENTS) window.removeEventListener(type, act, true);
    const island = document.querySelector(`#${PAINT.remotes} > [${PAINT.island}]`)?.getAttribute(PAINT.island) ?? undefined;
    then({ island: acted && island === 'intent' ? 'load' : island });
  };
  if (document.readyState !== 'loading') return read();
  for (const type of INTENT_EVENTS) window.addEventListener(type, act, { capture: true, passive: true });
  document.addEventListener('DOMContentLoaded', read, { once: true });
}

/**
 * Runs `begin` when the page's island directive says (`IslandDirective`, @rumbo/shared/paint),
 * never before its HTML has painted (the code would share the bandwidth with it):
 * - `load`: once painted (a purchase step: with what its client part, `#frame-fill`, writes);
 * - `idle`: once painted and the browser is idle;
 * - `visible`: once painted and its area is in view;
 * - `intent`: once painted and the customer acts (`INTENT_EVENTS`, the first is replayed:
 *   shell/src/early-input.ts) or something in view waits for data (`AWAITING`, now or once
 *   scrolled to): a page read and left costs the phone no code at all.
 * A page the browser must render anew (another language than its HTML's) starts at once, as does
 * one loaded in a background tab (which paints nothing yet). A signed-in reader's page waits as
 * anyone's: its header shows their session from the first paint (stored-session-paint.ts).
 */
export function whenToStart({ island }: StartOptions, begin: () => void): void {
  const waits = island !== undefined && document.visibilityState === 'visible' && !readsOtherLanguage();
  if (!waits) return begin();
  if (island === 'intent') return afterFirstPaint(() => onIntent(begin));
  if (island === 'idle') return afterFirstPaint(() => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => begin()) : setTimeout(begin, 200)));
  if (island === 'visible') return afterFirstPaint(() => whenVisible(begin));
  const fill = document.getElementById(PAINT.frameFill);
  afterFirstPaint(() => (fill ? afterFill(() => afterNextPaint(begin)) : afterNextPaint(begin)));
}

/** Calls `begin` once the page's area is in view (at once where the browser cannot tell). */
function whenVisible(begin: () => void): void {
  const area = document.querySelector(`#${PAINT.remotes} > *`);
  if (!area || typeof IntersectionObserver !== 'function') return begin();
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    begin();
  });
  observer.observe(area);
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
  const script = document.getElementById(PAINT.frameFill);
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    document.removeEventListener(PAINT.frameFilledEvent, finish);
    script?.removeEventListener('error', finish);
    clearTimeout(timer);
    then();
  };
  document.addEventListener(PAINT.frameFilledEvent, finish);
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

/** The registry, asked once by this script (the shell's boot takes the same answer). */
function registryOnce(): Promise<RemotesRegistry> {
  window.__remotesRegistry ??= fetch('/remotes.json').then((response) => {
    if (!response.ok) throw new Error(`/remotes.json: ${response.status}`);
    return response.json() as Promise<RemotesRegistry>;
  });
  return window.__remotesRegistry;
}

/**
 * Spec §2 from the first paint, before the page's code: each link of the site's own is
 * prefetched (its remote's entry and `./app` chunks, into the cache, not run) when it comes within
 * `PREFETCH_MARGIN` of the viewport, as the live `Link` does once the code runs. Starts once the
 * whole page has painted (the header paints first, the page's area when it has streamed in) and
 * the browser is idle, so it never competes with the first screen: no request of it comes before
 * the page's largest paint (issue 33, figure 5).
 */
export function prefetchLinksNearView(): void {
  if (typeof IntersectionObserver !== 'function') return;
  const done = new Set<RemoteName>();
  const prefetch = async (remote: RemoteName) => {
    if (done.has(remote)) return;
    done.add(remote);
    const manifestUrl = (await registryOnce())[remote];
    if (!manifestUrl) return;
    for (const href of filesToPreload(await readManifest(manifestUrl), manifestUrl)) addResourceHint('prefetch', href);
  };
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        const remote = routeFor(new URL((entry.target as HTMLAnchorElement).href).pathname)?.remote;
        if (remote) prefetch(remote).catch(() => done.delete(remote));
      }
    },
    { rootMargin: PREFETCH_MARGIN },
  );
  const observe = () => {
    for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href^="/"]')) observer.observe(link);
  };
  afterNextPaint(() => (typeof requestIdleCallback === 'function' ? requestIdleCallback(observe) : setTimeout(observe, 200)));
}

/**
 * Adds the shell's entry script (a page that paints first does not name it in its HTML), unless the
 * page already names it: `index.html`, which the service worker serves offline, does, and a second
 * copy would start the shell twice (single-spa refuses a second start).
 */
export function loadShell(src: string): void {
  const wanted = new URL(src, document.baseURI).href;
  if ([...document.scripts].some((script) => script.src === wanted)) return;
  const script = document.createElement('script');
  script.src = src;
  document.head.appendChild(script);
}
