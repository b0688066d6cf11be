/**
 * The site's origin: its static files (the shell's entry, `config.json`, the registry; files.ts)
 * and every page, rendered per request (docs/first-paint.md):
 *
 *   address → route table (the shell's renderer) → registry → that remote version's renderer
 *   (from its published folder, only for origins the site allows; up to a worker per core
 *   per version, renderers.ts; areas.ts) → the shell's header and footer around it (the one document,
 *   src/document.ts) → streamed (page.ts).
 *
 * In the reader's language (`PAINT.languageCookie`) and state (`PAINT.tokenCookie`). An anonymous
 * render is cached by (versions, path, normalised query, language), and its whole page compressed
 * once per encoding, and sent with `s-maxage` (cache.ts); a signed-in one is private and never
 * cached. A renderer that throws or is slower than its budget costs only its area: the page comes
 * with the header, the footer and that area's sized skeleton, and the browser renders it; never a 500.
 */
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { RenderInput } from '@rumbo/shared/paint';
import Fastify, { type FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { providerSet, siteSecurityHeaders } from '../scripts/security-headers.mjs';
import { registryOrigins } from '../scripts/static-server.mjs';
import { areaRenderer } from './areas';
import { firstScriptReader, serveFiles, shellFolderOf, watchedJson, type Registry } from './files';
import { pageHandler, stateOf } from './page';
import { RendererPool } from './renderers';

export { RENDER_BUDGET_MS } from './areas';
export { CACHE_SECONDS } from './cache';
export { versionFolder } from './files';
export { normalisedQuery } from './page';

export interface SiteOptions {
  /** The site's folder: its runtime files (`config.json`, `remotes.json`) and the shell as installed. */
  root: string;
  /** The published versions' folders (`<cdnDir>/<app>/<version>`). */
  cdnDir: string;
  port: number;
  host: string;
  apiOrigin: string;
  /** The remotes' origins the site was started with: the only ones a renderer is loaded for. */
  cdnOrigins: string[];
}

/** The whole site's origin. */
export async function serveSite({ root, cdnDir, port, host, apiOrigin, cdnOrigins }: SiteOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  const remoteOrigins = registryOrigins(root, cdnOrigins);
  const registry = watchedJson<Registry>(path.join(root, 'remotes.json'));
  const siteConfig = watchedJson<Partial<RenderInput['config']>>(path.join(root, 'config.json'));
  const shellFolder = () => shellFolderOf(registry(), root, cdnDir);
  const pool = new RendererPool();
  app.addHook('onClose', () => pool.close());
  app.decorate('renderers', pool);

  // This response's nonce, before helmet writes the CSP that names it.
  app.addHook('onRequest', async (request) => {
    stateOf(request).cspNonce = randomBytes(16).toString('base64');
  });
  // Helmet's other headers; the CSP (this response's nonce, the remotes' origins now, the sign-in
  // providers config.json offers) and HSTS are security-headers.mjs', the same for every answer.
  await app.register(helmet, { contentSecurityPolicy: false, strictTransportSecurity: false, crossOriginEmbedderPolicy: false });
  app.addHook('onSend', async (request, reply, payload) => {
    const { cspNonce, scriptHashes = [] } = stateOf(request);
    reply.headers(siteSecurityHeaders({ nonce: cspNonce!, hashes: scriptHashes, apiOrigin, remoteOrigins: remoteOrigins(), providers: providerSet(siteConfig()) }));
    return payload;
  });
  await app.register(compress, { global: true, threshold: 512 });

  const page = pageHandler({
    areas: areaRenderer({ pool, registry, cdnDir, cdnOrigins, shellFolder }),
    registry,
    siteConfig,
    shellFolder,
    firstScript: firstScriptReader(),
    preconnect: [...cdnOrigins, apiOrigin].flatMap((origin) => [`<${origin}>; rel=preconnect`, `<${origin}>; rel=preconnect; crossorigin`]).join(', '),
  });
  const fileOrPage = await serveFiles(app, { root, shellFolder, page });
  app.get('/', page);
  app.get('/*', fileOrPage);
  app.setNotFoundHandler(page);
  await app.listen({ port, host });
  return app;
}
