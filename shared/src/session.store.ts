import { firstNameOf } from './schemas/names';
import type { UserData } from './schemas/account.answers';
import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiClient } from './api';
import { renderScope } from './render-scope';
import { OFFLINE_TICKETS_CACHE, STORAGE_KEYS, decodeBase64Json, deleteCookie, encodeBase64Json, readCookie, writeCookie } from './storage';

/** The signed-in customer (spec §3, "Session customer"). */
export interface Customer {
  id: string;
  documentType: string;
  documentNumber: string;
  name: string;
  firstLastName: string;
  secondLastName: string;
  gender: string;
  email: string;
  phone: string;
  birthDate: string;
}

/** What `auth_storage` holds, base64-encoded JSON (spec §3). */
export interface StoredSession {
  token: string;
  customer: Customer | null;
  expiresAt: number;
}

export type { UserData };

/** Default session length when the token carries no `exp` (spec §4, §9). */
export const DEFAULT_SESSION_MS = 7_200_000;

export function customerFromUserData(data: UserData): Customer {
  const text = (value: unknown) => (value == null ? '' : String(value));
  return {
    id: text(data.ccuenta),
    documentType: text(data.tipo_doc),
    documentNumber: text(data.num_doc),
    name: text(data.nombres),
    firstLastName: text(data.paterno),
    secondLastName: text(data.materno),
    gender: text(data.sexo),
    email: text(data.correo),
    phone: text(data.telefono),
    birthDate: text(data.fnacimiento),
  };
}

/**
 * The customer of a stored session, whole: what storage holds may come from an older version of the
 * site or have been edited, and every screen reads a customer's fields as texts.
 */
function storedCustomer(value: unknown): Customer | null {
  if (typeof value !== 'object' || value === null) return null;
  const stored = value as Partial<Record<keyof Customer, unknown>>;
  const text = (field: keyof Customer) => (stored[field] == null ? '' : String(stored[field]));
  return {
    id: text('id'),
    documentType: text('documentType'),
    documentNumber: text('documentNumber'),
    name: text('name'),
    firstLastName: text('firstLastName'),
    secondLastName: text('secondLastName'),
    gender: text('gender'),
    email: text('email'),
    phone: text('phone'),
    birthDate: text('birthDate'),
  };
}

/** Expiry of a session token: its `exp` claim × 1000, else now + 2 hours. */
export function expiryOf(token: string, now = Date.now()): number {
  try {
    const payload = token.split('.')[1];
    if (payload) {
      const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
      const exp = (JSON.parse(json) as { exp?: unknown }).exp;
      if (typeof exp === 'number' && Number.isFinite(exp)) return exp * 1000;
    }
  } catch {
    // not a JWT: the default length applies
  }
  return now + DEFAULT_SESSION_MS;
}

export { firstNameOf };

/**
 * The one session store of the site (a singleton through the federated `shared` module):
 * the header, the account screens and the booking flow all read it.
 */
export class SessionStore {
  session: StoredSession | null = null;
  private expiryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly storage: Storage,
    private readonly api: () => ApiClient,
  ) {
    // What it tells (`token`, `customer`, …) is read anew at each call, never kept as a computed
    // value: in a server render it is that render's session (`shown`), which a kept value of
    // another render must not stand for.
    makeAutoObservable<SessionStore, 'storage' | 'api' | 'expiryTimer' | 'shareWithServer' | 'shown'>(this, {
      storage: false,
      api: false,
      expiryTimer: false,
      shareWithServer: false,
      shown: false,
      token: false,
      customer: false,
      isSignedIn: false,
      firstName: false,
    });
  }

  /** The session the screens show: this browser's, or in a server render the render's own (`RenderScope`). */
  private get shown(): StoredSession | null {
    const scope = renderScope();
    return scope ? scope.session : this.session;
  }

  get token(): string | undefined {
    return this.shown?.token;
  }

  get customer(): Customer | null {
    return this.shown?.customer ?? null;
  }

  get isSignedIn(): boolean {
    return this.shown !== null;
  }

  get firstName(): string {
    return firstNameOf(this.customer?.name ?? '');
  }

  /** Reads `auth_storage`; an expired or unreadable session is removed. */
  load(now = Date.now()): void {
    const stored = decodeBase64Json<StoredSession>(this.storage.getItem(STORAGE_KEYS.auth));
    if (!stored || typeof stored.token !== 'string' || !(stored.expiresAt > now)) {
      this.storage.removeItem(STORAGE_KEYS.auth);
      this.set(null);
      return;
    }
    this.set({ ...stored, customer: storedCustomer(stored.customer) });
    if (readCookie(STORAGE_KEYS.tokenCookie) === undefined) this.shareWithServer(stored);
  }

  /**
   * The session's token in the spec's `token` cookie too, for as long as the session: the site
   * server renders this customer's pages signed in (privately, never cached) from the first byte.
   */
  private shareWithServer(session: StoredSession, now = Date.now()): void {
    writeCookie(STORAGE_KEYS.tokenCookie, session.token, (session.expiresAt - now) / 1000);
  }

  /** Stores a new session from a token (and the customer, when the caller already has it). */
  signIn(token: string, customer: Customer | null = null, now = Date.now()): void {
    const session: StoredSession = { token, customer, expiresAt: expiryOf(token, now) };
    this.storage.setItem(STORAGE_KEYS.auth, encodeBase64Json(session));
    this.shareWithServer(session, now);
    this.set(session);
  }

  /**
   * Loads the customer's data (`POST /rest/user/editar`); on failure the session is cleared.
   * Offline (issue 36), the fetch is not made at all, so there is no failure: the session stays
   * (its tickets open from the device) and the data is fetched when the browser is back online.
   * A fetch that was made and failed still clears the session (spec §4, §8).
   */
  async loadUser(): Promise<Customer | null> {
    if (!this.session) return null;
    if (typeof navigator !== 'undefined' && navigator.onLine === false && typeof window !== 'undefined') {
      window.addEventListener('online', () => void this.loadUser(), { once: true });
      return this.customer;
    }
    let data: UserData | undefined;
    try {
      data = await this.api().post<UserData>('/rest/user/editar');
    } catch {
      data = undefined;
    }
    if (!data) {
      console.error('Auth load failed');
      this.signOut();
      return null;
    }
    const customer = customerFromUserData(data);
    runInAction(() => {
      if (!this.session) return;
      this.session = { ...this.session, customer };
      this.storage.setItem(STORAGE_KEYS.auth, encodeBase64Json(this.session));
    });
    return customer;
  }

  /**
   * Log out (issue 15): ends the session on the server (`/rest/user/logout`), or every session of
   * the customer (`/rest/user/logout/todas`, "log out of every device"), so a copied token stops
   * working too; then clears it here, whatever the server answered (an unreachable server must not
   * keep anyone signed in on this device).
   */
  async logOut({ everywhere = false }: { everywhere?: boolean } = {}): Promise<void> {
    if (this.session) {
      try {
        await this.api().post(everywhere ? '/rest/user/logout/todas' : '/rest/user/logout');
      } catch {
        // logged out here all the same
      }
    }
    this.signOut();
  }

  /** Clears the stored session and the token cookie (here only: see logOut for the server). */
  signOut(): void {
    this.storage.removeItem(STORAGE_KEYS.auth);
    deleteCookie(STORAGE_KEYS.tokenCookie);
    // The tickets the service worker kept for this customer leave the device with them (issue 36).
    void globalThis.caches?.delete(OFFLINE_TICKETS_CACHE).catch(() => undefined);
    this.set(null);
  }

  private set(session: StoredSession | null): void {
    this.session = session;
    clearTimeout(this.expiryTimer);
    if (session) {
      // setTimeout holds at most ~24.8 days; a longer session is re-checked on the next load.
      const left = Math.min(session.expiresAt - Date.now(), 2 ** 31 - 1);
      this.expiryTimer = setTimeout(() => this.signOut(), left);
    }
  }
}
