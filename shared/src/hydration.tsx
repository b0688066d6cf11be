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
  let start: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (start = resolve));
  const Lazy = lazy(() => {
    const element = typeof document === 'undefined' ? null : document.getElementById(id);
    // No markup of this part on the page: the browser renders it, so its code is needed now.
    if (!element?.hasChildNodes()) return load();
    void inView(element).then(start);
    return started.then(load);
  });
  function InViewPart(props: P) {
    // A page left before its part came into view: its code loads so that the part renders the
    // next time the page shows.
    useEffect(() => () => start(), []);
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
