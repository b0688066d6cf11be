import { makeAutoObservable, runInAction } from 'mobx';
import type { PushSubscribeInput } from '@rumbo/shared/schemas';

/** What the browser gives: whether it can take pushes, the permission, a subscription for a key. */
export interface PushBrowser {
  supported(): boolean;
  permission(): NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  /** This browser's subscription with the store's key (an existing one is reused). */
  subscribe(publicKey: string): Promise<PushSubscriptionJSON>;
}

export interface PushOptInDeps {
  browser: PushBrowser;
  key(): Promise<{ clave: string | null } | undefined>;
  save(body: PushSubscribeInput): Promise<unknown>;
}

/** How long the service worker may take to be there (none in a browser that blocks it: the button then fails, not spins). */
const WORKER_WAIT_MS = 10_000;

const bytesOf = (base64url: string) => {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '='));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
};

/**
 * The real browser: Push API through the site's service worker (`/sw.js`, shell/src/offline). The
 * window is read when asked, not when made: the page's store is also made by the site server's
 * renderer, where there is none (and nothing is supported).
 */
export const webPushBrowser = (given?: Window): PushBrowser => {
  const win = () => (given ?? window) as Window & typeof globalThis;
  return {
    supported: () => (given !== undefined || typeof window !== 'undefined') && 'serviceWorker' in win().navigator && 'PushManager' in win() && 'Notification' in win(),
    permission: () => win().Notification.permission,
    requestPermission: () => win().Notification.requestPermission(),
    async subscribe(publicKey) {
      const registration = await Promise.race([
        win().navigator.serviceWorker.ready,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no service worker')), WORKER_WAIT_MS)),
      ]);
      const existing = await registration.pushManager.getSubscription();
      const subscription = existing ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytesOf(publicKey) }));
      return subscription.toJSON();
    },
  };
};

/**
 * "Notify me on this phone" (issues 35 and 36): shown only where the store has VAPID keys and the
 * browser takes pushes; the permission is asked only on the tap; the subscription is saved for
 * the purchase the page proves (its code and this browser's key, on a reservation's page) and,
 * signed in, the customer's account (Mi cuenta gives no purchase: all their trips).
 * hidden → ready → working → on, or denied (the browser refused) or failed (try again).
 */
export class PushOptInStore {
  state: 'hidden' | 'ready' | 'working' | 'on' | 'denied' | 'failed' = 'hidden';
  private publicKey: string | undefined;

  constructor(private readonly deps: PushOptInDeps) {
    makeAutoObservable<PushOptInStore, 'deps' | 'publicKey'>(this, { deps: false, publicKey: false });
  }

  async load(): Promise<void> {
    if (!this.deps.browser.supported()) return;
    let clave: string | null | undefined;
    try {
      clave = (await this.deps.key())?.clave;
    } catch {
      return;
    }
    if (!clave) return;
    this.publicKey = clave;
    runInAction(() => (this.state = this.deps.browser.permission() === 'denied' ? 'denied' : 'ready'));
  }

  async enable(proof?: { codigo: string; clave_bloqueo?: string }): Promise<void> {
    if (!this.publicKey || this.state === 'working') return;
    this.state = 'working';
    try {
      const permission = await this.deps.browser.requestPermission();
      if (permission !== 'granted') {
        runInAction(() => (this.state = permission === 'denied' ? 'denied' : 'ready'));
        return;
      }
      const subscription = await this.deps.browser.subscribe(this.publicKey);
      const keys = subscription.keys ?? {};
      const saved = await this.deps.save({
        suscripcion: { endpoint: subscription.endpoint ?? '', keys: { p256dh: keys.p256dh ?? '', auth: keys.auth ?? '' } },
        ...(proof?.clave_bloqueo ? { codigo: proof.codigo, clave_bloqueo: proof.clave_bloqueo } : {}),
      });
      runInAction(() => (this.state = saved ? 'on' : 'failed'));
    } catch {
      runInAction(() => (this.state = 'failed'));
    }
  }
}
