/**
 * Modules one remote exposes to another (ARCHITECTURE.md: mf-booking's search parcel, mounted by
 * mf-content). Only the shell's federation runtime knows the deployed remotes (remotes.json), so
 * the shell registers how to load them and a remote asks through here, never through its own
 * runtime or another remote's source.
 */
type RemoteModuleLoader = (id: string) => Promise<unknown>;

let loader: RemoteModuleLoader | undefined;

export function setRemoteModuleLoader(next: RemoteModuleLoader | undefined): void {
  loader = next;
}

/** The module `id` (`'mf_booking/search'`), or undefined when its remote is not deployed. */
export async function loadRemoteModule<T>(id: string): Promise<T | undefined> {
  if (!loader) return undefined;
  return ((await loader(id)) ?? undefined) as T | undefined;
}
