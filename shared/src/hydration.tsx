import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';

/**
 * Parts of a prerendered screen that hydrate when they come into view (issue 17, item 4): below
 * the fold, their markup is already painted from the HTML, so their code (and the API requests
 * they make) waits until the customer scrolls near them. Until then React keeps the server's
 * markup as it is: the part sits in a Suspense boundary whose lazy code has not been asked for.
 *
 * Where the browser renders the screen itself (no markup: another page before, or a customer who
 * reads the site in another language) the code loads at once.
 */

/**
 * How far outside the viewport a part starts loading: none. Its markup is on screen already, so
 * nothing waits for it to paint; only a control inside it needs its code, and that is ~5 KB away.
 */
const IN_VIEW_MARGIN = '0px';

/** Parts still waiting to be in view: each entry starts its part now and resolves once it has hydrated. */
const waiting = new Set<() => Promise<void>>();

/** Server-rendered screens being hydrated (`createHydratable`'s mounts), each until it has been. */
const hydratingScreens = new Set<Promise<unknown>>();

/**
 * The longest a language switch waits for a screen being hydrated: past it (a phone far too busy,
 * a mount that never ends) the customer's choice is applied anyway, at the cost of the screen's
 * markup (React draws it anew).
 */
export const HYDRATION_WAIT_MS = 5000;

/** Marks a server-rendered screen as being hydrated until `hydrated` settles (see `hydrateDeferred`). */
export function hydrationUnderway(hydrated: Promise<unknown>): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, HYDRATION_WAIT_MS)));
  const settled: Promise<unknown> = Promise.race([hydrated.catch(() => undefined), waited]).then(() => {
    clearTimeout(timer);
    hydratingScreens.delete(settled);
  });
  hydratingScreens.add(settled);
}

/**
 * Hydrates every part still waiting, lets every screen being hydrated finish (a screen hydrates in
 * slices, over many tasks), and resolves once all have, parts found on the way included. Called
 * before anything that re-renders the whole screen (a language switch): React cannot update a
 * part it has not hydrated without throwing its server markup away, and a part hydrated after the
 * texts have changed no longer matches its markup.
 */
export async function hydrateDeferred(): Promise<void> {
  while (waiting.size > 0 || hydratingScreens.size > 0) {
    await Promise.all([...hydratingScreens, ...[...waiting].map((start) => start())]);
  }
}

function inView(element: Element): Promise<void> {
  if (typeof IntersectionObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: IN_VIEW_MARGIN },
    );
    observer.observe(element);
  });
}

/**
 * A component whose code loads when its part of the page comes into view. `id` names the element
 * the part renders into (a wrapper with that id, rendered here); `fallback` shows where the browser
 * renders the part itself until its code is there (give it the part's size).
 */
export function inViewPart<P extends object>(
  id: string,
  load: () => Promise<{ default: ComponentType<P> }>,
  fallback: ReactNode = null,
): ComponentType<P> {
  let hydrated: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (hydrated = resolve));
  let start: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (start = resolve));
  const entry = () => {
    start();
    return done;
  };
  const loadPart = () =>
    load().then(({ default: Part }) => ({
      default: function Hydrated(props: P) {
        useEffect(() => hydrated(), []);
        return <Part {...props} />;
      },
    }));
  const Lazy = lazy(() => {
    const element = typeof document === 'undefined' ? null : document.getElementById(id);
    // No markup of this part on the page: the browser renders it, so its code is needed now.
    if (!element?.hasChildNodes()) return loadPart();
    waiting.add(entry);
    void inView(element).then(start);
    return started.then(() => loadPart());
  });
  const settle = () => {
    waiting.delete(entry);
    hydrated();
  };
  void done.then(settle);
  function InViewPart(props: P) {
    // A page left before its part came into view: nothing waits for it any more, and its code
    // loads so that the part renders the next time the page shows.
    useEffect(
      () => () => {
        start();
        settle();
      },
      [],
    );
    return (
      <div id={id}>
        <Suspense fallback={fallback}>
          <Lazy {...props} />
        </Suspense>
      </div>
    );
  }
  return InViewPart;
}
