/**
 * A remote's routes as one typed list of rows, read by its server renderer (`createRenderer`,
 * `@rumbo/shared/server`) and by its browser router (`routedByRows`, ./url-router.tsx) alike:
 * a row names its path, its page, the loader whose value the page is rendered with, and when the
 * page's code starts. The page reads that value with `useRouteData<T>()`, from React context:
 * on the server the loader's value, in the browser the same value as the page's data carries it
 * (`PAINT.data`), so hydration renders what the server rendered. Nothing of it is module state.
 */
import { createContext, useContext, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import * as v from 'valibot';
import type { RuntimeConfig } from './config';
import { currentPathname, currentSearch } from './location';
import { PAINT, type IslandDirective } from './paint';
import type { Language } from './schemas/language';
import type { UserData } from './schemas/account.answers';

/** What a route's loader gets (on the server, per render). */
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

/**
 * A route of a remote: its path, its page, and what the page's first screen is rendered with.
 * `D` is the loader's value, which the page reads with `useRouteData<D>()`.
 */
export interface RouteRow<D = unknown> {
  /**
   * A path; a `:name` segment matches one segment; a last segment `*` matches the path above it
   * and every path below (`/micuenta/*`). The server (`matchPath`) and the browser's router
   * match a row at the same addresses.
   */
  path: string;
  /** The page at this path, the same component on the server and in the browser. */
  page: ComponentType;
  /** The value the page's first screen is rendered with (a loader that fails or answers undefined: the page's skeleton). */
  load?(context: LoaderContext): Promise<D | undefined>;
  /** When its code starts; `intent` unless said. */
  island?: IslandDirective;
  /** Scripts of this version's folder the page loads before its code (`RenderResult.scripts`). */
  scripts?: string[];
  /**
   * A page of a signed-in customer's own (Mi cuenta): rendered signed in as the customer its
   * value names (the loader asked the API with the reader's token), so it hydrates what the
   * customer's browser renders. Without it, a page renders as for any reader (signed out).
   */
  customer?(data: D): UserData | undefined;
  /**
   * Rendered for its addresses with a query too (a purchase step's frame, `/login?pathname=`).
   * Otherwise an address with a query (a mailed link's token, `/promociones?confirmar=`) shows
   * something the page reads from the query in the browser: the browser renders it.
   */
  query?: boolean;
}

/** The value of the route the screen shows, while it shows the first address it was rendered for. */
const RouteDataContext = createContext<unknown>(undefined);

/** The loader's value the page was rendered with (its row's `load`), or undefined: none, or the reader has moved on since. */
export function useRouteData<T>(): T | undefined {
  return useContext(RouteDataContext) as T | undefined;
}

const onNavigation = (changed: () => void) => {
  window.addEventListener('popstate', changed);
  return () => window.removeEventListener('popstate', changed);
};
const address = () => currentPathname() + currentSearch();

/**
 * Gives its screen `value`, the data of the address it was first rendered at, until the reader
 * moves to another address (single-spa announces every navigation as a popstate event, as
 * react-router reads it): from then on each page loads its own, as it does when the browser
 * renders it without a server's render first.
 */
export function RouteDataProvider({ value, children }: { value: unknown; children: ReactNode }) {
  const at = useSyncExternalStore(onNavigation, address, address);
  const [first] = useState(at);
  const [moved, setMoved] = useState(false);
  const away = moved || at !== first;
  if (away && !moved) setMoved(true);
  return <RouteDataContext.Provider value={away ? undefined : value}>{children}</RouteDataContext.Provider>;
}

/**
 * What the server rendered `container` with, as the page's data carries it (`PAINT.data`): a
 * named part's container (`PAINT.part`) its part's value, else the route's. Read when the code
 * mounts on the server's markup, for that mount only.
 */
export function renderedData(container: Element | undefined): unknown {
  const text = container?.ownerDocument.getElementById(PAINT.data)?.textContent;
  if (!text) return undefined;
  try {
    const data = JSON.parse(text) as Record<string, unknown> | null;
    const part = container?.getAttribute(PAINT.part);
    return data?.[part ? PAINT.partData(part) : PAINT.routeData];
  } catch {
    // A page without valid data renders as one without data.
    return undefined;
  }
}

/** An API answer as a loader asked it (`answerOf`, `@rumbo/shared/server`): the answer and the language it was asked in. */
export interface ServerAnswer<T> {
  language: string;
  answer: T;
}

/** The answer in `served` when it was asked in `language`; else undefined (a reader now in another language asks anew). */
export function answerIn<T>(served: ServerAnswer<T> | undefined, language: string): T | undefined {
  return served?.language === language ? served.answer : undefined;
}

/**
 * A loader's GET call (`path`) checked with its answer's `schema`, with the language it was asked
 * in, as the page reads it (`answerIn`); undefined when the API does not give it, in time or at
 * all (that part's skeleton): a loader of several calls keeps the answers that came.
 */
export async function answerOf<S extends v.GenericSchema>(context: LoaderContext, path: string, schema: S): Promise<ServerAnswer<v.InferOutput<S>> | undefined> {
  const answer = await context.get(path).catch(() => undefined);
  const checked = v.safeParse(schema, answer);
  return checked.success ? { language: context.language, answer: checked.output } : undefined;
}
