import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { LifeCycles } from 'single-spa';
import { DEFAULT_LANGUAGE, currentLanguage, type OnDemandShared } from '@rumbo/shared';
import type { RemoteName, RouteDef } from '../routes';
import { addResourceHint, entryUrl, filesToPreload, readManifest, type Manifest } from './manifest';

/**
 * The remotes registry (`/remotes.json`): remote name → `mf-manifest.json` URL of one immutable,
 * versioned build. Pointing a key at another build folder deploys or rolls back that remote.
 */
export type RemotesRegistry = Partial<Record<RemoteName, string>>;

let registry: RemotesRegistry = {};
/** Remotes whose code is loaded or on its way: a link to one of their pages needs no prefetch. */
const fetched = new Set<RemoteName>();
/**
 * Each remote's manifest, read once and registered with the federation runtime under its entry's
 * address. The shell reads the manifests itself (the runtime is built without its manifest
 * "snapshot" code, about 4 KB gzip less on every page): it needs them anyway for preloading.
 */
const registered = new Map<RemoteName, Promise<Manifest>>();

export function applyRegistry(next: RemotesRegistry): void {
  registry = next;
  registered.clear();
}

export function isDeployed(name: RemoteName): boolean {
  return Boolean(registry[name]);
}

/** Reads `name`'s manifest (once) and registers its entry; rejects when the manifest cannot be read. */
function register(name: RemoteName): Promise<Manifest> {
  let pending = registered.get(name);
  if (!pending) {
    const manifestUrl = registry[name]!;
    pending = readManifest(manifestUrl).then((manifest) => {
      registerRemotes([{ name, entry: entryUrl(manifest, manifestUrl) }], { force: true });
      return manifest;
    });
    // A failed read is forgotten: the next load (the customer's "try again") reads it again.
    pending.catch(() => registered.delete(name));
    registered.set(name, pending);
  }
  return pending;
}

/**
 * A module one remote exposes to others (`'mf_booking/search'`), or undefined when that remote is
 * not deployed; registered in `shared` for the remotes (setRemoteModuleLoader).
 */
export async function loadRemoteModule(id: string): Promise<unknown> {
  const name = id.split('/')[0] as RemoteName;
  if (!isDeployed(name)) return undefined;
  await register(name);
  return (await loadRemote(id)) ?? undefined;
}

/** The single-spa lifecycles of a remote (its `./app` expose). */
export async function loadApp(name: RemoteName): Promise<LifeCycles> {
  fetched.add(name);
  await register(name);
  const app = await loadRemote<LifeCycles>(`${name}/app`);
  if (!app) throw new Error(`Remote ${name} could not be loaded`);
  return app;
}

/**
 * Shared modules the shell does not need for its first load but provides to the remotes. These
 * imports are also what puts them in the shell's build, so the share scope holds the shell's
 * instance (one Chakra context) when a remote asks for them.
 */
export const ON_DEMAND_SHARED: Record<OnDemandShared, () => Promise<unknown>> = {
  forms: () => import('@rumbo/shared/ui/forms'),
  combobox: () => import('@rumbo/shared/ui/combobox'),
  overlays: () => import('@rumbo/shared/ui/overlays'),
};

/** Shared modules already loaded or asked for: nothing to prefetch for them. */
const sharedAskedFor = new Set<OnDemandShared>();
let sharedChunks: Promise<Partial<Record<OnDemandShared, string[]>>> | undefined;

/**
 * Fetches an on-demand shared module's code into the cache with `<link rel="prefetch">`, without
 * running it, for a screen that runs it only when the customer acts (the search widget's
 * combobox). Its files are listed by the shell's build in `/shared-chunks.json`.
 */
export function prefetchShared(name: OnDemandShared): void {
  if (sharedAskedFor.has(name)) return;
  sharedAskedFor.add(name);
  sharedChunks ??= fetch('/shared-chunks.json')
    .then((response) => (response.ok ? response.json() : {}))
    .catch(() => ({}));
  void sharedChunks.then((files) => {
    for (const file of files[name] ?? []) addResourceHint('prefetch', `/${file}`);
  });
}

/** What a remote's build lists in `shared-needs.json`: page (its route id, or `app`) → on-demand shared modules. */
type SharedNeeds = Partial<Record<string, OnDemandShared[]>>;

/** The on-demand shared modules `route`'s page imports, as its remote's build lists them (none when unknown). */
async function sharedNeedsOf(route: RouteDef, manifestUrl: string): Promise<OnDemandShared[]> {
  const response = await fetch(new URL('shared-needs.json', manifestUrl).href);
  if (!response.ok) return [];
  const needs = (await response.json()) as SharedNeeds;
  return (needs[route.id] ?? needs.app ?? []).filter((name) => name in ON_DEMAND_SHARED);
}

/** A visitor who reads another language than the remotes bundle also needs their texts in it. */
const readsOtherLanguage = () => ({ otherLanguage: currentLanguage() !== DEFAULT_LANGUAGE });

/**
 * Starts downloading the code of the page on screen (its remote's entry and `./app` chunks, and
 * the shared modules it imports) in parallel with the shell's first render, without running the remote.
 */
export function preloadRoute(route: RouteDef): void {
  if (!isDeployed(route.remote)) return;
  fetched.add(route.remote);
  const manifestUrl = registry[route.remote]!;
  sharedNeedsOf(route, manifestUrl).then(
    (needs) => {
      for (const name of needs) {
        sharedAskedFor.add(name);
        void ON_DEMAND_SHARED[name]().catch(() => undefined);
      }
    },
    () => undefined,
  );
  register(route.remote).then(
    (manifest) => filesToPreload(manifest, manifestUrl, readsOtherLanguage()).forEach((href) => addResourceHint('preload', href)),
    () => undefined,
  );
}

/**
 * Fetches the code of a route's remote into the browser's cache, for a page the customer may open
 * next (a link in view): its manifest, then `<link rel="prefetch">` for its entry and `./app`
 * chunks, at idle priority and without running any of it, so the current page pays neither
 * bandwidth it needs nor main-thread time. Opening the page then takes them from the cache.
 */
export async function prefetchRemote(route: RouteDef): Promise<void> {
  const manifestUrl = registry[route.remote];
  if (!manifestUrl || fetched.has(route.remote)) return;
  fetched.add(route.remote);
  const manifest = await register(route.remote).catch(() => undefined);
  for (const href of manifest ? filesToPreload(manifest, manifestUrl, readsOtherLanguage()) : []) addResourceHint('prefetch', href);
}

/** Forgets a failed load so the next try fetches the remote's manifest and entry again. */
export function resetRemote(name: RemoteName): void {
  registered.delete(name);
}
