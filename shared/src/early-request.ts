/**
 * A page's first `/rest` request that needs what only the browser keeps (the reservation's, with
 * this browser's purchase key: no server can ask it), started before the remote's code has arrived,
 * in parallel with it, by the page's client part (mf-booking's `frame-fill.js`), with the same
 * body and headers the `/rest` client sends. The client (`ApiClient`) takes the answer instead of
 * sending the same request again; for any other request, other headers, or a failed answer it
 * sends its own. Requests a server can make come from the page's loader instead.
 */
import type { RuntimeConfig } from './config';
import { DEFAULT_LANGUAGE } from './schemas/language';
import { STORAGE_KEYS, decodeBase64Json, languageKey, readCookie } from './storage';
import { PAINT } from './paint';

/** A page's first request, with the body its client will send (built by the page's client part from this browser's storage). */
export interface EarlyRequest {
  method: 'POST';
  /** The endpoint's path (`@rumbo/shared/contract`). */
  path: string;
  body: Record<string, string | number>;
}

interface Started {
  key: string;
  headers: Record<string, string>;
  response: Promise<Response>;
}

declare global {
  interface Window {
    /** Requests the server-rendered page started, not yet taken by the client. */
    __earlyRequests?: Started[];
    /** Set once a server-rendered frame's fill script has run (`markFrameFilled`). */
    __frameFilled?: boolean;
    /** The runtime config as first asked (`runtimeConfig`), for the shell's boot. */
    __runtimeConfig?: Promise<RuntimeConfig>;
  }
}

/**
 * A server-rendered frame's fill script (a remote's `fill`, sent inline by the site server) writes what the
 * frame shows from this browser's session storage (the chosen trip). The page's code is fetched
 * once that has painted (`/route-hints.js`, `after-paint`): the script says it has run, whether it
 * wrote anything or not, with this event on `document` and `window.__frameFilled`.
 */
export const FRAME_FILLED_EVENT = PAINT.frameFilledEvent;

/** What a frame's fill script calls once it has written the frame (or found nothing to write). */
export function markFrameFilled(): void {
  window.__frameFilled = true;
  // What waits for the fill in the frame's CSS (a loading placeholder under the filled lines) shows.
  document.documentElement.setAttribute(PAINT.frameFilled, '');
  document.dispatchEvent(new Event(FRAME_FILLED_EVENT));
}

/** Objects with their keys in order, so two equal bodies give one text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

const keyOf = (method: string, path: string, body: unknown) => `${method} /${path.replace(/^\/+/, '')} ${canonical(body)}`;

/** The headers the `/rest` client sends: the session's bearer token (cookie, else the stored session) and the language. */
export function clientHeaders(token: string | undefined, language: string): Record<string, string> {
  return { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Accept-Language': language };
}

/** The token and language the client will use, read from the browser's storage as the session store and i18n read them. */
export function storedClientHeaders(product: string, now = Date.now()): Record<string, string> {
  let token = readCookie(STORAGE_KEYS.tokenCookie);
  let language: string = DEFAULT_LANGUAGE;
  try {
    const stored = decodeBase64Json<{ token?: unknown; expiresAt?: number }>(localStorage.getItem(STORAGE_KEYS.auth));
    if (!token && typeof stored?.token === 'string' && Number(stored.expiresAt) > now) token = stored.token;
    language = localStorage.getItem(languageKey(product)) || language;
  } catch {
    // No storage: the client has no session either.
  }
  return clientHeaders(token, language);
}

/** Starts `request` (`apiBaseUrl`: the runtime config's; `headers`: as the client will send them, `storedClientHeaders`). */
export function startEarlyRequest(request: EarlyRequest, { apiBaseUrl, headers }: { apiBaseUrl: string; headers: Record<string, string> }): void {
  const url = `${apiBaseUrl.replace(/\/+$/, '')}${request.path}`;
  const response = fetch(url, { method: request.method, headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(request.body) });
  // Read by the client, or by nobody: never an unhandled rejection.
  response.catch(() => undefined);
  (window.__earlyRequests ??= []).push({ key: keyOf(request.method, request.path, request.body), headers, response });
}

/**
 * The runtime config (`/config.json`), asked once per page for whoever needs it before the shell's
 * code: the page's first script (`/route-hints.js`), a frame's client part; the shell's boot takes
 * the same answer. A frame's HTML preloads it: this fetch takes that answer.
 */
export function runtimeConfig(): Promise<RuntimeConfig> {
  window.__runtimeConfig ??= fetch('/config.json').then((response) => {
    if (!response.ok) throw new Error(`/config.json: ${response.status}`);
    return response.json() as Promise<RuntimeConfig>;
  });
  return window.__runtimeConfig;
}

/**
 * The answer of a request the page started, when it is this one with these headers; taken once.
 * The caller sends its own request when there is none or it failed.
 */
export function takeEarlyResponse(method: string, path: string, body: unknown, headers: Record<string, string>): Promise<Response> | undefined {
  const started = typeof window === 'undefined' ? undefined : window.__earlyRequests;
  if (!started?.length) return undefined;
  const key = keyOf(method, path, body);
  const index = started.findIndex((item) => item.key === key);
  if (index < 0) return undefined;
  const [found] = started.splice(index, 1);
  return found && canonical(found.headers) === canonical(headers) ? found.response : undefined;
}
