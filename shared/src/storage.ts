import { DEVICE_ID_PATTERN } from './constants';
import { PAINT } from './paint';

/** Browser-storage keys of the spec (§3) and their codecs. */
export const STORAGE_KEYS = {
  /** Local storage: the stored session, base64-encoded JSON. */
  auth: 'auth_storage',
  /** Session storage: this browser's held seats. */
  seats: 'ASIENTOS',
  /** Session storage: the booking in progress. */
  booking: 'CRESERVA',
  /** Session storage: purchases this tab opened before the one in `CRESERVA` (code → key). */
  knownPurchases: 'CRESERVA_ANTERIORES',
  /** Cookie that may hold the bearer token. */
  tokenCookie: PAINT.tokenCookie,
} as const;

/**
 * Issue 36: the Cache Storage cache where the site's service worker keeps the customer's own
 * tickets for offline use (shell/src/offline). Signing out deletes it.
 */
export const OFFLINE_TICKETS_CACHE = 'rumbo-tickets-v1';

/**
 * Local storage: this browser's device id, a random one it keeps and sends with its seat holds
 * (`DEVICE_HEADER` of the contract), so customers behind one address with the same browser are told
 * apart (issue 45 item 5). It names no one and is kept only as a keyed hash with a hold.
 */
export const DEVICE_ID_KEY = 'dispositivo';

let pageDeviceId: string | undefined;

/** 128 random bits (randomUUID is only offered to secure pages; getRandomValues to every page). */
const randomId = () => [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, '0')).join('');

/** This browser's device id (made and kept on first use; for the page's life when storage is refused). */
export function deviceId(storage: Storage | undefined = globalThis.localStorage): string {
  try {
    const kept = storage?.getItem(DEVICE_ID_KEY);
    if (kept && DEVICE_ID_PATTERN.test(kept)) return kept;
    const made = randomId();
    storage?.setItem(DEVICE_ID_KEY, made);
    return made;
  } catch {
    return (pageDeviceId ??= randomId());
  }
}

/** Session storage: the postponement's own trip and seat hold (`POSTERGAR:ASIENTOS`, `POSTERGAR:CRESERVA`). */
export const POSTPONE_STORAGE_PREFIX = 'POSTERGAR:';

/** Local storage key of the chosen language. */
export const languageKey = PAINT.languageCookie;

/** The language the reader chose, as kept under `languageKey` (else its cookie mirror, which the server renders by): unchecked. */
export function storedLanguage(product: string, storage: Storage | undefined): string | undefined {
  return storage?.getItem(languageKey(product)) ?? (typeof document === 'undefined' ? undefined : readCookie(languageKey(product)));
}

/** Base64 of the UTF-8 bytes of a JSON value (names carry accents: plain btoa would throw). */
export function encodeBase64Json(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The value of `encodeBase64Json`, or undefined when the text is not such a value. */
export function decodeBase64Json<T>(text: string | null): T | undefined {
  if (!text) return undefined;
  try {
    const binary = atob(text);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as T;
  } catch {
    return undefined;
  }
}

export function readJson<T>(storage: Storage, key: string): T | undefined {
  try {
    const text = storage.getItem(key);
    return text ? (JSON.parse(text) as T) : undefined;
  } catch {
    return undefined;
  }
}


export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return undefined;
}

/** Sets a first-party cookie for the whole site for `seconds` (Secure over https). */
export function writeCookie(name: string, value: string, seconds: number): void {
  if (typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${Math.max(0, Math.floor(seconds))}; path=/; SameSite=Lax${secure}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; Max-Age=0; path=/; SameSite=Lax`;
}

/** A seat this browser holds, as kept in session storage under `ASIENTOS`. */
export interface HeldSeat {
  cviaje: number;
  cviaje_asiento: number;
  cterminal_origen: number;
  cterminal_destino: number;
  nasiento: number;
  gnivel_piso: number;
  gcategoria_asiento: number;
  /** The purchase key the hold answered; a release must send it back. */
  clave_bloqueo: string;
  /** ISO instant the hold ends. */
  expira: string;
  /** The server's price of the seat (S/). */
  precio: number;
}

export function heldSeats(storage: Storage = sessionStorage): HeldSeat[] {
  const seats = readJson<unknown>(storage, STORAGE_KEYS.seats);
  return Array.isArray(seats) ? (seats as HeldSeat[]) : [];
}
