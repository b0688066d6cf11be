/**
 * A page's first `/rest` request that needs what only the browser keeps (the reservation's, with
 * this browser's purchase key: no server can ask it), started from the page's HTML before the
 * remote's code has arrived, in parallel with it. A remote's renderer describes it in the page's
 * data (`earlyRequest`: data, no script runs from it), and `/route-hints.js` starts it with the
 * same headers the `/rest` client sends. The client (`ApiClient`) takes the answer instead of
 * sending the same request again; for any other request, other headers, or a failed answer it
 * sends its own. Requests a server can make come from the page's loader instead.
 */
import { DEFAULT_LANGUAGE } from './schemas/language';
import { STORAGE_KEYS, decodeBase64Json, languageKey, readCookie } from './storage';

/**
 * A body field: a constant, a parameter of the page's path, or a value kept in session storage.
 * A path parameter (`param`, named in the request's `route`) is upper-cased if asked and checked as
 * the remote checks it before asking (`pattern`): a request the remote would not send is not sent
 * early either.
 */
export type EarlyValue = string | number | PathValue | StoredValue | FirstStoredValue;

interface PathValue {
  param: string;
  upper?: boolean;
  pattern?: string;
}

/**
 * A value of a JSON object the page keeps in session storage (`CRESERVA`): `path` leads to it, a
 * segment `@name` standing for the body's field `name` (one before it in `body`). `when`: only if
 * the value at that path is that (`@name`: the body's field). `pattern`: checked.
 */
interface StoredValue {
  stored: string;
  path: string[];
  when?: { path: string[]; is: string };
  pattern?: string;
}

/** The first of these stored values that the browser has (the purchase in `CRESERVA`, else an earlier one). */
interface FirstStoredValue {
  first: StoredValue[];
}

type Body = Record<string, string | number>;

/** `@name`: the body's field `name`; any other text: itself. */
const segmentOf = (segment: string, body: Body) => (segment.startsWith('@') ? String(body[segment.slice(1)] ?? '') : segment);

function storedAt(stored: string, path: string[], body: Body): unknown {
  let object: unknown;
  try {
    object = JSON.parse(sessionStorage.getItem(stored) ?? 'null');
  } catch {
    return undefined;
  }
  let found: unknown = object;
  for (const segment of path) {
    const name = segmentOf(segment, body);
    found = found && typeof found === 'object' ? (found as Record<string, unknown>)[name] : undefined;
  }
  return found;
}

function storedValue(value: StoredValue, body: Body = {}): string | number | undefined {
  if (value.when && storedAt(value.stored, value.when.path, body) !== segmentOf(value.when.is, body)) return undefined;
  const found = storedAt(value.stored, value.path, body);
  if (typeof found !== 'string' && typeof found !== 'number') return undefined;
  return value.pattern === undefined || new RegExp(value.pattern).test(String(found)) ? found : undefined;
}

/** The parameters of `pathname` by `route` (`/pasajes/reserva/:codigo`), or undefined when it does not match. */
export function routeParams(route: string, pathname: string): Record<string, string> | undefined {
  const wanted = route.split('/').filter(Boolean);
  const given = pathname.split('/').filter(Boolean);
  if (wanted.length !== given.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of wanted.entries()) {
    const text = given[index]!;
    if (segment.startsWith(':')) {
      try {
        params[segment.slice(1)] = decodeURIComponent(text);
      } catch {
        return undefined;
      }
    } else if (segment !== text) return undefined;
  }
  return params;
}

export interface EarlyRequest {
  method: 'POST';
  /** The endpoint's path (`@rumbo/shared/contract`). */
  path: string;
  body: Record<string, EarlyValue>;
  /** The page's path pattern, for values of its path (`param`). */
  route?: string;
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
  }
}

/**
 * A server-rendered frame's fill script (a remote's `fill`, sent inline by the site server) writes what the
 * frame shows from this browser's session storage (the chosen trip). The page's code is fetched
 * once that has painted (`/route-hints.js`, `after-paint`): the script says it has run, whether it
 * wrote anything or not, with this event on `document` and `window.__frameFilled`.
 */
export const FRAME_FILLED_EVENT = 'rumbo:frame-filled';

/** What a frame's fill script calls once it has written the frame (or found nothing to write). */
export function markFrameFilled(): void {
  window.__frameFilled = true;
  // What waits for the fill in the frame's CSS (a loading placeholder under the filled lines) shows.
  document.documentElement.setAttribute('data-frame-filled', '');
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

/**
 * The body of `request` for the page's address (`/pasajes/reserva/…`), or undefined when the
 * address (or the browser's storage) does not give it.
 */
export function earlyBody(request: EarlyRequest, address: string): Body | undefined {
  const url = new URL(address, 'http://page.invalid');
  const pathParams = request.route ? routeParams(request.route, url.pathname) : {};
  if (!pathParams) return undefined;
  const body: Body = {};
  for (const [field, value] of Object.entries(request.body)) {
    if (typeof value !== 'object') {
      body[field] = value;
      continue;
    }
    const found = 'first' in value ? firstStored(value.first, body) : 'stored' in value ? storedValue(value, body) : pathValue(value, pathParams);
    if (found === undefined) return undefined;
    body[field] = found;
  }
  return body;
}

function firstStored(values: StoredValue[], body: Body): string | number | undefined {
  for (const value of values) {
    const found = storedValue(value, body);
    if (found !== undefined) return found;
  }
  return undefined;
}

function pathValue(value: PathValue, pathParams: Record<string, string>): string | undefined {
  const given = pathParams[value.param]?.trim();
  const text = given && value.upper ? given.toUpperCase() : given;
  return text && (value.pattern === undefined || new RegExp(value.pattern).test(text)) ? text : undefined;
}

/** The headers the `/rest` client sends: the session's bearer token (cookie, else the stored session) and the language. */
export function clientHeaders(token: string | undefined, language: string): Record<string, string> {
  return { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Accept-Language': language };
}

/**
 * Whether the browser keeps a session, valid or not (the cookie or the stored entry): its page
 * starts its code at once (the header greets the customer; an expired one is removed).
 */
export function hasStoredSession(): boolean {
  try {
    return Boolean(readCookie(STORAGE_KEYS.tokenCookie)) || localStorage.getItem(STORAGE_KEYS.auth) !== null;
  } catch {
    return false;
  }
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

/** Starts `request` for the page's address (`apiBaseUrl`: the runtime config's). */
export function startEarlyRequest(request: EarlyRequest, { apiBaseUrl, address, headers }: { apiBaseUrl: string; address: string; headers: Record<string, string> }): void {
  const body = earlyBody(request, address);
  if (!body) return;
  const url = `${apiBaseUrl.replace(/\/+$/, '')}${request.path}`;
  const response = fetch(url, { method: request.method, headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  // Read by the client, or by nobody: never an unhandled rejection.
  response.catch(() => undefined);
  (window.__earlyRequests ??= []).push({ key: keyOf(request.method, request.path, body), headers, response });
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
