/**
 * Data the site server wrote into a page it rendered (a renderer's `data`, `@rumbo/shared/server`):
 * the answers its first screen was rendered with (an information page's text), and the sign-in
 * providers a page was rendered for, in `<script type="application/json" id="page-data">` (inert:
 * no CSP concern). A screen renders its hydrating render from this, so it hydrates exactly what the
 * HTML shows, then refreshes from the API as it always does. In Node (a renderer rendering a page)
 * the data is the render's own (its `RenderScope`).
 */
import * as v from 'valibot';
import { PAINT } from './paint';
import { renderScope } from './render-scope';

let browserData: Record<string, unknown> | undefined;

export const PAGE_DATA_ID = PAINT.data;

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

/** The server-rendered value under `key` (an endpoint's path, or a named fact), or undefined. */
export function serverPageData(key: string): unknown {
  return typeof window === 'undefined' ? renderScope()?.data[key] : readBrowserData()[key];
}

/** Forgets the page's data (tests; a page read once keeps it for the visit). */
export function resetPageData(): void {
  browserData = undefined;
}

/**
 * What a page rendered with its call's answer carries under the call's path (a renderer row's
 * loader, `@rumbo/shared/server`): the answer and the language it was asked in.
 */
export interface ServerAnswer<T> {
  language: string;
  answer: T;
}

/**
 * The answer the server rendered the page with under `key`, checked with the call's answer
 * schema, when it was asked in `language`; else undefined (another language's visitor, a page
 * without it, or data that is not the call's answer).
 */
export function serverAnswer<S extends v.GenericSchema>(key: string, schema: S, language: string): v.InferOutput<S> | undefined {
  const fromServer = serverPageData(key) as Partial<ServerAnswer<unknown>> | undefined;
  if (fromServer?.language !== language) return undefined;
  const checked = v.safeParse(schema, fromServer.answer);
  return checked.success ? checked.output : undefined;
}

/**
 * Another remote's named part inside a page (`NAMED_PARTS`, the home page's trip search): in the
 * browser, nothing (its container keeps what the server put there); in a server render, the
 * marker of the place the site server fills with the owner's renderer (`RenderScope.part`).
 */
export function namedPartMarkup(name: string, props: Record<string, string>): string {
  return renderScope()?.part(name, props) ?? '';
}
