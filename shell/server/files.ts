/**
 * The site's files: its runtime files (`config.json`, `remotes.json`, in the site's folder), the
 * shell version's files (the folder its registry key `shell` points at), the versions' folders a
 * renderer is loaded from, and the shell's first script, sent inline in every page.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { INLINE_SCRIPT_BREAKERS, isPublicFile } from '../scripts/security-headers.mjs';

/** The registry: app → its version (the shell) or its manifest's address (a remote). */
export type Registry = Record<string, unknown>;

/** A version's folder, and the address it is served at. */
export interface VersionFolder {
  folder: string;
  publicPath: string;
  version?: string;
}

function readJsonFile(file: string): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** A file's JSON, read again only when it changed. */
export function watchedJson<T extends object = Record<string, unknown>>(file: string): () => T {
  let seen = { mtimeMs: -1, value: {} as T };
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return {} as T;
    }
    if (mtimeMs !== seen.mtimeMs) seen = { mtimeMs, value: readJsonFile(file) as T };
    return seen.value;
  };
}

/** A registry's version: a plain folder name. */
const plainVersion = (version: unknown): version is string => typeof version === 'string' && /^[\w.-]+$/.test(version) && !version.startsWith('.');

/**
 * The published folder of a registry entry (`<origin>/<version>/mf-manifest.json`): only when its
 * origin is one the site allows (a registry pointing elsewhere gets no server render), and its
 * version a plain folder name; with the address it is served at.
 */
export function versionFolder(cdnDir: string, remote: string, manifestUrl: unknown, allowed: readonly string[]): VersionFolder | undefined {
  let url: URL;
  try {
    url = new URL(String(manifestUrl));
  } catch {
    return undefined;
  }
  if (!allowed.includes(url.origin)) return undefined;
  const version = url.pathname.split('/').at(-2);
  if (!plainVersion(version)) return undefined;
  const folder = path.join(cdnDir, remote, version);
  return existsSync(folder) ? { folder, version, publicPath: new URL('.', url).href } : undefined;
}

/** The shell version's folder the registry points at (else the site's folder, as installed). */
export function shellFolderOf(registry: Registry, root: string, cdnDir: string): VersionFolder {
  const version = registry.shell;
  const folder = plainVersion(version) ? path.join(cdnDir, 'shell', version) : undefined;
  return folder && existsSync(folder) ? { folder, publicPath: '/' } : { folder: root, publicPath: '/' };
}

/** The file a request's path names in `folder`, if it is one the site serves (never a renderer). */
function fileIn(folder: string, pathname: string): string | undefined {
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
}

type Handler = (request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * Serves the site's files; any other address is `page`'s. The shell's files come from the version
 * its registry key (`shell`) points at (deploy.mjs `point shell <version>`); the site's runtime
 * files from `root`.
 */
export async function serveFiles(app: FastifyInstance, { root, shellFolder, page }: { root: string; shellFolder: () => VersionFolder; page: Handler }): Promise<Handler> {
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
  return (request, reply) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url, 'http://site').pathname);
    } catch {
      return reply.code(400).send();
    }
    const runtime = pathname === '/config.json' || pathname === '/remotes.json';
    const folder = runtime ? root : shellFolder().folder;
    const file = fileIn(folder, pathname);
    if (file) return reply.sendFile(file, folder);
    return page(request, reply);
  };
}

/** The shell's first script (route-hints.entry.ts), run inline by every page: see `firstScriptReader`. */
const FIRST_SCRIPT = 'route-hints.js';

/** The first script's text, and its hash (base64 SHA-256). */
export interface FirstScript {
  text: string;
  hash: string;
}

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
export function firstScriptReader(): (folder: string) => FirstScript {
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
