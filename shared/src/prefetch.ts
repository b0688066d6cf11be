/**
 * Route prefetching: the shell knows which remote owns a path and registers how to preload it;
 * `Link` asks for it when it comes within 200px of the viewport (spec §2).
 */
type Prefetcher = (path: string) => void;

let prefetcher: Prefetcher | undefined;
const requested = new Set<string>();

export function setRoutePrefetcher(fn: Prefetcher): void {
  prefetcher = fn;
}

export function prefetchRoute(path: string): void {
  if (!prefetcher || requested.has(path)) return;
  requested.add(path);
  prefetcher(path);
}

/** The federated modules of `@rumbo/shared` that pages load on demand (see `./ui`). */
export type OnDemandShared = 'forms' | 'combobox' | 'overlays';

type SharedPrefetcher = (name: OnDemandShared) => void;
let sharedPrefetcher: SharedPrefetcher | undefined;

/** The shell registers how to fetch an on-demand shared module's code without running it. */
export function setSharedPrefetcher(fn: SharedPrefetcher): void {
  sharedPrefetcher = fn;
}

/**
 * Asks for an on-demand shared module's code to be fetched into the browser's cache, not run,
 * once the page is on screen: for code a screen runs only when the customer acts (the search
 * widget's combobox). Nothing happens where no shell registered a prefetcher (tests, a remote alone).
 */
export function prefetchShared(name: OnDemandShared): void {
  sharedPrefetcher?.(name);
}

/** How far before the viewport a link starts preloading its remote. */
export const PREFETCH_MARGIN = '200px';
