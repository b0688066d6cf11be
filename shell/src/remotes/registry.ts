import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { LifeCycles } from 'single-spa';
import type { OnDemandShared, RemoteName, RouteDef } from '../routes';
import { addResourceHint, filesToPreload, readManifest } from './manifest';

/**
 * The remotes registry (`/remotes.json`): remote name → `mf-manifest.json` URL of one immutable,
 * versioned build. Pointing a key at another build folder deploys or rolls back that remote.
 */
export type RemotesRegistry = Partial<Record<RemoteName, string>>;

let registry: RemotesRegistry = {};
/** Remotes whose code is loaded or on its way: a link to one of their pages needs no prefetch. */
const fetched = new Set<RemoteName>();

export function applyRegistry(next: RemotesRegistry): void {
  registry = next;
  registerRemotes(Object.entries(next).map(([name, entry]) => ({ name, entry: entry! })));
}

export function isDeployed(name: RemoteName): boolean {
  return Boolean(registry[name]);
}

/**
 * A module one remote exposes to others (`'mf_booking/search'`), or undefined when that remote is
 * not deployed; registered in `shared` for the remotes (setRemoteModuleLoader).
 */
export async function loadRemoteModule(id: string): Promise<unknown> {
  const name = id.split('/')[0] as RemoteName;
  if (!isDeployed(name)) return undefined;
  return (await loadRemote(id)) ?? undefined;
}

/** The single-spa lifecycles of a remote (its `./app` expose). */
export async function loadApp(name: RemoteName): Promise<LifeCycles> {
  fetched.add(name);
  const app = await loadRemote<LifeCycles>(`${name}/app`);
  if (!app) throw new Error(`Remote ${name} could not be loaded`);
  return app;
}

/**
 * Shared modules the shell does not need for its first load but provides to the remotes. These
 * imports are also what puts them in the shell's build, so the share scope holds the shell's
 * instance (one Chakra context) when a remote asks for them.
 */
const ON_DEMAND_SHARED: Record<OnDemandShared, () => Promise<unknown>> = {
  forms: () => import('@rumbo/shared/ui/forms'),
  combobox: () => import('@rumbo/shared/ui/combobox'),
  overlays: () => import('@rumbo/shared/ui/overlays'),
};

/** Downloads a route's remote code and the shared modules it needs, without running the remote. */
export function preloadRoute(route: RouteDef): void {
  for (const name of route.needs ?? []) void ON_DEMAND_SHARED[name]().catch(() => undefined);
  if (!isDeployed(route.remote)) return;
  fetched.add(route.remote);
  void preloadRemote([{ nameOrAlias: route.remote, exposes: ['./app'] }]).catch(() => undefined);
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
  const manifest = await readManifest(manifestUrl).catch(() => undefined);
  for (const href of manifest ? filesToPreload(manifest, manifestUrl) : []) addResourceHint('prefetch', href);
}

/** Forgets a failed load so the next try fetches the remote again. */
export function resetRemote(name: RemoteName): void {
  const entry = registry[name];
  if (entry) registerRemotes([{ name, entry }], { force: true });
}
