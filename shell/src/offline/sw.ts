/// <reference lib="webworker" />
/**
 * The site's service worker (`/sw.js`, issue 36 item 1), built with Workbox: the customer's
 * tickets open with no network. What goes where is `policy.ts`; in short:
 * - online, the app is always the network's (pages, the registry, `main.js` and the config are
 *   network first), so a deploy or a rollback is seen on the next load; only files whose name or
 *   folder is immutable (hashed chunks, a remote's versioned folder) are served from the cache;
 * - offline, the page, the shell and the remotes as last seen under the current registry pointer;
 * - from `/rest`, only the customer's own tickets, bound to their purchase key or session token.
 * It also shows the web pushes (disruptions, trip reminders) and opens their links: `push.ts`.
 */
import { clientsClaim } from 'workbox-core';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import {
  APP_SHELL_PATH,
  CACHE_PREFIX,
  OFFLINE_TICKETS_CACHE,
  REMOTES_CACHE_PREFIX,
  bearerOf,
  classify,
  digest,
  inFolders,
  keepsPage,
  keepsTickets,
  lookupOf,
  offlineDocument,
  offlineScript,
  offlineScripts,
  registryFolders,
  remotesCacheName,
  reservationKey,
  shellCacheName,
  tripsKey,
  type RequestKind,
} from './policy';
import { openFromNotification, showPush } from './push';

declare const self: ServiceWorkerGlobalScope;
declare const __SHELL_BUILD__: string;

const ORIGIN = self.location.origin;
const SHELL_CACHE = shellCacheName(__SHELL_BUILD__);
const REGISTRY_URL = `${ORIGIN}/remotes.json`;
/** Header of a kept ticket: the SHA-256 of what it is bound to (purchase key or session token). */
const BOUND_TO = 'x-rumbo-bound-to';

/** The registry pointer in force: its cache, the registry and the folders it points at. */
interface Pointer {
  cache: string;
  registry: unknown;
  folders: string[];
}
let pointer: Pointer | undefined;

/** The pointer as last stored (a worker is stopped and started again at any time, offline too). */
async function currentPointer(): Promise<Pointer | undefined> {
  if (pointer) return pointer;
  for (const name of await caches.keys()) {
    if (!name.startsWith(REMOTES_CACHE_PREFIX)) continue;
    const stored = await (await caches.open(name)).match(REGISTRY_URL);
    if (!stored) continue;
    const registry: unknown = await stored.json().catch(() => null);
    pointer = { cache: name, registry, folders: registryFolders(registry) };
    return pointer;
  }
  return undefined;
}

/**
 * A registry answer from the network: when it differs from the pointer in force, a new cache is
 * started, the files of the versions still pointed at are carried over, and every other remotes'
 * cache (the old versions' files and the pages rendered for them) is deleted.
 */
let registryUpdate: Promise<void> = Promise.resolve();
function takeRegistry(text: string): Promise<void> {
  // One at a time (the page, its preload and the route hints read the registry at once).
  registryUpdate = registryUpdate.then(() => moveTo(text)).catch(() => undefined);
  return registryUpdate;
}

async function moveTo(text: string): Promise<void> {
  let registry: unknown;
  try {
    registry = JSON.parse(text);
  } catch {
    return;
  }
  const name = remotesCacheName((await digest(text)).slice(0, 16));
  const before = await currentPointer();
  if (before?.cache === name) return;
  const folders = registryFolders(registry);
  const cache = await caches.open(name);
  if (before) {
    const old = await caches.open(before.cache);
    for (const request of await old.keys()) {
      if (!inFolders(request.url, folders)) continue;
      const response = await old.match(request);
      if (response) await cache.put(request, response);
    }
  }
  await cache.put(REGISTRY_URL, new Response(text, { headers: { 'content-type': 'application/json' } }));
  pointer = { cache: name, registry, folders };
  for (const other of await caches.keys()) {
    if (other.startsWith(REMOTES_CACHE_PREFIX) && other !== name) await caches.delete(other);
  }
  // A device that keeps tickets keeps the moved version's offline scripts too (the registry came
  // from the network: online); not awaited, so the remotes' files do not wait for it.
  void hasKeptTickets()
    .then((keeps) => (keeps ? keepOfflineScripts() : undefined))
    .catch(() => undefined);
}

async function hasKeptTickets(): Promise<boolean> {
  if (!(await caches.has(OFFLINE_TICKETS_CACHE))) return false;
  return (await (await caches.open(OFFLINE_TICKETS_CACHE)).keys()).length > 0;
}

/**
 * The scripts that show a page with no network (a route's `offline`: the ticket), of the versions
 * pointed at, kept in the pointer's cache once this device keeps a ticket: fetched ahead, since no
 * page loads them online.
 */
async function keepOfflineScripts(): Promise<void> {
  const current = await currentPointer();
  if (!current) return;
  const cache = await caches.open(current.cache);
  for (const script of offlineScripts(current.registry)) {
    if (await cache.match(script)) continue;
    const response = await fetch(script, { mode: 'cors', credentials: 'omit' }).catch(() => undefined);
    if (response?.ok && pointer?.cache === current.cache) await cache.put(script, response);
  }
}

/**
 * Offline, a page with an offline script (the ticket) is answered with the worker's own small
 * document running that script, when the script is kept: it shows the ticket from what this
 * device kept in a fraction of the time the whole site's code takes. Undefined otherwise.
 */
async function offlinePage(pathname: string): Promise<Response | undefined> {
  const current = await currentPointer();
  const script = current && offlineScript(pathname, current.registry);
  if (!script || !(await (await caches.open(current.cache)).match(script))) return undefined;
  const config = await caches.match(`${ORIGIN}/config.json`, { cacheName: SHELL_CACHE });
  const { apiBaseUrl, product } = ((await config?.json().catch(() => undefined)) ?? {}) as { apiBaseUrl?: unknown; product?: unknown };
  if (typeof apiBaseUrl !== 'string' || typeof product !== 'string') return undefined;
  const { html, headers } = offlineDocument(script, { apiBaseUrl, product });
  return new Response(html, { status: 200, headers });
}

const ok = [new CacheableResponsePlugin({ statuses: [200] })];
const shellFiles = new NetworkFirst({ cacheName: SHELL_CACHE, plugins: ok });
const shellChunks = new CacheFirst({ cacheName: SHELL_CACHE, plugins: ok });

/**
 * A remote's files come from its own origin; they are fetched with CORS (the CDN allows the site),
 * so what is kept is a readable 200, never an opaque answer that could hide an error.
 */
const asCors = {
  requestWillFetch: async ({ request }: { request: Request }) => new Request(request.url, { mode: 'cors', credentials: 'omit' }),
};

/**
 * For a pointer's cache: a request that started under a pointer since moved must not write into
 * (and so bring back) the cache the move deleted.
 */
const onlyWhileCurrent = (cacheName: string) => ({
  cacheWillUpdate: async ({ response }: { response: Response }) => (pointer && pointer.cache !== cacheName ? null : response),
  cacheDidUpdate: async () => {
    if (pointer && pointer.cache !== cacheName) await caches.delete(cacheName);
  },
});

async function remoteFile({ request, event }: { request: Request; event: ExtendableEvent }): Promise<Response> {
  // A registry answer being taken may point at this file's version: decided after it.
  await registryUpdate;
  const current = await currentPointer();
  if (!current || !inFolders(request.url, current.folders)) return fetch(request);
  // A versioned file is the same for every request: a copy kept by the worker's own fetch (no
  // `Origin`, which the CDN's answers vary on) serves the page's request too.
  return new CacheFirst({ cacheName: current.cache, plugins: [asCors, ...ok, onlyWhileCurrent(current.cache)], matchOptions: { ignoreVary: true } }).handle({ request, event });
}

/** A page rendered for one reader (`private`, `no-store`: Mi cuenta's) is never kept on the device. */
const sharedPagesOnly = {
  cacheWillUpdate: async ({ response }: { response: Response }) => (keepsPage(response.headers.get('cache-control')) ? response : null),
};

async function page({ request, event }: { request: Request; event: ExtendableEvent }): Promise<Response> {
  const current = await currentPointer();
  const { pathname } = new URL(request.url);
  if (current && offlineScript(pathname, current.registry)) {
    // A ticket's page: the network's; without it, the worker's own document (the page as kept needs the whole site's code).
    try {
      return await fetch(request);
    } catch {
      const offline = await offlinePage(pathname);
      if (offline) return offline;
    }
  }
  // Pages are rendered for the versions pointed at: they live and go with the pointer's cache.
  const cacheName = current?.cache ?? SHELL_CACHE;
  try {
    return await new NetworkFirst({ cacheName, plugins: current ? [...ok, sharedPagesOnly, onlyWhileCurrent(cacheName)] : [...ok, sharedPagesOnly] }).handle({ request, event });
  } catch (error) {
    // A page never seen here: the shell's page, which renders any route from the registry.
    const shell = await caches.match(`${ORIGIN}${APP_SHELL_PATH}`, { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw error;
  }
}

async function registry({ request }: { request: Request }): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const text = await response.clone().text();
      await takeRegistry(text);
    }
    return response;
  } catch (error) {
    const current = await currentPointer();
    const kept = current && (await (await caches.open(current.cache)).match(REGISTRY_URL));
    if (kept) return kept;
    throw error;
  }
}

/** A kept answer, as the API would give it (JSON), marked as read from the device. */
const keptAnswer = async (kept: Response) =>
  new Response(await kept.blob(), { status: 200, headers: { 'content-type': 'application/json', 'x-rumbo-offline': '1' } });

/**
 * A reservation's tickets: read from the network; a paid one is kept, bound to the purchase key
 * it was read with; with no network, given back only to a request with that same code and key.
 */
async function reservation({ request, event }: { request: Request; event: ExtendableEvent }): Promise<Response> {
  const lookup = lookupOf(await request.clone().json().catch(() => null));
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    if (!lookup) throw error;
    const tickets = await caches.open(OFFLINE_TICKETS_CACHE);
    const kept = await tickets.match(reservationKey(ORIGIN, lookup.codigo));
    if (kept && kept.headers.get(BOUND_TO) === (await digest(lookup.clave))) return keptAnswer(kept);
    throw error;
  }
  if (lookup) {
    const key = reservationKey(ORIGIN, lookup.codigo);
    const answer = await response.clone().json().catch(() => undefined);
    const data = (answer as { data?: unknown } | undefined)?.data ?? answer;
    const tickets = await caches.open(OFFLINE_TICKETS_CACHE);
    if (response.ok && keepsTickets(data)) {
      await tickets.put(key, new Response(await response.clone().blob(), { headers: { [BOUND_TO]: await digest(lookup.clave) } }));
      // Kept after the answer is given: the page does not wait for it.
      event.waitUntil(keepOfflineScripts().catch(() => undefined));
    } else if (response.ok || (response.status >= 400 && response.status < 500)) {
      // No longer paid (refunded, voided) or no longer there: nothing to board with.
      await tickets.delete(key);
    }
  }
  return response;
}

/** The signed-in customer's trips: kept bound to the session token, given back only with it. */
async function trips({ request }: { request: Request }): Promise<Response> {
  const token = bearerOf(request.headers.get('authorization'));
  const key = tripsKey(ORIGIN);
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    if (!token) throw error;
    const kept = await (await caches.open(OFFLINE_TICKETS_CACHE)).match(key);
    if (kept && kept.headers.get(BOUND_TO) === (await digest(token))) return keptAnswer(kept);
    throw error;
  }
  const tickets = await caches.open(OFFLINE_TICKETS_CACHE);
  if (response.ok && token) {
    await tickets.put(key, new Response(await response.clone().blob(), { headers: { [BOUND_TO]: await digest(token) } }));
  } else if (response.status === 401 || response.status === 403) {
    await tickets.delete(key);
  }
  return response;
}

const kindOf = (request: Request): RequestKind => classify({ url: request.url, method: request.method, mode: request.mode, origin: ORIGIN });

registerRoute(({ request }) => kindOf(request) === 'page', page);
registerRoute(({ request }) => kindOf(request) === 'registry', registry);
registerRoute(({ request }) => kindOf(request) === 'shell', shellFiles);
registerRoute(({ request }) => kindOf(request) === 'shell-immutable', shellChunks);
// Another origin's request is taken only from a remote's origin (known in memory: restored as the
// worker starts, before a page asks for a remote's files), and kept only when it is a file of a
// version the registry points at; anything else (the map's tiles, a sign-in provider's script)
// never comes through the worker.
void currentPointer();
const remoteOrigin = (url: string) => !!pointer && pointer.folders.some((folder) => new URL(folder).origin === new URL(url).origin);
registerRoute(({ request }) => kindOf(request) === 'cross-origin' && remoteOrigin(request.url), remoteFile);
registerRoute(({ request }) => kindOf(request) === 'reservation', reservation, 'POST');
registerRoute(({ request }) => kindOf(request) === 'trips', trips);
// Anything else is not handled here at all (the browser's own fetch): never cached.
setCatchHandler(async () => Response.error());

self.addEventListener('install', (event) => {
  // The shell's page, from which any route renders offline (a page not seen here yet).
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      await cache.add(new Request(`${ORIGIN}${APP_SHELL_PATH}`, { cache: 'no-cache' })).catch(() => undefined);
    })(),
  );
  void self.skipWaiting();
});
clientsClaim();

self.addEventListener('activate', (event) => {
  // Another shell build's files go; so does anything of an older worker's naming.
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(`${CACHE_PREFIX}shell-`) && name !== SHELL_CACHE) await caches.delete(name);
      }
    })(),
  );
});

/**
 * The page that registered the worker loaded its files before the worker was there: it sends
 * their addresses (`register.ts`), and each is kept under the same rules as if it had come
 * through the worker (never a `/rest` answer: those are POSTs or need the customer's headers).
 */
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  if (data?.type !== 'warm' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((url): url is string => typeof url === 'string').slice(0, 300);
  event.waitUntil(
    (async () => {
      const registryFirst = [...urls].sort((a, b) => Number(b === REGISTRY_URL) - Number(a === REGISTRY_URL));
      for (const url of registryFirst) {
        const pageUrl = event.source && 'url' in event.source ? event.source.url : undefined;
        const kind: RequestKind = url === pageUrl ? 'page' : classify({ url, method: 'GET', mode: 'cors', origin: ORIGIN });
        try {
          if (kind === 'page') {
            const current = await currentPointer();
            const cache = await caches.open(current?.cache ?? SHELL_CACHE);
            if (!(await cache.match(url))) {
              const response = await fetch(url, { credentials: 'same-origin' });
              if (response.ok && keepsPage(response.headers.get('cache-control'))) await cache.put(url, response);
            }
          } else if (kind === 'registry') {
            const response = await fetch(url);
            if (response.ok) await takeRegistry(await response.text());
          } else if (kind === 'shell' || kind === 'shell-immutable') {
            const cache = await caches.open(SHELL_CACHE);
            if (!(await cache.match(url))) {
              const response = await fetch(url);
              if (response.ok) await cache.put(url, response);
            }
          } else if (kind === 'cross-origin') {
            const current = await currentPointer();
            if (!current || !inFolders(url, current.folders)) continue;
            const cache = await caches.open(current.cache);
            if (!(await cache.match(url))) {
              const response = await fetch(url, { mode: 'cors', credentials: 'omit' });
              if (response.ok) await cache.put(url, response);
            }
          }
        } catch {
          // offline or refused: it will be kept the next time it comes through the worker
        }
      }
    })(),
  );
});

// Web push (issues 35 and 36): the notice, and a tap that opens its link on this origin only.
self.addEventListener('push', (event: PushEvent) => {
  event.waitUntil(showPush(self.registration, event.data, ORIGIN, 'Rumbo Andino'));
});
self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  event.waitUntil(openFromNotification(self.clients, event.notification.data, ORIGIN));
});
