import { makeAutoObservable } from 'mobx';
import {
  LOAD_ERROR,
  MOUNTED,
  SKIP_BECAUSE_BROKEN,
  getAppStatus,
  registerApplication,
  setMountMaxTime,
  triggerAppChange,
  unloadApplication,
} from 'single-spa';
import { REMOTES, routeFor, type RemoteName } from '../routes';
import { isDeployed, loadApp, resetRemote } from './registry';
import { PAINT, remoteArea } from '@rumbo/shared/paint';

export type AreaState = 'ready' | 'not-found' | 'unavailable' | 'failed';

/** Where a remote mounts: one container per remote inside `<main>`. */
export function containerOf(name: RemoteName): HTMLElement {
  const id = remoteArea(name);
  let element = document.getElementById(id);
  if (!element) {
    element = document.createElement('div');
    element.id = id;
    document.getElementById(PAINT.remotes)!.appendChild(element);
  }
  return element;
}

/** Removes what the server rendered in a remote's container (nothing when there is none). */
function clearPrerendered(name: RemoteName): void {
  document.getElementById(remoteArea(name))?.replaceChildren();
}

/** Makes the server's render of a remote that could not load inert (seen, kept, not usable), or usable again. */
function holdWhileFailed(name: RemoteName, failed: boolean): void {
  const container = document.getElementById(remoteArea(name));
  if (container) container.inert = failed;
}

/**
 * What the main area shows for the current URL: the owning remote, the not-found page, or the
 * translated "try again" when the remote is not deployed or failed to load. A failure costs only
 * this area: header, footer, language and other routes keep working.
 */
export class MainArea {
  pathname = window.location.pathname;
  failed = new Set<RemoteName>();
  retrying = false;

  constructor() {
    makeAutoObservable(this);
  }

  get remote(): RemoteName | undefined {
    return routeFor(this.pathname)?.remote;
  }

  get state(): AreaState {
    const remote = this.remote;
    if (!remote) return 'not-found';
    if (!isDeployed(remote)) return 'unavailable';
    return this.failed.has(remote) ? 'failed' : 'ready';
  }

  sync(): void {
    this.pathname = window.location.pathname;
    for (const name of REMOTES) {
      const status = getAppStatus(name);
      if (status === LOAD_ERROR || status === SKIP_BECAUSE_BROKEN) this.failed.add(name);
      else if (status) this.failed.delete(name);
      // The server's render belongs to its remote until it hydrates it: once the page is another's,
      // it goes. While its remote cannot load (the area says so, with "try again") it stays, inert:
      // what the customer typed there is still there when "try again" hydrates it.
      if (name !== this.remote && status !== MOUNTED) clearPrerendered(name);
      holdWhileFailed(name, name === this.remote && this.failed.has(name) && status !== MOUNTED);
    }
  }

  /** "Try again": forget the failure, fetch the remote anew and mount it. */
  async retry(): Promise<void> {
    const remote = this.remote;
    if (!remote) return;
    this.retrying = true;
    try {
      resetRemote(remote);
      if (getAppStatus(remote) === SKIP_BECAUSE_BROKEN) await unloadApplication(remote, { waitForUnmount: false });
      // single-spa retries a LOAD_ERROR app on the next change 200 ms after the failure.
      await new Promise((resolve) => setTimeout(resolve, 250));
      await triggerAppChange();
    } finally {
      this.setRetrying(false);
      this.sync();
    }
  }

  private setRetrying(value: boolean): void {
    this.retrying = value;
  }
}

/**
 * A remote's mount hydrates its whole page, which on a slow phone (or a busy machine) can pass
 * single-spa's default 3 s; single-spa then logs an error, though the mount goes on and succeeds.
 * Mounts that slow are measured by the first-paint bench (TBT), not reported to the reader's console:
 * warned at 5 s, an error only past 10 s (the mount is never abandoned).
 */
const MOUNT_WARNING_MS = 5_000;
const MOUNT_ERROR_MS = 10_000;

export function registerRemoteApplications(area: MainArea): void {
  setMountMaxTime(MOUNT_ERROR_MS, false, MOUNT_WARNING_MS);
  for (const name of REMOTES) {
    if (!isDeployed(name)) continue;
    registerApplication({
      name,
      app: () => loadApp(name),
      activeWhen: (location) => routeFor(location.pathname)?.remote === name,
      customProps: () => ({ domElement: containerOf(name) }),
    });
  }
  const sync = () => area.sync();
  window.addEventListener('single-spa:routing-event', sync);
  window.addEventListener('single-spa:before-routing-event', sync);
}
