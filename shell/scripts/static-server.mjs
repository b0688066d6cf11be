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
import { providerSet } from './page-data.mjs';
import { CDN_SECURITY_HEADERS, isPublicFile, siteSecurityHeaders } from './security-headers.mjs';

const IMMUTABLE = 'public, max-age=31536000, immutable';

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
 * The sign-in providers the site's runtime config (`config.json` in its folder) names: only those
 * may load their scripts (the CSP's script-src). Re-read when a deploy rewrites it.
 */
export function configuredProviders(root) {
  const file = path.join(root, 'config.json');
  let seen = { mtimeMs: -1, providers: [] };
  return () => {
    let mtimeMs;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return (seen = { mtimeMs: -1, providers: [] }).providers;
    }
    if (mtimeMs === seen.mtimeMs) return seen.providers;
    try {
      seen = { mtimeMs, providers: providerSet(JSON.parse(readFileSync(file, 'utf8'))) };
    } catch {
      // Written atomically (deploy-lib.mjs writeShellFile), so unreadable only while absent: keep what we had.
    }
    return seen.providers;
  };
}

/** A request's path, decoded as the static plugin decodes it; the raw one when it does not decode. */
function decodedPath(url) {
  const pathname = url.split('?')[0];
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** Every origin: a source map is answered 404 whatever asks for it (security-headers.mjs `isPublicFile`). */
function refusePrivateFiles(app) {
  app.addHook('onRequest', async (request, reply) => {
    if (!isPublicFile(decodedPath(request.url))) return reply.code(404).send();
  });
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
  const providers = configuredProviders(root);
  // The stitched pages' one inline script (deploy-lib.mjs `pageGuard`), by its hash.
  const guardHash = pageGuardHash(product);
  refusePrivateFiles(app);
  // Helmet's other headers; the CSP and HSTS are security-headers.mjs', computed per response
  // (the remotes' origins and the sign-in providers follow remotes.json and config.json).
  await app.register(helmet, { contentSecurityPolicy: false, strictTransportSecurity: false, crossOriginEmbedderPolicy: false });
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(siteSecurityHeaders({ pageGuardHash: guardHash, apiOrigin, remoteOrigins: remoteOrigins(), providers: providers() }));
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
    allowedPath: (pathName) => isPublicFile(pathName),
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
  refusePrivateFiles(app);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(CDN_SECURITY_HEADERS);
  });
  await app.register(cors, { origin: allowedOrigins });
  await app.register(compress, { global: true, threshold: 512 });
  await app.register(fastifyStatic, {
    root,
    index: false,
    preCompressed: true,
    // A version's renderer runs at deploy only (deploy-lib.mjs RENDERER_FILE): no browser gets it.
    allowedPath: (pathName) => !pathName.endsWith('/renderer.cjs') && isPublicFile(pathName),
    setHeaders(reply) {
      reply.header('Cache-Control', IMMUTABLE);
    },
  });
  await app.listen({ port, host });
  return app;
}
