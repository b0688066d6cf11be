/**
 * A version's renderer (`@rumbo/shared/server`; never in a browser bundle): what each remote's and
 * the shell's build emit into their immutable version folder as `renderer.cjs`
 * (webpack.federation.mjs `createRendererConfig`), and the site server calls per request
 * (shell/server/site-server.ts) with the `RenderInput` of `./paint`. It runs the route's loader
 * (the API's answer the page hydrates from), renders the same tree the browser hydrates
 * (`RemoteRoot`), in the reader's language, with the critical CSS of what it rendered.
 *
 * Renders interleave: each has its own scope (`RenderScope`: address, data, language, session,
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
import * as v from 'valibot';
import type { ServerAnswer } from './page-data';
import { NAMED_PARTS, type IslandDirective, type NamedPart, PartInput, type PartPlace, type RemoteRenderer, type RenderInput, type RenderOptions, type RenderResult } from './paint';
import { readRenderScopeWith, type RenderScope } from './render-scope';
import { customerFromUserData, type StoredSession, type UserData } from './session.store';

/** The key of Emotion's default cache in the browser: it adopts these styles instead of adding them again. */
const EMOTION_KEY = 'css';

/** How long a loader waits for the API: past it, the page renders without that answer (its skeleton). */
export const LOADER_BUDGET_MS = 1500;

/** What a route's loader gets. */
export interface LoaderContext {
  path: string;
  params: Record<string, string>;
  query: Record<string, string>;
  language: Language;
  config: RuntimeConfig;
  session?: { token: string };
  /** The signed-in reader's profile the shell's renderer already asked (`RenderInput.profile`), if given: not to be asked again. */
  profile?: UserData;
  /** `path` of the site's API (GET, or POST with `body`, `{}` unless given) in the reader's language and with their token; its `data`, or undefined. */
  get(path: string, method?: 'GET' | 'POST', body?: Record<string, unknown>): Promise<unknown>;
}

/** A remote's route as its renderer knows it: the page's data loader and its island directive. */
export interface RendererRoute {
  /**
   * A path; a `:name` segment matches one segment; a last segment `*` matches the path above it and
   * every path below (as the remote's router's `/micuenta/*`).
   */
  path: string;
  /** The data the page hydrates from, by key (a loader that fails leaves it out: the page's skeleton). */
  load?: (context: LoaderContext) => Promise<Record<string, unknown>>;
  /** When its code starts; `intent` unless said. */
  island?: IslandDirective;
  /** Scripts of this version's folder the page loads before its code (`RenderResult.scripts`). */
  scripts?: string[];
  /**
   * A page of a signed-in customer's own (Mi cuenta): rendered signed in as the customer its data
   * names (the loader asked the API with the reader's token), so it hydrates what the customer's
   * browser renders. Without it, a remote's page renders as for any reader (signed out).
   */
  customer?: (data: Record<string, unknown>) => UserData | undefined;
  /**
   * Rendered for its addresses with a query too (a purchase step's frame, `/login?pathname=`).
   * Otherwise an address with a query (a mailed link's token, `/promociones?confirmar=`) shows
   * something the page reads from the query in the browser: the browser renders it.
   */
  query?: boolean;
}

export interface RendererOptions {
  texts: readonly PackageTexts[];
  /** The tree of a route (the remote's `RemoteRoot`, whose router reads `currentPathname`). */
  page: (path: string) => ReactNode;
  routes: readonly RendererRoute[];
  /** The named parts this remote renders for other remotes' pages (`NAMED_PARTS`). */
  parts?: Partial<Record<NamedPart, { render: (props: Record<string, string>) => ReactNode; load?: RendererRoute['load'] }>>;
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

/** Renders `tree` with `data` for `input` in a scope of its own: its markup, critical CSS and named parts. */
async function renderTree(tree: ReactNode, { path, query = {}, language, nonce, session = null }: TreeInput, data: Record<string, unknown>) {
  const search = new URLSearchParams(query).toString();
  const id = (renderId += 1);
  // The named parts asked for while rendering (`namedPartMarkup`), in order, each with its marker.
  const asked: { name: NamedPart; props: Record<string, string>; marker: string }[] = [];
  const scope: RenderScope = {
    pathname: path,
    search: search ? `?${search}` : '',
    data,
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

/**
 * A loader's answer of a GET call (`key`, the call's path) checked with its `schema`, under that
 * key with the language it was asked in, as the page reads it (`serverAnswer`); nothing when
 * the API does not give it (the page's skeleton).
 */
export async function answerOf(context: LoaderContext, key: string, schema: v.GenericSchema): Promise<Record<string, unknown>> {
  const checked = v.safeParse(schema, await context.get(key));
  if (!checked.success) return {};
  const fromServer: ServerAnswer<unknown> = { language: context.language, answer: checked.output };
  return { [key]: fromServer };
}

/** A loader's data, or none when the API is down, slow or answers something else: the page's skeleton. */
async function loaded(load: RendererRoute['load'], context: LoaderContext): Promise<Record<string, unknown>> {
  if (!load) return {};
  try {
    return await load(context);
  } catch {
    return {};
  }
}

/** A remote version's renderer (`RemoteRenderer`), from its routes, their loaders and its page. */
export function createRenderer(options: RendererOptions): RemoteRenderer {
  texts = options.texts;
  return {
    async render(input: RenderInput, { signal }: RenderOptions = {}): Promise<RenderResult> {
      await prepare(input.config);
      const found = options.routes.map((route) => ({ route, params: matchPath(route.path, input.path) })).find((entry) => entry.params);
      // A route this renderer does not paint (or not with a query): the browser renders it, its code at once.
      if (!found || (Object.keys(input.query).length > 0 && !found.route.query)) return { status: 200, head: {}, html: '', css: { text: '', ids: [] }, data: {}, island: 'load' };
      const data = await loaded(found.route.load, loaderContext(input, found.params!, signal));
      stillAwaited(signal);
      // Signed in only on a page of the customer's own, as the customer its data names.
      const customer = input.session && found.route.customer?.(data);
      const session = sessionOf(customer ? input.session?.token : undefined, customer || undefined);
      const rendered = await renderTree(options.page(input.path), { ...input, session }, data);
      return { status: 200, head: {}, ...rendered, data, island: found.route.island ?? 'intent', scripts: found.route.scripts };
    },
    async renderPart(input: PartInput, { signal }: RenderOptions = {}): Promise<RenderResult> {
      const part = options.parts?.[input.name];
      if (!part) throw new Error(`no part ${input.name}`);
      await prepare(input.config);
      const data = await loaded(part.load, loaderContext({ ...input, path: '/', query: {} }, input.props, signal));
      stillAwaited(signal);
      const rendered = await renderTree(part.render(input.props), { path: '/', language: input.language, nonce: input.nonce }, data);
      return { status: 200, head: {}, ...rendered, data };
    },
  };
}

/** Renders `tree` as `createRenderer` does, for the shell's own renderer (header, footer), signed in as `user` with the input's session. */
export async function renderShellTree(tree: ReactNode, input: RenderInput & { user?: UserData; texts: readonly PackageTexts[] }) {
  texts = input.texts;
  await prepare(input.config);
  return renderTree(tree, { ...input, session: sessionOf(input.session?.token, input.user) }, {});
}
