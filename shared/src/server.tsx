/**
 * A version's renderer (`@rumbo/shared/server`; never in a browser bundle): what each remote's and
 * the shell's build emit into their immutable version folder as `renderer.cjs`
 * (webpack.federation.mjs `createRendererConfig`), and the site server calls per request
 * (shell/server/site-server.ts) with the `RenderInput` of `./paint`. It runs the route's loader
 * (the API's answer the page hydrates from), renders the same tree the browser hydrates
 * (`RemoteRoot`, the page reading the loader's value with `useRouteData`), in the reader's
 * language, with the critical CSS of what it rendered.
 *
 * Renders interleave: each has its own scope (`RenderScope`: address, language, session,
 * named parts), which whatever runs inside it reads through `renderScope` (an
 * `AsyncLocalStorage`, so across the render's waits too), and its language's i18next instance
 * in its tree. Nothing of a render is module state.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { configure, type RuntimeConfig } from './config';
import { i18n, initI18n, registerTexts, type Language, type PackageTexts } from './i18n';
import { NAMED_PARTS, PAINT, type NamedPart, PartInput, type PartPlace, type RemoteRenderer, type RenderInput, type RenderOptions, type RenderResult } from './paint';
import { readRenderScopeWith, type RenderScope } from './render-scope';
import type { LoaderContext, RouteRow } from './route-data';
import { customerFromUserData, type StoredSession, type UserData } from './session.store';

/** The key of Emotion's default cache in the browser: it adopts these styles instead of adding them again. */
const EMOTION_KEY = 'css';

/** How long a loader waits for the API: past it, the page renders without that answer (its skeleton). */
export const LOADER_BUDGET_MS = 1500;

export { answerOf, type LoaderContext, type RouteRow } from './route-data';

export interface RendererOptions {
  texts: readonly PackageTexts[];
  /** The remote's routes (its `routes.tsx`, which its browser router is built from too). */
  rows: readonly RouteRow[];
  /** The tree of a route, rendered with its loader's value (the remote's `RemoteRoot`, whose router reads `currentPathname`). */
  root: (data: unknown) => ReactNode;
  /** The named parts this remote renders for other remotes' pages (`NAMED_PARTS`), each with its loader's value. */
  parts?: Partial<Record<NamedPart, { render: (props: Record<string, string>, data: unknown) => ReactNode; load?: RouteRow['load'] }>>;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** The params of `pattern` in `path` (`*`: what a last `*` matched), or undefined when it does not match. */
export function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const want = segmentsOf(pattern);
  const have = segmentsOf(path);
  if (want.at(-1) === '*') {
    const above = want.slice(0, -1);
    const params = matchPath(above.join('/'), have.slice(0, above.length).join('/'));
    return params && have.length >= above.length ? { ...params, '*': have.slice(above.length).join('/') } : undefined;
  }
  if (want.length !== have.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, segment] of want.entries()) {
    const value = have[i]!;
    if (segment.startsWith(':')) params[segment.slice(1)] = value;
    else if (segment !== value) return undefined;
  }
  return params;
}

/** The scope of the render in progress, across its waits: what `renderScope` answers in a render. */
const scopes = new AsyncLocalStorage<RenderScope>();
readRenderScopeWith(() => scopes.getStore());

let texts: readonly PackageTexts[] = [];
let prepared: Promise<void> | undefined;
function prepare(config: RuntimeConfig): Promise<void> {
  configure(config);
  prepared ??= (async () => {
    initI18n(config.product);
    await Promise.all(texts.map(registerTexts));
  })();
  return prepared;
}

/**
 * The texts a render in `language` reads: an i18next instance per language, made once from the
 * site's (`cloneInstance`: the same texts, its own language, never switched) and given to each
 * render's tree (`I18nextProvider`, where `useTranslation` finds it).
 */
const translations = new Map<Language, Promise<I18n>>();
function translationsIn(language: Language): Promise<I18n> {
  let made = translations.get(language);
  if (!made) {
    const instance = i18n.cloneInstance({ lng: language });
    made = instance.changeLanguage(language).then(() => instance);
    translations.set(language, made);
  }
  return made;
}

/** Tells the markers of named parts of different renders apart. */
let renderId = 0;

/** The session a render shows: signed in with `token` (as `user`, when known), or signed out. */
function sessionOf(token: string | undefined, user: UserData | undefined): StoredSession | null {
  return token ? { token, customer: user ? customerFromUserData(user) : null, expiresAt: Date.now() + 60_000 } : null;
}

async function toMarkup(tree: ReactNode, nonce: string | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
        done();
      },
      final(done) {
        resolve(text);
        done();
      },
    });
    const errors: unknown[] = [];
    const stream = renderToPipeableStream(tree, {
      nonce,
      // Every boundary complete and in place (`onAllReady`), however large: React would otherwise
      // send a large one hidden, behind its fallback, with an inline script to reveal it, so a
      // reader without JavaScript (or a crawler) would see skeletons, and a cached render would
      // hold a script under one response's nonce (docs/first-paint.md, "Caching").
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => (errors.length ? reject(errors[0]) : stream.pipe(sink)),
      onShellError: reject,
      onError: (error) => void errors.push(error),
    });
  });
}

/** What a tree is rendered for: its address and query, language, nonce and the session it shows. */
interface TreeInput {
  path: string;
  query?: Record<string, string>;
  language: Language;
  nonce?: string;
  session?: StoredSession | null;
}

/** Renders `tree` for `input` in a scope of its own: its markup, critical CSS and named parts. */
async function renderTree(tree: ReactNode, { path, query = {}, language, nonce, session = null }: TreeInput) {
  const search = new URLSearchParams(query).toString();
  const id = (renderId += 1);
  // The named parts asked for while rendering (`namedPartMarkup`), in order, each with its marker.
  const asked: { name: NamedPart; props: Record<string, string>; marker: string }[] = [];
  const scope: RenderScope = {
    pathname: path,
    search: search ? `?${search}` : '',
    language,
    session,
    part(name, props) {
      if (!(name in NAMED_PARTS)) return '';
      const marker = `<!--part:${id}:${asked.length}-->`;
      asked.push({ name: name as NamedPart, props, marker });
      return marker;
    },
  };
  const cache = createCache({ key: EMOTION_KEY });
  // Styles are collected in the cache (for `extractCritical`) instead of inlined next to elements.
  cache.compat = true;
  const inLanguage = await translationsIn(language);
  const markup = await scopes.run(scope, () =>
    toMarkup(
      <I18nextProvider i18n={inLanguage}>
        <CacheProvider value={cache}>{tree}</CacheProvider>
      </I18nextProvider>,
      nonce,
    ),
  );
  const { html: marked, css, ids } = createEmotionServer(cache).extractCritical(markup);
  // Each named part's marker becomes its place in the markup (no markup is rewritten).
  let html = '';
  let from = 0;
  const parts: PartPlace[] = [];
  for (const part of asked) {
    const at = marked.indexOf(part.marker, from);
    if (at < 0) continue;
    html += marked.slice(from, at);
    parts.push({ name: part.name, props: part.props, at: html.length });
    from = at + part.marker.length;
  }
  html += marked.slice(from);
  return { html, css: { text: css, ids }, parts };
}

/**
 * A render its caller has given up (past its budget, `RenderOptions.signal`) is not rendered: under
 * load, the CPU goes to the renders still awaited, not to answers no one will read.
 */
function stillAwaited(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new Error('its caller has given up (past its budget)');
}

/** The loader's context: its API calls go to the site's API, in the reader's language, within the budget (and not past its caller's). */
function loaderContext(input: Omit<RenderInput, 'path' | 'query'> & { path: string; query: Record<string, string> }, params: Record<string, string>, signal?: AbortSignal): LoaderContext {
  const base = input.config.apiBaseUrl.replace(/\/+$/, '');
  return {
    path: input.path,
    params,
    query: input.query,
    language: input.language,
    config: input.config,
    session: input.session,
    profile: input.session ? input.profile : undefined,
    async get(path, method = 'GET', body = {}) {
      const response = await fetch(`${base}${path}`, {
        method,
        body: method === 'GET' ? undefined : JSON.stringify(body),
        headers: {
          Accept: 'application/json',
          ...(method === 'GET' ? {} : { 'Content-Type': 'application/json' }),
          'Accept-Language': input.language,
          ...(input.session ? { Authorization: `Bearer ${input.session.token}` } : {}),
        },
        signal: signal ? AbortSignal.any([AbortSignal.timeout(LOADER_BUDGET_MS), signal]) : AbortSignal.timeout(LOADER_BUDGET_MS),
      });
      if (!response.ok) return undefined;
      // The API's envelope (as `@rumbo/shared`'s client reads it).
      return ((await response.json()) as { data?: unknown })?.data;
    },
  };
}

/** A loader's value, or none when the API is down, slow or answers something else: the page's skeleton. */
async function loaded(source: Pick<RouteRow, 'load'>, context: LoaderContext): Promise<unknown> {
  try {
    return await source.load?.(context);
  } catch {
    return undefined;
  }
}

/** The page's data (`PAINT.data`) with `value` under `key`: none for none. */
const dataWith = (key: string, value: unknown): Record<string, unknown> => (value === undefined ? {} : { [key]: value });

/** A remote version's renderer (`RemoteRenderer`), from its rows: each one's loader and page. */
export function createRenderer(options: RendererOptions): RemoteRenderer {
  texts = options.texts;
  return {
    async render(input: RenderInput, { signal }: RenderOptions = {}): Promise<RenderResult> {
      await prepare(input.config);
      const found = options.rows.map((row) => ({ row, params: matchPath(row.path, input.path) })).find((entry) => entry.params);
      // A route this renderer does not paint (or not with a query): the browser renders it, its code at once.
      if (!found || (Object.keys(input.query).length > 0 && !found.row.query)) return { status: 200, head: {}, html: '', css: { text: '', ids: [] }, data: {}, island: 'load' };
      const value = await loaded(found.row, loaderContext(input, found.params!, signal));
      stillAwaited(signal);
      // Signed in only on a page of the customer's own, as the customer its value names.
      const customer = input.session && value !== undefined ? found.row.customer?.(value) : undefined;
      const session = sessionOf(customer ? input.session?.token : undefined, customer);
      const rendered = await renderTree(options.root(value), { ...input, session });
      return { status: 200, head: {}, ...rendered, data: dataWith(PAINT.routeData, value), island: found.row.island ?? 'intent', scripts: found.row.scripts };
    },
    async renderPart(input: PartInput, { signal }: RenderOptions = {}): Promise<RenderResult> {
      const part = options.parts?.[input.name];
      if (!part) throw new Error(`no part ${input.name}`);
      await prepare(input.config);
      const value = await loaded(part, loaderContext({ ...input, path: '/', query: {} }, input.props, signal));
      stillAwaited(signal);
      const rendered = await renderTree(part.render(input.props, value), { path: '/', language: input.language, nonce: input.nonce });
      return { status: 200, head: {}, ...rendered, data: dataWith(PAINT.partData(input.name), value) };
    },
  };
}

/** Renders `tree` as `createRenderer` does, for the shell's own renderer (header, footer), signed in as `user` with the input's session. */
export async function renderShellTree(tree: ReactNode, input: RenderInput & { user?: UserData; texts: readonly PackageTexts[] }) {
  texts = input.texts;
  await prepare(input.config);
  return renderTree(tree, { ...input, session: sessionOf(input.session?.token, input.user) });
}
