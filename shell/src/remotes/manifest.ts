/**
 * What the shell reads of a remote's `mf-manifest.json` to fetch its code ahead: the files its
 * `./app` needs. Used by `/route-hints.js` (the page's own remote, preloaded) and by link
 * prefetching (another page's remote, fetched into the cache).
 */
export interface Manifest {
  metaData: { publicPath: string; remoteEntry: { path: string; name: string } };
  exposes: { path: string; assets: { js: { sync: string[] } } }[];
}

/** The files a remote's `./app` needs before it can mount: its entry and the expose's own chunks. */
export function filesToPreload(manifest: Manifest, manifestUrl: string): string[] {
  const { publicPath, remoteEntry } = manifest.metaData;
  const base = new URL(publicPath === 'auto' ? '.' : publicPath, manifestUrl);
  const app = manifest.exposes.find((expose) => expose.path === './app');
  const files = [remoteEntry.path ? `${remoteEntry.path.replace(/\/?$/, '/')}${remoteEntry.name}` : remoteEntry.name];
  return [...files, ...(app?.assets.js.sync ?? [])].map((file) => new URL(file, base).href);
}

/**
 * Adds `<link rel="preload" as="script">` (needed now: the page's own code) or
 * `<link rel="prefetch">` (maybe needed next: fetched at idle priority into the cache, not run),
 * once per address.
 */
export function addResourceHint(rel: 'preload' | 'prefetch', href: string): void {
  const known = [...document.querySelectorAll(`link[rel="${rel}"]`)].some((link) => link.getAttribute('href') === href);
  if (known) return;
  const link = document.createElement('link');
  link.setAttribute('rel', rel);
  if (rel === 'preload') link.setAttribute('as', 'script');
  link.setAttribute('href', href);
  document.head.appendChild(link);
}

/** The manifest at `url`, or undefined when it cannot be read. */
export async function readManifest(url: string): Promise<Manifest | undefined> {
  const response = await fetch(url);
  return response.ok ? ((await response.json()) as Manifest) : undefined;
}
