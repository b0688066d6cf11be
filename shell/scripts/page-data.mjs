/**
 * What a stitched page shows that is not in its remote's build (README, Stitching):
 *
 * - Data of the environment. A prerendered page may carry a `template`: its first screen with its
 *   data, the data's fields written as tokens (mf-content `prerender.tsx`: an information page with
 *   its text). At deploy, `fetchPageData` asks the site's API (`apiBaseUrl` of `config.json`) for
 *   each template's endpoint, in es-PE; `pageWithData` writes the template with the answer and the
 *   answer itself (`<script type="application/json" id="page-data">`, which the page hydrates from,
 *   then refreshes from the API as always). An API that does not answer, answers an error or HTML
 *   outside the API's own allowlist leaves the page as built: its sized skeleton.
 * - Runtime config. A page may carry `providerVariants`: its first screen for each set of sign-in
 *   providers (mf-account `/login`); the stitch writes the one `config.json` names, and the set in
 *   the page's data, so the page hydrates what the HTML shows even if the config moves on.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sanitizeHtml from 'sanitize-html';

const TOKEN = (field) => `__STITCH_${field}__`;
const FETCH_TIMEOUT_MS = 4000;
export const STITCH_LANGUAGE = 'es-PE';

/** The runtime config the site serves (`config.json` in the site's folder), or {}. */
export function readSiteConfig(shellDir) {
  const file = path.join(shellDir, 'config.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

/** The sign-in providers a runtime config offers, as `providerVariants` names them. */
export function providerSet(config) {
  return [config.googleClientId && 'google', config.facebookAppId && 'facebook'].filter(Boolean);
}

// The API's allowlist of an information page's HTML (`@rumbo/shared/contract/page-html.json`, with
// which api/src/content/sanitize.ts cleans every answer), applied again here: the stitched HTML
// shows before the browser's DOMPurify pass. The API's answer is already clean, so cleaning it
// again changes nothing; an answer it would change did not come from the API as built.
const PAGE_HTML = createRequire(import.meta.url)('@rumbo/shared/contract/page-html.json');

/** True when `html` is as the API's allowlist leaves it (else the page keeps its skeleton). */
export function isAllowedHtml(html) {
  return sanitizeHtml(html, PAGE_HTML).trim() === html;
}

/** What the browser's sanitiser adds (mf-content `sanitize.ts`): a table scrolls in its own box. */
export const boxTables = (html) =>
  html.replace(/<table>/g, '<div class="table-scroll" tabindex="0"><table>').replace(/<\/table>/g, '</table></div>');

/** An information page's date as the page writes it in es-PE (`formatDay`, Lima's day). */
export function formatDayEs(iso) {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso : new Date(Date.parse(iso) - 5 * 3600_000).toISOString().slice(0, 10);
  return new Intl.DateTimeFormat(STITCH_LANGUAGE, { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

const isAnswer = (answer) =>
  answer && ['titulo', 'html', 'actualizado'].every((field) => typeof answer[field] === 'string') && !Number.isNaN(Date.parse(answer.actualizado));

/** The API's answer for each template of `pages`, by endpoint; endpoints that did not answer are left out. */
export async function fetchPageData(pages, apiBaseUrl, fetchImpl = fetch) {
  const endpoints = [...new Set(pages.map((page) => page.template?.endpoint).filter(Boolean))];
  if (!endpoints.length || !apiBaseUrl) return {};
  const answers = await Promise.all(
    endpoints.map(async (endpoint) => {
      try {
        const response = await fetchImpl(`${apiBaseUrl.replace(/\/+$/, '')}${endpoint}`, {
          headers: { 'Accept-Language': STITCH_LANGUAGE, Accept: 'application/json' },
          signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
        });
        // The API's envelope: `{ data }` (as `@rumbo/shared`'s client reads it).
        const answer = response.ok ? (await response.json())?.data : undefined;
        return isAnswer(answer) && isAllowedHtml(answer.html) ? [endpoint, answer] : undefined;
      } catch {
        return undefined;
      }
    }),
  );
  return Object.fromEntries(answers.filter(Boolean));
}

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/**
 * The page to stitch: its template filled with the fetched answer, or its variant for the config's
 * sign-in providers, or the page as built; and the data the page hydrates from (or undefined).
 */
export function pageWithData(page, { answers = {}, config = {} } = {}) {
  const { template, providerVariants, ...built } = page;
  const answer = template && answers[template.endpoint];
  if (answer) {
    const dateText = formatDayEs(answer.actualizado);
    const values = { titulo: escapeHtml(answer.titulo), actualizado: escapeHtml(answer.actualizado), dateText: escapeHtml(dateText), html: boxTables(answer.html) };
    const html = Object.entries(values).reduce((text, [field, value]) => text.split(TOKEN(field)).join(value), template.html);
    return {
      page: { ...built, html, css: template.css, ids: template.ids },
      data: { [template.endpoint]: { language: STITCH_LANGUAGE, page: answer, dateText } },
    };
  }
  if (providerVariants) {
    const providers = providerSet(config);
    const variant = providerVariants[providers.join('+')];
    if (variant) return { page: { ...built, ...variant }, data: { signInProviders: providers } };
  }
  return { page: built, data: undefined };
}

/** The page's data as an inert script for its head; `<` escaped so no text can close it. */
export const pageDataScript = (data) => (data ? jsonScript('page-data', data) : '');

/** Data in a page (never run: `application/json`), written so no text in it can close its script. */
export const jsonScript = (id, value) => `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;
