/**
 * Data the deploy wrote into a stitched page (shell/scripts/page-data.mjs): the answers its first
 * screen was rendered with (an information page's text), and the sign-in providers a page was
 * stitched for, in `<script type="application/json" id="page-data">` (inert: no CSP concern). A
 * screen renders its hydrating render from this, so it hydrates exactly what the HTML shows, then
 * refreshes from the API as it always does. In Node (a build rendering first screens) the data is
 * what the prerender sets (`setServerPageData`, the tokens the stitch replaces).
 */
import * as v from 'valibot';

let serverData: Record<string, unknown> = {};
let browserData: Record<string, unknown> | undefined;

export const PAGE_DATA_ID = 'page-data';

export function setServerPageData(data: Record<string, unknown>): void {
  serverData = data;
}

function readBrowserData(): Record<string, unknown> {
  if (!browserData) {
    browserData = {};
    const text = document.getElementById(PAGE_DATA_ID)?.textContent;
    if (text) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (parsed && typeof parsed === 'object') browserData = parsed as Record<string, unknown>;
      } catch {
        // A page without valid data renders as one without data.
      }
    }
  }
  return browserData;
}

/** The stitched value under `key` (an endpoint's path, or a named fact), or undefined. */
export function stitchedData(key: string): unknown {
  return (typeof window === 'undefined' ? serverData : readBrowserData())[key];
}

/** Forgets the page's data (tests; a page read once keeps it for the visit). */
export function resetPageData(): void {
  browserData = undefined;
}

/**
 * What a page rendered at deploy with its call's answer carries under the call's path
 * (shell/scripts/page-data.mjs `renderPagesWithData`, a remote's `renderWithData`): the answer and
 * the language it was asked in.
 */
export interface StitchedAnswer<T> {
  language: string;
  answer: T;
}

/**
 * The answer the deploy rendered the page with under `key`, checked with the call's answer
 * schema, when it was asked in `language`; else undefined (another language's visitor, a page
 * without it, or data that is not the call's answer).
 */
export function stitchedAnswer<S extends v.GenericSchema>(key: string, schema: S, language: string): v.InferOutput<S> | undefined {
  const stitched = stitchedData(key) as Partial<StitchedAnswer<unknown>> | undefined;
  if (stitched?.language !== language) return undefined;
  const checked = v.safeParse(schema, stitched.answer);
  return checked.success ? checked.output : undefined;
}

/**
 * Another remote's named part inside a page (`NAMED_PARTS`, the home page's trip search): in the
 * browser, nothing (its container keeps what the server put there); in Node, where the server's
 * renderer sets the marker (`@rumbo/shared/server`), the place the site server fills with the
 * owner's renderer.
 */
let partMarker: ((name: string, props: Record<string, string>) => string) | undefined;

export function setServerPartMarker(marker: typeof partMarker): void {
  partMarker = marker;
}

export function namedPartMarkup(name: string, props: Record<string, string>): string {
  return typeof window === 'undefined' && partMarker ? partMarker(name, props) : '';
}
