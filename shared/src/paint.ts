/**
 * The first-paint protocol, typed once for its producer (each remote's and the shell's renderer,
 * built into their immutable version folders) and its caller (the site server,
 * shell/server), and every name the server's HTML and the browser share (`PAINT`).
 * Nothing else crosses from server to browser: a name not declared here is not part of it.
 *
 * A remote version's renderer (`renderer.cjs` in its folder) exports `render` (and, when it owns
 * named parts other remotes' pages hold, `renderPart`). The site server calls it per request in
 * the reader's language and state, puts the shell's header and footer around it and streams it;
 * the browser hydrates the same components from the same `data`.
 */
import type { RuntimeConfig } from './config';
import type { Language } from './schemas/language';
import type { UserData } from './schemas/account.answers';

/** What a renderer is asked to render. */
export interface RenderInput {
  /** The address's path (`/destinos/cusco`). */
  path: string;
  /** Its query, one value a name (the server normalises it: sorted, empty names dropped). */
  query: Record<string, string>;
  /** The reader's language: `PAINT.languageCookie`, else the site's default. */
  language: Language;
  /** A signed-in reader's bearer token (the spec's `token` cookie), on a page of their own only; never in a shared cache. */
  session?: { token: string };
  /** The site's runtime config (`config.json`), as the browser gets it. */
  config: RuntimeConfig;
  /** This response's CSP nonce, for any inline script React writes (a signed-in reader's render only: never cached). */
  nonce?: string;
  /**
   * A signed-in reader's profile as the shell's renderer asked it with their token (`ShellResult.user`),
   * given to the area's render so a page of the customer's own does not ask it again.
   */
  profile?: UserData;
}

/** The title and description of a page (the shell's, by route). */
export interface RenderedHead {
  title?: string;
  description?: string;
}

/**
 * A place in `html` another remote's named part goes (the home page's trip search): `at` is its
 * offset in `html`, `name` one of `NAMED_PARTS`, `props` what the host renders it with.
 */
export interface PartPlace {
  name: NamedPart;
  props: Record<string, string>;
  at: number;
}

/** What a renderer answers. */
export interface RenderResult {
  /** 200, or 404 for an address its routes do not know. */
  status: number;
  head: RenderedHead;
  /** The markup of its area (the remote's container's content; for the shell, see `ShellResult`). */
  html: string;
  /** The critical CSS of that markup (Emotion's rules), and their ids (Emotion's browser cache adopts them). */
  css: { text: string; ids: string[] };
  /** What the page hydrates from (`PAINT.data`): the route's loader value under `PAINT.routeData`, a named part's under `PAINT.partData(name)`. */
  data: Record<string, unknown>;
  /** Where other remotes' named parts go (filled by the server with their renderers). */
  parts?: PartPlace[];
  /** When the area's code starts (`IslandDirective`). */
  island?: IslandDirective;
  /**
   * Files of the version's own folder loaded `async` before its code: a purchase step's "client
   * part", which writes what only the browser has (`CRESERVA`, `ASIENTOS`) into its frame.
   */
  scripts?: string[];
}

/** The shell's answer: the page's head, its header and its footer. */
export interface ShellResult extends RenderResult {
  footer: { html: string };
  /** The remote that owns the address (route table), or undefined: not found. */
  remote?: string;
  /**
   * Where to send the reader instead (with `status` 303): a page for signed-in customers asked by a
   * reader the API does not know as one (`/micuenta` → `/login?pathname=/micuenta`).
   */
  redirect?: string;
  /** On a page of the reader's own, their profile it asked with their token, for the area's render (`RenderInput.profile`). */
  user?: UserData;
  /**
   * Whether the address is a page of the reader's own (Mi cuenta and its sections: `signedIn` in
   * the route table), rendered for a signed-in reader. Any other page is the same for every reader
   * in a language (the header too: its account button shows the browser's stored session), so a
   * signed-in reader is sent the page kept for everyone. Only a page that says `false` is kept.
   * Undefined (a shell version before this field): rendered per signed-in reader, never kept.
   */
  personal?: boolean;
}

/** Input of a named part: which, with which props. */
export interface PartInput extends Omit<RenderInput, 'path' | 'query'> {
  name: NamedPart;
  props: Record<string, string>;
}

/** What a remote version's `renderer.cjs` exports. */
/** How the site server calls a renderer: `signal` aborts when it has given the render up (past its budget). */
export interface RenderOptions {
  signal?: AbortSignal;
}

export interface RemoteRenderer {
  render(input: RenderInput, options?: RenderOptions): Promise<RenderResult>;
  renderPart?(input: PartInput, options?: RenderOptions): Promise<RenderResult>;
}

/** What the shell version's `renderer.cjs` exports. */
export interface ShellRenderer {
  render(input: RenderInput, options?: RenderOptions): Promise<ShellResult>;
}

/**
 * When an area's code starts: at once (`load`), once the browser is idle (`idle`), when the area
 * comes into view (`visible`), or when the customer acts (`intent`: pointer, key, focus, scroll).
 * Input made before then is replayed once the code is live, and survives a failed load.
 */
export type IslandDirective = 'load' | 'idle' | 'visible' | 'intent';
export const ISLAND_DIRECTIVES: readonly IslandDirective[] = ['load', 'idle', 'visible', 'intent'];

/** Other remotes' parts a page may hold, by name → the remote whose renderer fills them. */
export const NAMED_PARTS = { 'trip-search': 'mf_booking', 'trip-search-to': 'mf_booking' } as const;
export type NamedPart = keyof typeof NAMED_PARTS;

/**
 * Every name the server's HTML and the browser share, declared here once and imported by both
 * sides (the site server and its document, shell/server; the shell, the remotes, the first
 * script): a name restated as text elsewhere is a defect (shell/src/seam.test.ts finds them).
 *
 * Element ids of the document (shell/server/document.ts writes them, index.html and the offline
 * page are made from it):
 * - `header`, `footer`: the shell's header and footer (the server's markup, hydrated by the shell);
 * - `main`: the page's main landmark (the skip link's target); `shellMain` the shell's own screens
 *   in it; `remotes` the container of the areas, one per remote (`remoteArea(app)`);
 * - `data`: the `<script type="application/json">` with the page's `data` (inert JSON): its
 *   route's loader value under `routeData`, each named part's under `partData(name)`;
 * - `frameFill`: the script of an area's client part (`RenderResult.scripts`);
 * - `globalCss`: the `<style>` with the UI kit's prebuilt global CSS.
 *
 * Attributes:
 * - `island`: of an area's container, its `IslandDirective`;
 * - `live`: set by the browser on an area (and a form) once its code has hydrated it (input made
 *   before is replayed then);
 * - `hydrating`: set by the browser on an area when its code starts hydrating it: from then on
 *   React answers a tap itself (it hydrates first what was touched), so a tap it took is not
 *   replayed when the area goes live;
 * - `language`: on an area, the language its markup was rendered in (it hydrates only in that one);
 *   on the body of a page the server rendered, that of its header and footer;
 * - `part`: of a named part's container (`data-parcel-slot`), `partKey` its key;
 * - `frameFilled`: on `<html>` once the area's client part has run (`frameFilledEvent` then);
 * - `signedIn`: on `<html>`, set by the shell's first script when the browser keeps a valid session
 *   (`auth_storage`): the server's header, the same for every reader, then shows its signed-in
 *   account button (`account="in"`, not `"out"`) from the first paint, the customer's first name
 *   written into its `accountName` element (shell/src/stored-session-paint.ts);
 * - `offlineApi`, `offlineProduct`: on the offline page's script, the API's origin and the product.
 *
 * Cookies: `languageCookie` mirrors the `lang-web{product}` storage key, read by the server;
 * `tokenCookie` is the spec's `token`: read only for a page of the reader's own (Mi cuenta: private,
 * never cached); every other page is the same for every reader.
 *
 * Globals: `publicPathGlobal`, set by the site server's render worker before a renderer bundle
 * loads, read by its first module (server-public-path.ts).
 */
export const PAINT = {
  header: 'shell-header',
  footer: 'shell-footer',
  main: 'main',
  shellMain: 'shell-main',
  remotes: 'remotes',
  data: 'page-data',
  routeData: 'route',
  partData: (name: string) => `part:${name}`,
  frameFill: 'frame-fill',
  globalCss: 'chakra-global-css',
  island: 'data-island',
  live: 'data-live',
  hydrating: 'data-hydrating',
  language: 'data-language',
  part: 'data-parcel-slot',
  partKey: 'data-slot-key',
  frameFilled: 'data-frame-filled',
  frameFilledEvent: 'rumbo:frame-filled',
  signedIn: 'data-signed-in',
  account: 'data-account',
  accountName: 'data-account-name',
  offlineApi: 'data-api',
  offlineProduct: 'data-product',
  languageCookie: (product: string) => `lang-web${product}`,
  tokenCookie: 'token',
  publicPathGlobal: '__RUMBO_PUBLIC_PATH__',
} as const;

/** The id of `app`'s area in `PAINT.remotes` (`remote-mf_booking`). */
export const remoteArea = (app: string) => `remote-${app}`;

/** The areas of the page (`#remotes > div`), each a remote's container. */
export const AREA_SELECTOR = `#${PAINT.remotes} > div`;

export { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './schemas/language';
