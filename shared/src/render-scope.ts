/**
 * What a page's first screen is rendered for, which a browser reads from its page and a server
 * render is given: the address, the language, the signed-in session the page shows, and where
 * another remote's named part goes. (The route's loader value is not here: the page reads it
 * from React context, `useRouteData`.)
 *
 * In the browser there is no scope: each reader (`currentPathname`, `namedPartMarkup`,
 * `session`, `currentLanguage`) reads the page itself. In Node, each render of a
 * renderer (`@rumbo/shared/server`) has its own scope, found by whatever runs inside that render
 * (a component, a store it makes, a hook) through `renderScope`, so renders that wait (loaders,
 * lazy screens, texts) interleave in one renderer without one reading another's address,
 * language or customer. The same readers serve both sides: the page hydrates what was rendered.
 */
import type { Language } from './schemas';
import type { StoredSession } from './session.store';

export interface RenderScope {
  /** The address rendered: its path, and its query (`?…`, empty for none) for a route rendered with it. */
  pathname: string;
  search: string;
  language: Language;
  /** The session the page shows (the header, Mi cuenta), or none: signed out. */
  session: StoredSession | null;
  /** What is rendered in a named part's container: the marker of its place (see `namedPartMarkup`). */
  part(name: string, props: Record<string, string>): string;
}

let scopeReader: () => RenderScope | undefined = () => undefined;

/** How Node finds the scope of the render in progress (set once by `@rumbo/shared/server`). */
export function readRenderScopeWith(reader: () => RenderScope | undefined): void {
  scopeReader = reader;
}

/** The scope of the server render in progress; in a browser (or outside a render), none. */
export function renderScope(): RenderScope | undefined {
  return typeof window === 'undefined' ? scopeReader() : undefined;
}
