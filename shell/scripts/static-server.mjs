/**
 * Static file servers of the local site: the shell's origin (SPA fallback to index.html, security
 * headers) and one origin per remote, as a CDN would serve immutable versioned folders.
 */
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pageGuardHash } from './deploy-lib.mjs';
import { framePage } from './frames.mjs';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Where the agencies map (mf-content, Leaflet) takes its tiles from. */
const MAP_TILES_ORIGIN = 'https://tile.openstreetmap.org';

/**
 * The origins of the remotes the registry (`remotes.json` in the site's folder) points at now,
 * with the ones the site was started with: a remote's code, its images and its fonts come from its
 * own origin, and a deploy may point a remote elsewhere without a restart. Re-read when it changes.
 */
export function registryOrigins(root, configured = []) {
  const file = path.join(root, 'remotes.json');
  let seen = { mtimeMs: -1, origins: [...configured] };
  return () => {
    let mtimeMs;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return seen.origins;
    }
    if (mtimeMs === seen.mtimeMs) return seen.origins;
    try {
      const registry = JSON.parse(readFileSync(file, 'utf8'));
      const origins = new Set(configured);
      for (const url of Object.values(registry)) {
        try {
          origins.add(new URL(String(url)).origin);
        } catch {
          // Not a URL: that remote cannot load anyway; nothing to allow.
        }
      }
      seen = { mtimeMs, origins: [...origins] };
    } catch {
      // Written atomically (deploy-lib.mjs), so unreadable only while absent: keep what we had.
    }
    return seen.origins;
  };
}

/**
 * The stitched page of a request's path (relative to the site's folder), if the deploy wrote one.
 * Not for an address with a query: a first screen was rendered without one, and a page may show
 * something else for it (`/promociones?confirmar=…`, `/login?pathname=…`); the shell renders those.
 */
function stitchedPage(root, url) {
  let pathname;
  try {
    const address = new URL(url, 'http://site');
    if (address.search) return undefined;
    pathname = decodeURIComponent(address.pathname);
  } catch {
    return undefined;
  }
  const segments = pathname.split('/').filter(Boolean);
  if (segments.some((segment) => segment === '..' || segment === '.' || segment.includes('\\'))) return undefined;
  const file = path.posix.join('pages', ...segments, 'index.html');
  return existsSync(path.join(root, file)) ? file : undefined;
}

/** The shell's origin: a route's stitched page, else index.html; runtime files never cached. */
export async function serveShell({ root, port, host, apiOrigin, cdnOrigins, product }) {
  const app = Fastify({ logger: false });
  const remoteOrigins = registryOrigins(root, cdnOrigins);
  // A CSP source list computed per response (helmet calls a function for each).
  const sources = (...fixed) => [...fixed, () => remoteOrigins().join(' ')];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The stitched pages' one inline script (deploy-lib.mjs `pageGuard`), by its hash.
        scriptSrc: sources("'self'", pageGuardHash(product), 'https://accounts.google.com', 'https://connect.facebook.net'),
        connectSrc: sources("'self'", apiOrigin),
        // Emotion (Chakra) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The remotes' pictures come from their own origins; the map's tiles from OpenStreetMap.
        imgSrc: sources("'self'", 'data:', MAP_TILES_ORIGIN),
        fontSrc: ["'self'", 'data:'],
        frameSrc: ['https://accounts.google.com'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  await app.register(compress, { global: true, threshold: 512 });
  // Connect early to the remotes' origins and the API: the first page needs both.
  const preconnect = [...cdnOrigins, apiOrigin].flatMap((origin) => [
    `<${origin}>; rel=preconnect`,
    `<${origin}>; rel=preconnect; crossorigin`,
  ]);
  app.addHook('onSend', async (request, reply) => {
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) reply.header('Link', preconnect.join(', '));
  });
  await app.register(fastifyStatic, {
    root,
    // `/` is a page like any other (below): its stitched page when there is one.
    index: false,
    wildcard: true,
    // Builds carry `.br`/`.gz` twins made at the best level (webpack.federation.mjs): sent as is.
    preCompressed: true,
    setHeaders(reply, file) {
      // Files without a content hash in their name (pages, config, the entry scripts main.js and
      // route-hints.js) are revalidated, so a new shell is picked up at once; chunks are hashed.
      reply.header('Cache-Control', /\.[0-9a-f]{10}\.js(\.br|\.gz)?$/.test(file) ? 'public, max-age=3600' : 'no-cache');
    },
  });
  const sendPage = (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(404).send();
    // A route stitched at deploy (deploy-lib.mjs `stitch`): its complete page, first screen included.
    const page = stitchedPage(root, request.url) ?? framePage(root, request.url);
    if (page) return reply.header('Cache-Control', 'no-cache').sendFile(page);
    // Client-side routes: the shell decides (a remote's page, or its not-found page).
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  };
  // `/` is the site's folder to the static plugin: without a compressed twin to look for (a client
  // that takes no compression) it would answer 403, not the home page.
  app.get('/', sendPage);
  app.setNotFoundHandler(sendPage);
  await app.listen({ port, host });
  return app;
}

/** A remote's origin: published versions are immutable, so cached forever; CORS for the shell. */
export async function serveCdn({ root, port, host, allowedOrigins }) {
  const app = Fastify({ logger: false });
  await app.register(cors, { origin: allowedOrigins });
  await app.register(compress, { global: true, threshold: 512 });
  await app.register(fastifyStatic, {
    root,
    index: false,
    preCompressed: true,
    // A version's renderer runs at deploy only (deploy-lib.mjs RENDERER_FILE): no browser gets it.
    allowedPath: (pathName) => !pathName.endsWith('/renderer.cjs'),
    setHeaders(reply, file) {
      reply.header('Cache-Control', file.endsWith('.map') ? 'no-cache' : IMMUTABLE);
      reply.header('X-Content-Type-Options', 'nosniff');
    },
  });
  await app.listen({ port, host });
  return app;
}
