/**
 * Static file servers of the local site: the shell's origin (SPA fallback to index.html, security
 * headers) and one origin per remote, as a CDN would serve immutable versioned folders.
 */
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The shell's origin: index.html for every route, runtime files never cached. */
export async function serveShell({ root, port, host, apiOrigin, cdnOrigins }) {
  const app = Fastify({ logger: false });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...cdnOrigins, 'https://accounts.google.com', 'https://connect.facebook.net'],
        connectSrc: ["'self'", apiOrigin, ...cdnOrigins],
        // Emotion (Chakra) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
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
    index: ['index.html'],
    wildcard: true,
    // Builds carry `.br`/`.gz` twins made at the best level (webpack.federation.mjs): sent as is.
    preCompressed: true,
    setHeaders(reply, file) {
      // Files without a content hash in their name (pages, config, the entry scripts main.js and
      // route-hints.js) are revalidated, so a new shell is picked up at once; chunks are hashed.
      reply.header('Cache-Control', /\.[0-9a-f]{10}\.js(\.br|\.gz)?$/.test(file) ? 'public, max-age=3600' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(404).send();
    // Client-side routes: the shell decides (a remote's page, or its not-found page).
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
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
    setHeaders(reply, file) {
      reply.header('Cache-Control', file.endsWith('.map') ? 'no-cache' : IMMUTABLE);
      reply.header('X-Content-Type-Options', 'nosniff');
    },
  });
  await app.listen({ port, host });
  return app;
}
