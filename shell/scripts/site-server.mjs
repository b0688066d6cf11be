/**
 * The site's origin: its static files (the shell's entry, `/route-hints.js`, `config.json`, the
 * registry) and every page, rendered per request (docs/first-paint.md):
 *
 *   address → route table (the shell's renderer) → registry → that remote version's renderer
 *   (from its published folder, only for origins the site allows; a worker per version,
 *   renderers.mjs) → the shell's header and footer around it → streamed.
 *
 * In the reader's language (`PAINT.languageCookie`) and state (the spec's `token` cookie). An
 * anonymous render is cached by (versions, path, normalised query, language), and its whole page
 * compressed once per encoding, and sent with `s-maxage`; a signed-in one is private and never cached. A renderer that throws or is slower
 * than its budget costs only its area: the page comes with the header, the footer and that area's
 * sized skeleton, and the browser renders it; never a 500.
 */
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { RendererPool } from './renderers.mjs';
import { INLINE_SCRIPT_BREAKERS, isPublicFile, providerSet, siteSecurityHeaders } from './security-headers.mjs';
import { registryOrigins } from './static-server.mjs';


/** How long a remote's render may take (its loaders' API calls included) before its area is a skeleton. */
export const RENDER_BUDGET_MS = Number(process.env.RENDER_BUDGET_MS ?? 2500);
/** How long the shell's (header, footer) may take. */
const SHELL_BUDGET_MS = 2500;
/** How long an anonymous render is reused, here and by a CDN (`s-maxage`). */
export const CACHE_SECONDS = 60;
const CACHE_ENTRIES = 500;

const LANGUAGES = ['es-PE', 'en-EN'];
const DEFAULT_LANGUAGE = 'es-PE';
/** Other remotes' named parts, by name → owner (`NAMED_PARTS`, @rumbo/shared/paint). */
const NAMED_PARTS = { 'trip-search': 'mf_booking', 'trip-search-to': 'mf_booking' };

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** Data in a page (never run: `application/json`), written so no text in it can close its script. */
const jsonScript = (id, value) => `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

const styleTag = ({ text, ids }) => (text ? `<style data-emotion="css ${ids.join(' ')}">${text}</style>` : '');

function readJsonFile(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
}

/** A file's JSON, read again only when it changed. */
function watchedJson(file) {
  let seen = { mtimeMs: -1, value: {} };
  return () => {
    let mtimeMs;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return {};
    }
    if (mtimeMs !== seen.mtimeMs) seen = { mtimeMs, value: readJsonFile(file) };
    return seen.value;
  };
}

function parseCookies(header = '') {
  const cookies = {};
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    try {
      cookies[name] = decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      // A cookie that is not ours, badly encoded: ignored.
    }
  }
  return cookies;
}

/** The query as the cache and the renderers see it: one value a name, names sorted, empty names dropped. */
export function normalisedQuery(search) {
  const query = {};
  for (const [name, value] of new URLSearchParams(search)) if (name && !(name in query)) query[name] = value;
  return Object.fromEntries(Object.entries(query).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** A small LRU of anonymous renders with their expiry. */
class RenderCache {
  constructor(max) {
    this.max = max;
    this.entries = new Map();
  }
  get(key) {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires < Date.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }
  set(key, value) {
    this.entries.set(key, { value, expires: Date.now() + CACHE_SECONDS * 1000 });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value);
  }
}

/**
 * The published folder of a registry entry (`<origin>/<version>/mf-manifest.json`): only when its
 * origin is one the site allows (a registry pointing elsewhere gets no server render), and its
 * version a plain folder name; with the address it is served at.
 */
export function versionFolder(cdnDir, remote, manifestUrl, allowed) {
  let url;
  try {
    url = new URL(manifestUrl);
  } catch {
    return undefined;
  }
  if (!allowed.includes(url.origin)) return undefined;
  const version = url.pathname.split('/').at(-2);
  if (!version || !/^[\w.-]+$/.test(version) || version.startsWith('.')) return undefined;
  const folder = path.join(cdnDir, remote, version);
  return existsSync(folder) ? { folder, version, publicPath: new URL('.', url).href } : undefined;
}

/** The page's encoding for this request: brotli or gzip as the browser accepts, else as is (undefined). */
function pageEncoding(request) {
  const accepted = String(request.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim().split(/\s*;\s*q=/))
    .filter(([, q]) => q === undefined || Number(q) > 0)
    .map(([name]) => name.toLowerCase());
  const accepts = (name) => accepted.includes(name);
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : undefined;
}

/**
 * A page's body as sent: compressed here (not by @fastify/compress, whose stream holds its output
 * until it has enough), each chunk flushed as it is written, so the head and the header reach the
 * browser before the area is rendered.
 */
function streamed(request, reply, body) {
  const encoding = pageEncoding(request);
  reply.header('Vary', 'Cookie, Accept-Encoding');
  if (!encoding) return body;
  reply.header('Content-Encoding', encoding);
  const compressor =
    encoding === 'br'
      ? zlib.createBrotliCompress({ flush: zlib.constants.BROTLI_OPERATION_FLUSH, params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH, level: 6 });
  body.pipe(compressor);
  return compressor;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A cached page as each encoding sends it, compressed once (off the event loop), so a cache hit
 * compresses nothing. Brotli at quality 9: once a minute a page, but under load its best (11)
 * took near a second of a core for a 100 kB page (readers of it meanwhile wait for it), 9 a
 * twentieth of that for a few per cent more bytes. Its text holds no per-response value: the shell's
 * first script runs by its hash, and the renders in it were made without a nonce.
 */
async function storedPage(status, text) {
  const identity = Buffer.from(text, 'utf8');
  const [br, gz] = await Promise.all([
    brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzip(identity, { level: 9 }),
  ]);
  return { status, bodies: { br, gzip: gz, identity } };
}

/** The whole site's origin. */
export async function serveSite({ root, cdnDir, port, host, apiOrigin, cdnOrigins }) {
  const app = Fastify({ logger: false });
  const remoteOrigins = registryOrigins(root, cdnOrigins);
  const registry = watchedJson(path.join(root, 'remotes.json'));
  const siteConfig = watchedJson(path.join(root, 'config.json'));
  const pool = new RendererPool();
  const firstScript = firstScriptReader();
  const cache = new RenderCache(CACHE_ENTRIES);
  /** Whole anonymous pages, compressed per encoding (`storedPage`), by everything they were made from. */
  const pages = new RenderCache(CACHE_ENTRIES);
  app.addHook('onClose', () => pool.close());
  app.decorate('renderers', pool);

  // This response's nonce, before helmet writes the CSP that names it.
  app.addHook('onRequest', async (request) => {
    request.raw.cspNonce = randomBytes(16).toString('base64');
  });
  // Helmet's other headers; the CSP (this response's nonce, the remotes' origins now, the sign-in
  // providers config.json offers) and HSTS are security-headers.mjs', the same for every answer.
  await app.register(helmet, { contentSecurityPolicy: false, strictTransportSecurity: false, crossOriginEmbedderPolicy: false });
  app.addHook('onSend', async (request, reply, payload) => {
    const hashes = request.raw.scriptHashes ?? [];
    reply.headers(siteSecurityHeaders({ nonce: request.raw.cspNonce, hashes, apiOrigin, remoteOrigins: remoteOrigins(), providers: providerSet(siteConfig()) }));
    return payload;
  });
  await app.register(compress, { global: true, threshold: 512 });
  const preconnect = [...cdnOrigins, apiOrigin].flatMap((origin) => [`<${origin}>; rel=preconnect`, `<${origin}>; rel=preconnect; crossorigin`]);
  // The shell's files come from the version its registry key (`shell`) points at (deploy.mjs
  // `point shell <version>`); the site's runtime files (`config.json`, `remotes.json`) from `root`.
  await app.register(fastifyStatic, {
    root,
    serve: false,
    // Builds carry `.br`/`.gz` twins made at the best level (webpack.federation.mjs): sent as is.
    preCompressed: true,
    setHeaders(reply, file) {
      // Files without a content hash in their name (config, the entry scripts main.js and
      // route-hints.js) are revalidated, so a new shell is picked up at once; chunks are hashed.
      reply.header('Cache-Control', /\.[0-9a-f]{10}\.js(\.br|\.gz)?$/.test(file) ? 'public, max-age=3600' : 'no-cache');
    },
  });
  /** The shell version's folder the registry points at (else the site's folder, as installed). */
  const shellFolder = () => {
    const version = registry().shell;
    const folder = typeof version === 'string' && /^[\w.-]+$/.test(version) && !version.startsWith('.') ? path.join(cdnDir, 'shell', version) : undefined;
    return folder && existsSync(folder) ? { folder, publicPath: '/' } : { folder: root, publicPath: '/' };
  };
  /** The file a request's path names in `folder`, if it is one the site serves (never a renderer). */
  const fileIn = (folder, pathname) => {
    const segments = pathname.split('/').filter(Boolean);
    if (!segments.length || segments.some((segment) => segment === '..' || segment === '.' || segment.includes('\\'))) return undefined;
    const file = segments.join('/');
    // Never a renderer, and never a source map (the operator's, kept out of the served folders).
    if (file.endsWith('.cjs') || !isPublicFile(file)) return undefined;
    try {
      return statSync(path.join(folder, file)).isFile() ? file : undefined;
    } catch {
      return undefined;
    }
  };
  const serveFileOrPage = (request, reply) => {
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(request.url, 'http://site').pathname);
    } catch {
      return reply.code(400).send();
    }
    const runtime = pathname === '/config.json' || pathname === '/remotes.json';
    const folder = runtime ? root : shellFolder().folder;
    const file = fileIn(folder, pathname);
    if (file) return reply.sendFile(file, folder);
    return sendPage(request, reply);
  };

  // Renderers run on this server: only from the origins the site was configured with (the CDN's),
  // never from an origin a registry entry alone names.
  const allowedOrigins = () => cdnOrigins;

  async function call(app, where, method, input, budget) {
    const worker = pool.workerFor(app, where.folder, where.publicPath);
    if (!worker) throw new Error(`${app} has no renderer`);
    return worker.call(method, input, budget);
  }

  /**
   * A remote's area: its render with its named parts filled (`area`, undefined for its skeleton),
   * and whether it is kept (`kept`: an anonymous render, whole).
   */
  async function renderArea(remote, input, anonymous) {
    const pointers = registry();
    const where = pointers[remote] && versionFolder(cdnDir, remote, pointers[remote], allowedOrigins());
    if (!where) return { area: undefined, kept: false };
    // By every pointer, not only this remote's: its page may hold another remote's named part.
    const key = anonymous && `${JSON.stringify(pointers)}|${remote}|${input.path}|${JSON.stringify(input.query)}|${input.language}`;
    const cached = key && cache.get(key);
    if (cached) return { area: cached, kept: true };
    try {
      const result = await call(remote, where, 'render', input, RENDER_BUDGET_MS);
      const { html, complete } = await withParts(result, input);
      const area = { ...result, html, publicPath: where.publicPath };
      // A render with a part that failed (its owner late or broken) is sent, not kept: the next reader gets it whole.
      const kept = Boolean(key && complete);
      if (kept) cache.set(key, area);
      return { area, kept };
    } catch (error) {
      console.error(`render of ${input.path} by ${remote} ${where.version}: ${error.message}`);
      return { area: undefined, kept: false };
    }
  }

  /**
   * The area's markup with each named part filled by its owner's live renderer (the home page's
   * trip search, mf-booking's); a part that fails stays empty (its host's placeholder shows), and
   * the render is not `complete`.
   */
  async function withParts(result, input) {
    if (!result.parts?.length) return { html: result.html, complete: true };
    const pointers = registry();
    const filled = await Promise.all(
      result.parts.map(async (place) => {
        const owner = NAMED_PARTS[place.name];
        const where = owner && pointers[owner] && versionFolder(cdnDir, owner, pointers[owner], allowedOrigins());
        if (!where) return undefined;
        try {
          const { language, config, session, nonce } = input;
          return await call(owner, where, 'renderPart', { language, config, session, nonce, name: place.name, props: place.props }, RENDER_BUDGET_MS);
        } catch (error) {
          console.error(`part ${place.name} by ${owner}: ${error.message}`);
          return undefined;
        }
      }),
    );
    let html = '';
    let from = 0;
    for (const [i, place] of result.parts.entries()) {
      html += result.html.slice(from, place.at);
      const part = filled[i];
      if (part) {
        html += part.html;
        result.css = { text: result.css.text + part.css.text, ids: [...result.css.ids, ...part.css.ids] };
        result.data = { ...result.data, ...part.data };
      }
      from = place.at;
    }
    return { html: html + result.html.slice(from), complete: filled.every(Boolean) };
  }

  async function renderShell(input, anonymous) {
    const key = anonymous && `shell@${shellFolder().folder}|${input.path}|${input.language}`;
    const cached = key && cache.get(key);
    if (cached) return cached;
    const result = await call('shell', shellFolder(), 'render', input, SHELL_BUDGET_MS);
    if (key) cache.set(key, result);
    return result;
  }

  const sendPage = async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(404).send();
    const address = new URL(request.url, 'http://site');
    let pathname;
    try {
      pathname = decodeURIComponent(address.pathname);
    } catch {
      return reply.code(400).send();
    }
    const config = siteConfig();
    const product = config.product ?? 'rumbo';
    const cookies = parseCookies(request.headers.cookie);
    // The installed app's start URL names its reader's language (`?idioma=`), as the browser reads it (i18n.ts `startLanguage`).
    const chosen = [address.searchParams.get('idioma'), cookies[`lang-web${product}`]].find((value) => LANGUAGES.includes(value));
    const language = LANGUAGES.includes(chosen) ? chosen : DEFAULT_LANGUAGE;
    const token = cookies.token || undefined;
    const anonymous = !token;
    // A render that may be cached is made without a nonce (one response's value); React writes no
    // inline script anyway (every boundary in place, @rumbo/shared/server), a signed-in reader's
    // render carries this response's nonce for any it would.
    const query = normalisedQuery(address.search);
    const input = { path: pathname, query, language, config, ...(token ? { session: { token }, nonce: request.raw.cspNonce } : {}) };

    let shell;
    let first;
    let pageKey;
    try {
      first = firstScript(shellFolder().folder);
      request.raw.scriptHashes = [first.hash];
      // An anonymous page whole, as each encoding sends it: by the shell's version and first
      // script, every pointer (as the area's key), the address and the language.
      pageKey = anonymous && `${shellFolder().folder}|${first.hash}|${JSON.stringify(registry())}|${pathname}|${JSON.stringify(query)}|${language}`;
      const stored = pageKey && (await pages.get(pageKey)?.catch(() => undefined));
      if (stored) return sendStored(request, reply, stored);
      shell = await renderShell(input, anonymous);
    } catch (error) {
      // No shell renderer (not built), one that failed, or no first script: the page as the browser draws it.
      console.error(`shell render of ${pathname}: ${error.message}`);
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', shellFolder().folder);
    }
    // A page for signed-in customers asked without a session the API takes: to sign in, before any byte.
    if (shell.redirect) return reply.code(303).header('Location', shell.redirect).header('Cache-Control', 'private, no-store').send();
    // The status is the route table's (the shell's), decided before the first byte: an address no
    // route owns is a 404; a remote's area can no longer change it once the header is on its way.
    reply
      .code(shell.status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', anonymous ? `public, max-age=0, s-maxage=${CACHE_SECONDS}` : 'private, no-store')
      .header('Link', preconnect.join(', '));
    // A shared cache keeps one copy per language and state (both are cookies) and encoding (`streamed`).
    const body = new PassThrough();
    reply.send(streamed(request, reply, body));
    // The head and the header at once; the area (its loaders, its render) is on its way meanwhile.
    const start = documentStart({ shell, language, firstScript: first.text });
    body.write(start);
    let rendered = { area: undefined, kept: false };
    try {
      // A page of the reader's own (Mi cuenta) is rendered for them, given the profile the shell's
      // renderer asked for the header (once per page). Any other page's area is the same for every
      // reader in a language (its renderer signs no session in, its loaders ask public data): a
      // signed-in reader gets the anonymous render, from the cache, and only their header is theirs.
      const own = !anonymous && (shell.personal ?? true);
      if (shell.remote) {
        rendered = own
          ? await renderArea(shell.remote, shell.user ? { ...input, profile: shell.user } : input, false)
          : await renderArea(shell.remote, { path: input.path, query, language, config }, true);
      }
    } finally {
      const rest = documentRest({ shell, area: rendered.area, remote: shell.remote, language });
      body.end(rest);
      // A whole anonymous page is kept as each encoding sends it (a 404, a skeleton or a failed part
      // is not), compressed once: readers who missed it at the same time do not compress it again.
      if (pageKey && rendered.kept && !pages.get(pageKey)) pages.set(pageKey, storedPage(shell.status, start + rest));
    }
    return reply;
  };

  /** A cached page, in the encoding this reader accepts: as it was compressed once, with its length. */
  function sendStored(request, reply, stored) {
    const encoding = pageEncoding(request);
    reply
      .code(stored.status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', `public, max-age=0, s-maxage=${CACHE_SECONDS}`)
      .header('Link', preconnect.join(', '))
      .header('Vary', 'Cookie, Accept-Encoding');
    if (encoding) reply.header('Content-Encoding', encoding);
    const bytes = stored.bodies[encoding ?? 'identity'];
    return reply.header('Content-Length', bytes.length).send(bytes);
  }
  app.get('/', sendPage);
  app.get('/*', serveFileOrPage);
  app.setNotFoundHandler(sendPage);
  await app.listen({ port, host });
  return app;
}

/** The shell's first script (route-hints.entry.ts), run inline by every page: see `firstScriptReader`. */
const FIRST_SCRIPT = 'route-hints.js';

/**
 * The text of the shell version's first script (`folder/route-hints.js`), read again only when it
 * changed, and its hash (base64 SHA-256), to be sent inline in each page's head, allowed by that
 * hash in the response's CSP (no nonce: a cached page holds no per-response value): it is the page's
 * one script before the customer acts (early input, when the code starts, link prefetch), and
 * asked as a file it was the one request the browser made before the page's largest paint (issue
 * 33, figure 5). A page has no other way of getting it: a version whose file is missing, or holds
 * what would end its element (its build fails on that), throws, and the page is sent as a failed
 * shell render is (index.html).
 */
function firstScriptReader() {
  let seen = { file: '', mtimeMs: -1, text: '', hash: '' };
  return (folder) => {
    const file = path.join(folder, FIRST_SCRIPT);
    const { mtimeMs } = statSync(file);
    if (file !== seen.file || mtimeMs !== seen.mtimeMs) {
      // Line ends as the HTML parser leaves them (CR LF → LF), so the hash is of the text the browser hashes.
      const text = readFileSync(file, 'utf8').replace(/\r\n?/g, '\n');
      if (INLINE_SCRIPT_BREAKERS.test(text)) throw new Error(`${file} holds what would end its <script> element`);
      seen = { file, mtimeMs, text, hash: createHash('sha256').update(text, 'utf8').digest('base64') };
    }
    return seen;
  };
}

/** The base layout (index.html's): the footer below the fold, the header's place, an empty area's skeleton. */
const BASE_CSS =
  'html{-webkit-text-size-adjust:100%}body{margin:0;min-height:100vh;display:flex;flex-direction:column;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}' +
  '#main{flex:1 0 auto;min-height:100vh;outline:none}#shell-header{min-height:57px}' +
  // An area whose render failed or was too slow: its sized skeleton until the browser renders it.
  '#remotes>div[data-island]:empty{min-height:70vh;margin:2rem auto;max-width:72rem;border-radius:.75rem;background:linear-gradient(90deg,#f4f4f5 25%,#e4e4e7 50%,#f4f4f5 75%);background-size:200% 100%}';

const ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 48 48'%3E%3Ccircle cx='33' cy='12' r='6' fill='%23d86f0f'/%3E%3Cpath d='M2 44 L18 18 L26 30 L34 20 L46 44 Z' fill='%230f3a60'/%3E%3C/svg%3E";

/**
 * The page's first chunk, sent before its area is rendered: the head (title, the shell's first
 * script, its CSS) and the header. The script reads the area's island directive from the area's
 * container once it has arrived (route-hints.entry.ts).
 */
function documentStart({ shell, language, firstScript }) {
  return (
    `<!doctype html><html lang="${language === 'en-EN' ? 'en' : 'es-PE'}"><head><meta charset="utf-8"/>` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"/><title>${escapeHtml(shell.head.title ?? '')}</title>` +
    `<meta name="description" content="${escapeHtml(shell.head.description ?? '')}"/><meta name="theme-color" content="#0f3a60"/>` +
    `<link rel="icon" href="${ICON}"/>` +
    `<script>${firstScript}</script>` +
    `<style id="chakra-global-css">${shell.globalCss}</style><style>${BASE_CSS}</style>${styleTag(shell.css)}</head>` +
    `<body><div id="shell-header">${shell.html}</div>`
  );
}

/**
 * The rest, once the area is rendered (or past its budget: empty, its skeleton): the area with
 * its island directive (`data-island`: when its code starts), its client part's script, the
 * footer and the page's data. No preload, even for a page whose code starts at once (a purchase
 * step): a request started before the page's largest paint delays it (issue 33, figure 5); its
 * code asks once the page has painted (route-hints.ts `whenToStart`).
 */
function documentRest({ shell, area, remote, language }) {
  const island = area?.island ?? 'load';
  const scripts = (area?.scripts ?? [])
    .map((file) => `<script id="frame-fill" src="${escapeHtml(new URL(file, area.publicPath).href)}" async crossorigin="anonymous"></script>`)
    .join('');
  const container = remote ? `<div id="remote-${remote}" data-island="${island}" data-language="${language}">${area?.html ?? ''}</div>` : '';
  return (
    `${scripts}${area ? styleTag(area.css) : ''}<main id="main" tabindex="-1"><div id="shell-main"></div><div id="remotes">${container}</div></main>` +
    `<div id="shell-footer"><div data-static-footer="">${shell.footer.html}</div></div>` +
    (area && Object.keys(area.data).length ? jsonScript('page-data', area.data) : '') +
    `<noscript>Rumbo Andino necesita JavaScript para vender pasajes. / Rumbo Andino needs JavaScript to sell tickets.</noscript></body></html>`
  );
}
