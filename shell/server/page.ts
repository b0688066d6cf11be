/**
 * A page, per request: the reader (their language, their session: `PAINT`'s cookies), the shell's
 * render (status, head, header) sent at once, the area when rendered, streamed and compressed as
 * it goes; a whole page the same for every reader (any but a signed-in reader's own, Mi cuenta)
 * kept compressed per encoding and sent from there to every reader, signed in or not.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, PAINT, type Language, type RenderInput } from '@rumbo/shared/paint';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { AreaRenderer, RenderedArea } from './areas';
import { CACHE_SECONDS, RenderCache, StoredPage, type Encoding } from './cache';
import { pageRest, pageStart } from '../src/document';
import type { FirstScript, Registry, VersionFolder } from './files';

/** What the server keeps of a request on its raw message (the CSP hook reads them). */
export interface PageRequestState {
  cspNonce?: string;
  scriptHashes?: string[];
}
export const stateOf = (request: FastifyRequest) => request.raw as typeof request.raw & PageRequestState;

function parseCookies(header = ''): Record<string, string> {
  const cookies: Record<string, string> = {};
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
export function normalisedQuery(search: string): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(search)) if (name && !(name in query)) query[name] = value;
  return Object.fromEntries(Object.entries(query).sort(([a], [b]) => (a < b ? -1 : 1)));
}

const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/**
 * The reader: the language of the installed app's start URL (`?idioma=`, as the browser reads it,
 * i18n.ts `startLanguage`), else of their cookie, else the site's; and their session, if any.
 */
function readerOf(address: URL, cookieHeader: string | undefined, product: string): { language: Language; token: string | undefined } {
  const cookies = parseCookies(cookieHeader);
  const language = [address.searchParams.get('idioma'), cookies[PAINT.languageCookie(product)]].find(isLanguage) ?? DEFAULT_LANGUAGE;
  return { language, token: cookies[PAINT.tokenCookie] || undefined };
}

/** The page's encoding for this request: brotli or gzip as the browser accepts, else as is (undefined). */
function pageEncoding(request: FastifyRequest): Exclude<Encoding, 'identity'> | undefined {
  const accepted = String(request.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim().split(/\s*;\s*q=/))
    .filter(([, q]) => q === undefined || Number(q) > 0)
    .map(([name]) => name!.toLowerCase());
  const accepts = (name: string) => accepted.includes(name);
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : undefined;
}

/**
 * A page's body as sent: compressed here (not by @fastify/compress, whose stream holds its output
 * until it has enough), each chunk flushed as it is written, so the head and the header reach the
 * browser before the area is rendered.
 */
function streamed(request: FastifyRequest, reply: FastifyReply, body: PassThrough): Readable {
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

export interface PageSources {
  areas: AreaRenderer;
  registry: () => Registry;
  siteConfig: () => Partial<RenderInput['config']>;
  shellFolder: () => VersionFolder;
  firstScript: (folder: string) => FirstScript;
  /** The `Link` header's preconnects (the CDN's origins and the API's). */
  preconnect: string;
}

/** The handler of every address that is not a file: its page. */
export function pageHandler({ areas, registry, siteConfig, shellFolder, firstScript, preconnect }: PageSources) {
  /** Whole pages the same for every reader, compressed per encoding once asked in it (`StoredPage`), by everything they were made from. */
  const pages = new RenderCache<StoredPage>();

  /** A cached page, in the encoding this reader accepts: as it was compressed once, with its length. */
  async function sendStored(request: FastifyRequest, reply: FastifyReply, stored: StoredPage) {
    const encoding = pageEncoding(request);
    const bytes = await stored.body(encoding ?? 'identity');
    reply
      .code(stored.status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', `public, max-age=0, s-maxage=${CACHE_SECONDS}`)
      .header('Link', preconnect)
      .header('Vary', 'Cookie, Accept-Encoding');
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.header('Content-Length', bytes.length).send(bytes);
  }

  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(404).send();
    const address = new URL(request.url, 'http://site');
    let pathname: string;
    try {
      pathname = decodeURIComponent(address.pathname);
    } catch {
      return reply.code(400).send();
    }
    const config = siteConfig();
    const { language, token } = readerOf(address, request.headers.cookie, config.product ?? 'rumbo');
    const state = stateOf(request);
    const query = normalisedQuery(address.search);
    // Every reader's page is made from this, the same for all of them in a language: a signed-in
    // reader's differs only on a page of their own (Mi cuenta), below. Made without a nonce (one
    // response's value), so it may be kept: React writes no inline script anyway (every boundary in
    // place, @rumbo/shared/server).
    const shared = { path: pathname, query, language, config } as RenderInput;

    let shell;
    let first: FirstScript;
    let pageKey: string;
    try {
      first = firstScript(shellFolder().folder);
      state.scriptHashes = [first.hash];
      // A whole page the same for every reader, as each encoding sends it: by the shell's version
      // and first script, every pointer (as the area's key), the address and the language. Only such
      // a page is ever kept (`personal: false`, below), so whoever asks it, signed in or not, is
      // sent these bytes: no render, each encoding compressed once, nothing of theirs in it.
      pageKey = `${shellFolder().folder}|${first.hash}|${JSON.stringify(registry())}|${pathname}|${JSON.stringify(query)}|${language}`;
      const stored = pages.get(pageKey);
      if (stored) return sendStored(request, reply, stored);
      shell = await areas.shell(shared, true);
      // A page of the reader's own (the shell's route table says `personal`; a shell version that
      // does not say: any page) is rendered for a signed-in reader: their profile asked once, for
      // the area (`user` → `RenderInput.profile`), or to sign in first.
      if (token && shell.personal !== false) shell = await areas.shell({ ...shared, session: { token }, nonce: state.cspNonce }, false);
    } catch (error) {
      // No shell renderer (not built), one that failed, or no first script: the page as the browser draws it.
      console.error(`shell render of ${pathname}: ${(error as Error).message}`);
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', shellFolder().folder);
    }
    // A page for signed-in customers asked without a session the API takes: to sign in, before any byte.
    if (shell.redirect) return reply.code(303).header('Location', shell.redirect).header('Cache-Control', 'private, no-store').send();
    // Rendered for this reader: never kept, never in a shared cache, its inline scripts (none
    // today) under this response's nonce.
    const own = Boolean(token) && shell.personal !== false;
    // The status is the route table's (the shell's), decided before the first byte: an address no
    // route owns is a 404; a remote's area can no longer change it once the header is on its way.
    reply
      .code(shell.status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', own ? 'private, no-store' : `public, max-age=0, s-maxage=${CACHE_SECONDS}`)
      .header('Link', preconnect);
    // A shared cache keeps one copy per language (a cookie) and encoding (`streamed`).
    const body = new PassThrough();
    reply.send(streamed(request, reply, body));
    // The head and the header at once; the area (its loaders, its render) is on its way meanwhile.
    const start = pageStart({ shell, language, firstScript: first.text });
    body.write(start);
    let rendered: RenderedArea = { area: undefined, kept: false };
    try {
      // A page of the reader's own (Mi cuenta) is rendered for them, given the profile the shell's
      // renderer asked (once per page). Any other page's area is the same for every reader in a
      // language (its renderer signs no session in, its loaders ask public data): from the cache.
      if (shell.remote) {
        rendered = own
          ? await areas.area(shell.remote, { ...shared, session: { token: token! }, nonce: state.cspNonce, ...(shell.user ? { profile: shell.user } : {}) }, false)
          : await areas.area(shell.remote, shared, true);
      }
    } finally {
      const rest = pageRest({ shell, area: rendered.area, remote: shell.remote, language });
      body.end(rest);
      // A whole page the same for every reader is kept (a 404, a skeleton or a failed part is not),
      // each encoding compressed once when first asked in it (`StoredPage`). Never a page of
      // anyone's own, nor one a shell does not say is not.
      if (!own && shell.personal === false && rendered.kept && !pages.get(pageKey)) pages.set(pageKey, new StoredPage(shell.status, start + rest));
    }
    return reply;
  };
}
