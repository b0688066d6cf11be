import { useDeferredValue, useSyncExternalStore } from 'react';
import { renderScope } from './render-scope';

/**
 * The address a screen renders for. In the browser, the page's own; when a renderer renders a
 * page's first screen in Node (`@rumbo/shared/server`), the address of that render (its
 * `RenderScope`). A remote's router and any `useSyncExternalStore` on the address read it here,
 * so the page hydrates what was rendered.
 */
export function currentPathname(): string {
  return typeof window === 'undefined' ? (renderScope()?.pathname ?? '/') : window.location.pathname;
}

/** The address's query (`?…`, or empty): the browser's, or in Node the one being rendered. */
export function currentSearch(): string {
  return typeof window === 'undefined' ? (renderScope()?.search ?? '') : window.location.search;
}

/**
 * `/login?pathname=<path>`, the slashes of the path kept readable: where a page that needs a
 * signed-in customer sends one who is not (the site server for `/micuenta`, the account pages in
 * the browser), and where sign-in comes back from (mf-account `returnPath`).
 */
export function loginPath(pathname: string): string {
  return `/login?pathname=${encodeURIComponent(pathname).replace(/%2F/gi, '/')}`;
}

const noSubscription = () => () => undefined;

/**
 * False while the page is rendered in Node and while the browser hydrates that markup; true from
 * the render after. What depends on the moment (today's date) shows only then, so a page
 * prerendered on another day hydrates what it has.
 *
 * That render after hydration is a purchase step's whole live page in place of its frame: React
 * renders it deferred (`useDeferredValue`), in slices that give way to the browser, not in the one
 * long task the store's forced re-render would make it (Lighthouse's TBT). A screen mounted in the
 * browser without markup (another page before) is live at its first render.
 */
export function useHydrated(): boolean {
  return useDeferredValue(useSyncExternalStore(noSubscription, () => true, () => false));
}
