/**
 * The remotes' origins of the local site, one per remote, as a CDN serves immutable versioned
 * folders (the site's own origin is shell/server/site-server.ts).
 */
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CDN_SECURITY_HEADERS, isPublicFile } from './security-headers.mjs';

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

/** A request's path, decoded as the static plugin decodes it; the raw one when it does not decode. */
function decodedPath(url) {
  const pathname = url.split('?')[0];
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/**
 * A remote's origin: published versions are immutable, so cached forever; CORS for the shell;
 * HSTS; a source map is answered 404 whatever asks for it (security-headers.mjs `isPublicFile`:
 * also for a folder published before maps were kept aside).
 */
export async function serveCdn({ root, port, host, allowedOrigins }) {
  const app = Fastify({ logger: false });
  app.addHook('onRequest', async (request, reply) => {
    if (!isPublicFile(decodedPath(request.url))) return reply.code(404).send();
    reply.headers(CDN_SECURITY_HEADERS);
  });
  await app.register(cors, { origin: allowedOrigins });
  await app.register(compress, { global: true, threshold: 512 });
  await app.register(fastifyStatic, {
    root,
    index: false,
    preCompressed: true,
    // A version's renderer runs in the site server only (shell/server): no browser gets it.
    allowedPath: (pathName) => !pathName.endsWith('/renderer.cjs') && isPublicFile(pathName),
    setHeaders(reply) {
      reply.header('Cache-Control', IMMUTABLE);
    },
  });
  await app.listen({ port, host });
  return app;
}
