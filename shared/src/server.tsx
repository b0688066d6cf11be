/**
 * First screens rendered in Node, at build time (`@rumbo/shared/server`; never in a browser
 * bundle). A remote's build renders each of its routes that needs no customer data, in es-PE, with
 * the critical CSS of what it renders (Emotion, Chakra's engine, collected per page), into its
 * versioned build folder (`prerender.json`); the deploy stitches them into complete pages on the
 * site's origin (shell/scripts/deploy-lib.mjs). The browser then hydrates that markup
 * (`createRemoteApp`), so the tree rendered here is exactly the one the browser renders first.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { configure, type RuntimeConfig } from './config';
import { initI18n, registerTexts, type PackageTexts } from './i18n';
import { setServerPathname } from './location';

export { setServerPageData } from './page-data';

/** The key of Emotion's default cache in the browser: it adopts these styles instead of adding them again. */
const EMOTION_KEY = 'css';

/** One rendered first screen. */
export interface PrerenderedPage {
  path: string;
  /** The markup of the container's content. */
  html: string;
  /** The page's critical CSS (Emotion rules of what it renders). */
  css: string;
  /** The Emotion ids of those rules (`<style data-emotion="css …ids">`). */
  ids: string[];
}

/**
 * What the site's first screens are rendered with: no customer, Spanish, the product's key. Config
 * that changes per environment (API address, sign-in providers) never shows in a first screen.
 */
const BUILD_CONFIG: RuntimeConfig = { apiBaseUrl: '', product: 'rumbo', foundingYear: 1996 };

let ready: Promise<void> | undefined;

/** i18n and config as the browser has them on a first visit (es-PE), with these packages' texts. */
export function prepareServer(texts: readonly PackageTexts[]): Promise<void> {
  ready ??= (async () => {
    configure(BUILD_CONFIG);
    initI18n(BUILD_CONFIG.product);
  })();
  return ready.then(() => Promise.all(texts.map(registerTexts))).then(() => undefined);
}

async function toText(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
  return text;
}

/**
 * Renders `render(path)` for each path, waiting for every lazy part (the page's own chunk) as a
 * static build does, and collects each page's critical CSS.
 */
export async function prerenderPages(paths: readonly string[], render: (path: string) => ReactNode): Promise<PrerenderedPage[]> {
  const pages: PrerenderedPage[] = [];
  for (const path of paths) {
    setServerPathname(path);
    const cache = createCache({ key: EMOTION_KEY });
    // Styles are collected in the cache (for `extractCritical`) instead of inlined next to elements.
    cache.compat = true;
    const errors: unknown[] = [];
    const { prelude } = await prerenderToNodeStream(<CacheProvider value={cache}>{render(path)}</CacheProvider>, {
      onError: (error) => void errors.push(error),
    });
    const markup = await toText(prelude);
    if (errors.length) throw new Error(`prerender of ${path} failed: ${errors.map(String).join('; ')}`);
    const { html, css, ids } = createEmotionServer(cache).extractCritical(markup);
    pages.push({ path, html, css, ids });
  }
  return pages;
}
