import type { ParcelConfig } from 'single-spa';
import type { SearchProps } from './search-widget';

export const SEARCH_MODULE = 'mf_booking/search';

/** A federation runtime instance as the MF runtime keeps them on `globalThis.__FEDERATION__`. */
interface FederationInstance {
  options?: { remotes?: { name: string }[] };
  loadRemote<T>(id: string): Promise<T | null>;
}

/** The runtime instance where `mf_booking` is registered (the shell's, from remotes.json). */
function instanceWithBooking(): FederationInstance | undefined {
  const federation = (globalThis as { __FEDERATION__?: { __INSTANCES__?: FederationInstance[] } }).__FEDERATION__;
  return federation?.__INSTANCES__?.find((instance) => instance.options?.remotes?.some((remote) => remote.name === 'mf_booking'));
}

/**
 * The parcel config of mf-booking's search, or undefined when mf-booking is not deployed. The
 * remote is registered in the shell's runtime instance (the shell registers remotes.json), so it
 * is loaded with that instance's `loadRemote` (the MF runtime API): importing
 * `@module-federation/enhanced/runtime` here would give this remote's own instance, which does
 * not know mf_booking, and a second copy of the runtime in this bundle.
 */
export async function loadSearchParcel(): Promise<ParcelConfig<SearchProps> | undefined> {
  const host = instanceWithBooking();
  if (!host) return undefined;
  const module = await host.loadRemote<{ default?: ParcelConfig<SearchProps> }>(SEARCH_MODULE);
  return module?.default;
}
