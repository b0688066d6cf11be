import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { LifeCycles } from 'single-spa';
import type { RemoteName } from '../routes';

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

/** The single-spa lifecycles of a remote (its `./app` expose). */
export async function loadApp(name: RemoteName): Promise<LifeCycles> {
  const app = await loadRemote<LifeCycles>(`${name}/app`);
  if (!app) throw new Error(`Remote ${name} could not be loaded`);
  return app;
}

/** Downloads a remote's code without running it (link prefetch). */
export function preloadApp(name: RemoteName): void {
  if (!isDeployed(name)) return;
  void preloadRemote([{ nameOrAlias: name, exposes: ['./app'] }]).catch(() => undefined);
}

/** Forgets a failed load so the next try fetches the remote again. */
export function resetRemote(name: RemoteName): void {
  const entry = registry[name];
  if (entry) registerRemotes([{ name, entry }], { force: true });
}
