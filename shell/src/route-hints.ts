/**
 * What a small script of its own does (`/route-hints.js`, built from `route-hints.entry.ts` and
 * loaded `async` by index.html): it starts the
 * download of the page's remote while the shell's own bundle is still arriving, instead of after
 * it has been evaluated. It reads the registry, then the remote's manifest, and adds preload
 * links for the remote's entry and its `./app` chunks; the federation runtime finds those links
 * and those responses later (it reuses a link or script with the same URL). Nothing here is
 * needed: when any step fails, the shell loads the remote as it always does.
 */
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

/** Preloads the remote that owns `pathname` (nothing for a path no route owns, or an undeployed remote). */
export async function hintRoute(pathname: string): Promise<void> {
  const route = routeFor(pathname);
  if (!route) return;
  const pending = fetch('/remotes.json').then((response) => {
    if (!response.ok) throw new Error(`/remotes.json: ${response.status}`);
    return response.json() as Promise<RemotesRegistry>;
  });
  // This fetch takes index.html's preloaded answer: the shell's boot takes this same registry.
  window.__remotesRegistry = pending;
  const manifestUrl = (await pending)[route.remote];
  if (!manifestUrl) return;
  const manifest = await readManifest(manifestUrl);
  for (const href of filesToPreload(manifest, manifestUrl)) addResourceHint('preload', href);
}
