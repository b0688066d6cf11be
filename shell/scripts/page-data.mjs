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
 * - Another remote's part. A page may leave an empty slot for a part another remote owns
 *   (`<div data-parcel-slot="trip-search"></div>`: the home page's trip search, mf-booking's
 *   parcel); that remote's build renders the part (its `prerender.json` `slots`), with the call
 *   whose answer it is drawn with (`data`: the search's terminals). `fetchSlotData` asks the site's
 *   API for it at deploy and `fillSlots` writes the part into the slot with its answer; a slot whose
 *   data did not come stays empty (the page's own placeholder shows).
 * - Data in lists a template cannot hold. A page may carry `renderedWithData: { endpoint }` (a
 *   destination: its routes, terminals and agencies): `renderPagesWithData` asks the API for the
 *   call and has the remote's own renderer (its version's `renderer.cjs`, `renderWithData`) render
 *   the page with the answer, which comes back with the data the page hydrates from; the page as
 *   built (its skeleton) stays when either fails.
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

const isPart = (part) => part && typeof part.html === 'string' && typeof part.css === 'string' && Array.isArray(part.ids);

/**
 * The pages of `pages` rendered at deploy with their call's answer (GET, es-PE) by `render(path,
 * answer)` (the version's renderer), by path; a page whose call or render fails is left out.
 * Asked for together, rendered one after another (a renderer renders one page at a time).
 */
export async function renderPagesWithData(pages, apiBaseUrl, render, fetchImpl = fetch) {
  const wanted = pages.filter((page) => page.renderedWithData);
  if (!wanted.length || !apiBaseUrl || !render) return {};
  const answers = await Promise.all(
    wanted.map(async (page) => {
      try {
        const response = await fetchImpl(`${apiBaseUrl.replace(/\/+$/, '')}${page.renderedWithData.endpoint}`, {
          headers: { 'Accept-Language': STITCH_LANGUAGE, Accept: 'application/json' },
          signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
        });
        return response.ok ? (await response.json())?.data : undefined;
      } catch {
        return undefined;
      }
    }),
  );
  const rendered = {};
  for (const [i, page] of wanted.entries()) {
    if (answers[i] === undefined) continue;
    try {
      const result = await render(page.path, answers[i]);
      if (isPart(result)) rendered[page.path] = result;
    } catch {
      // A page its renderer cannot render with this answer keeps its skeleton.
    }
  }
  return rendered;
}

/**
 * The empty slot a page leaves for another remote's part (`id`), as React renders it; `key`
 * (`data-slot-key`) names the item of the part's data it is drawn for (a keyed part's).
 */
export const slotMarkup = (id, key) => `<div data-parcel-slot="${id}"${key === undefined ? '' : ` data-slot-key="${escapeHtml(key)}"`}></div>`;

const SLOT = /<div data-parcel-slot="([\w-]+)"(?: data-slot-key="([\w-]*)")?><\/div>/g;

/** The ids of the slots in a page's markup. */
export const slotsIn = (html) => [...html.matchAll(SLOT)].map((match) => match[1]);

/**
 * The ids of the slots a built page has or may have: in its markup, and those it names (`slots`: a
 * page rendered at deploy with its data has them only then, a destination's search).
 */
export const slotsOfPage = (page) => [...new Set([...slotsIn(page.html), ...(page.slots ?? [])])];

/**
 * A keyed part's markup for the item of its data whose `keyedBy` field is `key` (a destination's
 * search, drawn for its city): its tokens (`__STITCH_<field>__`) written with that item's fields;
 * undefined when no item has that key.
 */
function keyedPart(slot, answer, key) {
  const item = Array.isArray(answer) ? answer.find((entry) => entry && String(entry[slot.keyedBy]) === key) : undefined;
  if (!item) return undefined;
  return slot.html.replace(/__STITCH_(\w+)__/g, (token, field) => (field in item ? escapeHtml(item[field]) : token));
}

/** The API's answer to each slot's call, by its key; calls that did not answer are left out. */
export async function fetchSlotData(slots, apiBaseUrl, fetchImpl = fetch) {
  const calls = new Map(slots.filter((slot) => slot.data).map((slot) => [slot.data.key, slot.data]));
  if (!calls.size || !apiBaseUrl) return {};
  const answers = await Promise.all(
    [...calls.values()].map(async ({ key, method, path }) => {
      try {
        const response = await fetchImpl(`${apiBaseUrl.replace(/\/+$/, '')}${path}`, {
          method,
          headers: { 'Accept-Language': STITCH_LANGUAGE, Accept: 'application/json', ...(method === 'GET' ? {} : { 'Content-Type': 'application/json' }) },
          body: method === 'GET' ? undefined : '{}',
          signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
        });
        const answer = response.ok ? (await response.json())?.data : undefined;
        // What the part is drawn with: a list of something (the browser checks it with the call's schema).
        return Array.isArray(answer) && answer.length > 0 ? [key, answer] : undefined;
      } catch {
        return undefined;
      }
    }),
  );
  return Object.fromEntries(answers.filter(Boolean));
}

/**
 * `page` with each of its slots that `slots` (by id) has a part for, and whose data is in
 * `answers`, filled: the part's markup in the slot; its CSS and its data to add to the page.
 */
export function fillSlots(page, slots, answers = {}) {
  const parts = [];
  const data = {};
  const html = page.html.replace(SLOT, (markup, id, key) => {
    const slot = slots[id];
    if (!slot || (slot.data && !(slot.data.key in answers))) return markup;
    const part = slot.keyedBy ? key !== undefined && keyedPart(slot, answers[slot.data?.key], key) : slot.html;
    if (!part) return markup;
    if (!parts.includes(slot)) parts.push(slot);
    if (slot.data) data[slot.data.key] = answers[slot.data.key];
    return markup.replace('></div>', () => `>${part}</div>`);
  });
  return { page: { ...page, html }, parts, data: parts.length ? data : undefined };
}

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/**
 * The page to stitch: its template filled with the fetched answer, or its variant for the config's
 * sign-in providers, or the page as built; and the data the page hydrates from (or undefined).
 */
export function pageWithData(page, { answers = {}, config = {} } = {}) {
  const { template, providerVariants, renderedWithData, ...built } = page;
  const rendered = renderedWithData && answers.rendered?.[page.path];
  if (rendered) {
    const { html, css, ids, data } = rendered;
    return { page: { ...built, html, css, ids }, data: data && typeof data === 'object' ? data : undefined };
  }
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
