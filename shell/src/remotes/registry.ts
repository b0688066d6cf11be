import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { LifeCycles } from 'single-spa';
import type { OnDemandShared, RemoteName, RouteDef } from '../routes';

/**
 * The remotes registry (`/remotes.json`): remote name → `mf-manifest.json` URL of one immutable,
 * versioned build. Pointing a key at another build folder deploys or rolls back that remote.
 */
export type RemotesRegistry = Partial<Record<RemoteName, string>>;

let registry: RemotesRegistry = {};

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
  overlays: () => import('@rumbo/shared/ui/overlays'),
};

/** Downloads a route's remote code and the shared modules it needs, without running the remote. */
export function preloadRoute(route: RouteDef): void {
  for (const name of route.needs ?? []) void ON_DEMAND_SHARED[name]().catch(() => undefined);
  if (!isDeployed(route.remote)) return;
  void preloadRemote([{ nameOrAlias: route.remote, exposes: ['./app'] }]).catch(() => undefined);
}

/** Forgets a failed load so the next try fetches the remote again. */
export function resetRemote(name: RemoteName): void {
  const entry = registry[name];
  if (entry) registerRemotes([{ name, entry }], { force: true });
}
