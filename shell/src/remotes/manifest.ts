/**
 * What the shell reads of a remote's `mf-manifest.json` to fetch its code ahead: the files its
 * `./app` needs. Used by `/route-hints.js` (the page's own remote, preloaded) and by link
 * prefetching (another page's remote, fetched into the cache).
 */
export interface Manifest {
  metaData: { publicPath: string; remoteEntry: { path: string; name: string } };
  exposes: { path: string; assets: { js: { sync: string[]; async?: string[] } } }[];
}

/** The address of a remote's entry (`remoteEntry.js`), next to its manifest unless it names a public path. */
export function entryUrl(manifest: Manifest, manifestUrl: string): string {
  const { publicPath, remoteEntry } = manifest.metaData;
  const base = new URL(publicPath === 'auto' ? '.' : publicPath, manifestUrl);
  const file = remoteEntry.path ? `${remoteEntry.path.replace(/\/?$/, '/')}${remoteEntry.name}` : remoteEntry.name;
  return new URL(file, base).href;
}

/**
 * A chunk of a remote's texts in a language it does not bundle (`registerTexts` loads it when that
 * language is read): each remote names it `texts-<language>` (webpackChunkName in its locales.ts).
 */
const TEXTS_CHUNK = /^texts-/;

/**
 * The files a remote's `./app` needs before it can mount: its entry and the expose's own chunks;
 * with `otherLanguage` (a visitor who reads another language than the bundled one), its texts in
 * that language too, which it would otherwise ask for only once it has started.
 */
export function filesToPreload(manifest: Manifest, manifestUrl: string, { otherLanguage = false } = {}): string[] {
  const entry = entryUrl(manifest, manifestUrl);
  const app = manifest.exposes.find((expose) => expose.path === './app');
  const texts = otherLanguage ? (app?.assets.js.async ?? []).filter((file) => TEXTS_CHUNK.test(file)) : [];
  return [entry, ...[...(app?.assets.js.sync ?? []), ...texts].map((file) => new URL(file, entry).href)];
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

const RETRIES = 1;
const RETRY_DELAY_MS = 400;

/**
 * The manifest at `url`. A network failure or a server error is tried once more before the remote
 * counts as unavailable (the shell's "try again" is the next layer); a 4xx is final.
 */
export async function readManifest(url: string): Promise<Manifest> {
  for (let attempt = 0; ; attempt++) {
    let response: Response | undefined;
    try {
      response = await fetch(url);
    } catch (error) {
      if (attempt >= RETRIES) throw error;
    }
    if (response?.ok) return (await response.json()) as Manifest;
    if (response && (response.status < 500 || attempt >= RETRIES)) throw new Error(`${url}: ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
  }
}
