/**
 * What the service worker (`sw.ts`) does with each request, as plain functions (no worker
 * globals), so the rules are unit-tested: which cache, which strategy, and above all what is
 * never kept (issue 36 item 1).
 *
 * Caches, all named `rumbo-…`:
 * - `rumbo-shell-<build>`: the shell's own files (its build's id is baked into sw.js, so a new
 *   shell installs a new worker, whose activation deletes the older build's cache);
 * - `rumbo-remotes-<pointer>`: the pages and the remotes' files under one registry pointer (a hash
 *   of `/remotes.json`): when a deploy or a rollback moves a pointer, a new cache is started, the
 *   files of the versions still pointed at are carried over, and the old cache (with its pages,
 *   rendered for the old versions) is deleted;
 * - `rumbo-tickets-v1` (`OFFLINE_TICKETS_CACHE`): the customer's own tickets, and nothing else
 *   from `/rest`: each paid reservation this device opened (served back only to a request with
 *   the same code and purchase key) and the signed-in customer's trips (served back only with the
 *   same session token). Signing out deletes it (shared `SessionStore.signOut`).
 */
import { offlinePage } from '../document';
import { ROUTES, routeFor, type RouteDef } from '../routes';

/** Shared's `OFFLINE_TICKETS_CACHE` (the session store deletes it on sign-out; policy.test.ts checks they agree), written here so the worker bundles no page code. */
export const OFFLINE_TICKETS_CACHE = 'rumbo-tickets-v1';

export const CACHE_PREFIX = 'rumbo-';
export const shellCacheName = (build: string) => `${CACHE_PREFIX}shell-${build}`;
export const remotesCacheName = (pointer: string) => `${CACHE_PREFIX}remotes-${pointer}`;
export const REMOTES_CACHE_PREFIX = `${CACHE_PREFIX}remotes-`;

/** The reservation answer the page reads its tickets from (`salesEndpoints.reservation`). */
export const RESERVATION_PATH = '/rest/venta/consulta';
/** The signed-in customer's trips (`salesEndpoints.myTrips`). */
export const TRIPS_PATH = '/rest/user/viajes';

/** The shell's page every client-side route can start from (the static server's SPA fallback). */
export const APP_SHELL_PATH = '/index.html';

export type RequestKind =
  /** A page of the site (network first; offline, the page as last seen, else the app shell). */
  | 'page'
  /** `/remotes.json`: network first; a new answer moves the pointer. */
  | 'registry'
  /** The shell's files without a hash in their name (`main.js`, `config.json`, …): network first. */
  | 'shell'
  /** The shell's chunks, named by their content hash: cache first. */
  | 'shell-immutable'
  /** A request to another origin: a remote's file when under a folder the registry points at. */
  | 'cross-origin'
  /** A paid reservation's tickets (POST `/rest/venta/consulta`). */
  | 'reservation'
  /** The customer's trips (GET `/rest/user/viajes`). */
  | 'trips'
  /** Left to the browser: never answered from, nor stored in, a cache. */
  | 'none';

export interface RequestFacts {
  url: string;
  method: string;
  mode: string;
  /** The worker's own origin (the site's). */
  origin: string;
}

/** Hashed chunk names of the build (webpack.federation.mjs `chunkFilename`). */
const HASHED = /\.[0-9a-f]{10}\.js$/;

export function classify({ url, method, mode, origin }: RequestFacts): RequestKind {
  let address: URL;
  try {
    address = new URL(url);
  } catch {
    return 'none';
  }
  if (address.protocol !== 'http:' && address.protocol !== 'https:') return 'none';
  if (address.pathname.startsWith('/rest/')) {
    // Of the API, only the customer's own tickets; every other answer goes to the network only.
    if (method === 'POST' && address.pathname === RESERVATION_PATH) return 'reservation';
    if (method === 'GET' && address.pathname === TRIPS_PATH && !address.search) return 'trips';
    return 'none';
  }
  if (method !== 'GET') return 'none';
  if (address.origin !== origin) return 'cross-origin';
  if (mode === 'navigate') return 'page';
  if (address.pathname === '/sw.js') return 'none';
  if (address.pathname === '/remotes.json') return 'registry';
  if (address.search) return 'none';
  return HASHED.test(address.pathname) ? 'shell-immutable' : 'shell';
}

/**
 * The folders the registry points at (each remote's versioned folder: its `mf-manifest.json`'s
 * folder). Their files are immutable: a new build is a new folder.
 */
export function registryFolders(registry: unknown): string[] {
  if (typeof registry !== 'object' || registry === null) return [];
  const folders: string[] = [];
  for (const entry of Object.values(registry)) {
    try {
      const url = new URL(String(entry));
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
      folders.push(new URL('.', url).href);
    } catch {
      // not a URL: that remote cannot load anyway
    }
  }
  return folders;
}

/** Whether `url` is a file of one of the pointed-at versions. */
export const inFolders = (url: string, folders: readonly string[]) => folders.some((folder) => url.startsWith(folder));

/**
 * The address of the script that shows `pathname` with no network (a route's `offline`, in its
 * remote's folder as the registry points at it), or undefined when the route has none.
 */
export function offlineScript(pathname: string, registry: unknown, routes: readonly RouteDef[] = ROUTES): string | undefined {
  const route = routeFor(pathname, routes);
  return route && scriptOf(route, registry);
}

/** Every route's offline script under `registry`: what the worker keeps once it keeps a ticket. */
export const offlineScripts = (registry: unknown, routes: readonly RouteDef[] = ROUTES): string[] =>
  routes.flatMap((route) => scriptOf(route, registry) ?? []);

/** `route`'s offline script in its remote's folder as `registry` points at it. */
function scriptOf(route: RouteDef, registry: unknown): string | undefined {
  if (!route.offline || typeof registry !== 'object' || registry === null) return undefined;
  const [folder] = registryFolders({ [route.remote]: (registry as Record<string, unknown>)[route.remote] });
  return folder ? new URL(route.offline, folder).href : undefined;
}

/**
 * The document the worker answers such a page with, offline: the script and nothing else (it draws
 * the page, with its language, title and styles), told the API's origin and the product (the
 * runtime configuration's, which the worker keeps). Its policy lets that script run, ask the API
 * (the worker answers with what it kept) and show its QR images; nothing inline.
 */
export function offlineDocument(script: string, config: { apiBaseUrl: string; product: string }): { html: string; headers: Record<string, string> } {
  const scriptOrigin = new URL(script).origin;
  const apiOrigin = new URL(config.apiBaseUrl).origin;
  return {
    html: offlinePage({ script: new URL(script).href, apiOrigin, product: config.product }),
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': `default-src 'none'; script-src ${scriptOrigin}; connect-src ${apiOrigin}; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      'x-rumbo-offline': '1',
    },
  };
}

/**
 * Whether a page's response may be kept for offline use: never one the site server marked
 * `private` or `no-store` (a page of a signed-in reader's own, Mi cuenta: their profile in it):
 * offline, such a page comes from the app shell and the customer's own kept tickets instead.
 */
export function keepsPage(cacheControl: string | null): boolean {
  return !/(^|[\s,])(private|no-store)([\s,=]|$)/i.test(cacheControl ?? '');
}

/** The key a reservation's tickets are stored under (never a `/rest` address). */
export const reservationKey = (origin: string, codigo: string) => `${origin}/__offline/reserva/${encodeURIComponent(codigo.toUpperCase())}`;
export const tripsKey = (origin: string) => `${origin}/__offline/viajes`;

/** The bearer token of a request's `Authorization` header. */
export function bearerOf(authorization: string | null): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return match?.[1];
}

/** The code and purchase key of a reservation lookup's body, if it is one. */
export function lookupOf(body: unknown): { codigo: string; clave: string } | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { codigo, clave_bloqueo: clave } = body as Record<string, unknown>;
  if (typeof codigo !== 'string' || typeof clave !== 'string' || !codigo || !clave) return undefined;
  return { codigo: codigo.toUpperCase(), clave };
}

/** Whether a reservation answer holds tickets to keep: paid, with its e-tickets. */
export function keepsTickets(answer: unknown): boolean {
  if (typeof answer !== 'object' || answer === null) return false;
  const { estado, boletos } = answer as Record<string, unknown>;
  return estado === 'pagada' && Array.isArray(boletos) && boletos.length > 0;
}

/** A SHA-256 of a text, hex: what a kept ticket is bound to (the purchase key, the session token), never the secret itself. */
export async function digest(text: string, subtle: SubtleCrypto = crypto.subtle): Promise<string> {
  const bytes = new Uint8Array(await subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
