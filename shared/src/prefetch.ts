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

/** How far before the viewport a link starts preloading its remote. */
export const PREFETCH_MARGIN = '200px';
