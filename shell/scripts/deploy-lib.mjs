/**
 * Deployment model (ARCHITECTURE.md §Composition): every remote build is published once into an
 * immutable folder `<deploy>/cdn/<remote>/<version>/`; the shell's `remotes.json` points each
 * remote at one of them. Deploying or rolling back a remote only moves its pointer.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fetchPageData, fetchSlotData, fillSlots, jsonScript, pageDataScript, pageWithData, readSiteConfig, renderPagesWithData, slotsOfPage } from './page-data.mjs';
import { isPublicFile } from './security-headers.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEPLOY_DIR = path.resolve(process.env.DEPLOY_DIR ?? path.join(ROOT, '.deploy'));
export const SHELL_DIR = path.join(DEPLOY_DIR, 'shell');
export const CDN_DIR = path.join(DEPLOY_DIR, 'cdn');
/**
 * The builds' source maps (`<remote>/<version>/`, `shell/`): the operator's, to decode a stack
 * trace; beside the served folders, never in them (security-headers.mjs `isPublicFile`).
 */
export const SOURCE_MAPS_DIR = path.join(DEPLOY_DIR, 'source-maps');
const REGISTRY = path.join(SHELL_DIR, 'remotes.json');
const ORIGINS = path.join(DEPLOY_DIR, 'origins.json');

/** Remote federation name → its package folder. */
export const REMOTE_FOLDERS = {
  mf_content: 'mf-content',
  mf_complaints: 'mf-complaints',
  mf_booking: 'mf-booking',
  mf_cargo: 'mf-cargo',
  mf_account: 'mf-account',
};

export function builtRemotes() {
  return Object.keys(REMOTE_FOLDERS).filter((name) =>
    existsSync(path.join(ROOT, REMOTE_FOLDERS[name], 'dist', 'mf-manifest.json')),
  );
}

function filesOf(dir, base = dir) {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? filesOf(full, base) : [path.relative(base, full)];
  });
}

/** The version of a build: package version + a hash of every file it contains. */
export function versionOf(distDir, packageVersion) {
  const hash = createHash('sha256');
  for (const file of filesOf(distDir).sort()) {
    hash.update(file);
    hash.update(readFileSync(path.join(distDir, file)));
  }
  return `${packageVersion}-${hash.digest('hex').slice(0, 10)}`;
}

/** Copies a build into a served folder without its source maps, which go to `mapsTarget` instead. */
function copyBuild(dist, target, mapsTarget) {
  cpSync(dist, target, { recursive: true, filter: (source) => isPublicFile(source) });
  for (const file of filesOf(dist).filter((name) => !isPublicFile(name))) {
    mkdirSync(path.dirname(path.join(mapsTarget, file)), { recursive: true });
    cpSync(path.join(dist, file), path.join(mapsTarget, file));
  }
}

/** Copies a remote's build (its `dist`, or `distDir`) into its immutable versioned folder; returns the version. */
export function publish(remote, distDir) {
  const folder = REMOTE_FOLDERS[remote];
  if (!folder) throw new Error(`Unknown remote "${remote}". Known: ${Object.keys(REMOTE_FOLDERS).join(', ')}`);
  const dist = distDir ? path.resolve(distDir) : path.join(ROOT, folder, 'dist');
  if (!existsSync(path.join(dist, 'mf-manifest.json'))) throw new Error(`${folder} is not built: run its build first`);
  const pkg = JSON.parse(readFileSync(path.join(ROOT, folder, 'package.json'), 'utf8'));
  const version = versionOf(dist, pkg.version);
  const target = path.join(CDN_DIR, remote, version);
  if (!existsSync(target)) {
    // Copy aside, then rename: a published folder is never seen half written.
    const partial = `${target}.partial-${process.pid}`;
    copyBuild(dist, partial, path.join(SOURCE_MAPS_DIR, remote, version));
    renameSync(partial, target);
  }
  return version;
}

export function publishedVersions(remote) {
  const dir = path.join(CDN_DIR, remote);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => !name.includes('.partial-'))
    .sort((a, b) => statSync(path.join(dir, a)).mtimeMs - statSync(path.join(dir, b)).mtimeMs);
}

export function readRegistry() {
  return existsSync(REGISTRY) ? JSON.parse(readFileSync(REGISTRY, 'utf8')) : {};
}

function writeAtomically(file, text) {
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, text);
  renameSync(partial, file);
}

export function readOrigins() {
  return existsSync(ORIGINS) ? JSON.parse(readFileSync(ORIGINS, 'utf8')) : {};
}

export function writeOrigins(origins) {
  writeAtomically(ORIGINS, JSON.stringify(origins, null, 2) + '\n');
}

/**
 * Points a remote's registry key at a published version (deploy or rollback). `answers`: the API's
 * answers its pages' templates are stitched with (`fetchStitchAnswers`; none: their skeletons).
 */
export function point(remote, version, answers = {}) {
  if (!existsSync(path.join(CDN_DIR, remote, version, 'mf-manifest.json'))) {
    throw new Error(`${remote} ${version} is not published. Published: ${publishedVersions(remote).join(', ') || 'none'}`);
  }
  const origin = readOrigins()[remote];
  if (!origin) throw new Error(`No CDN origin known for ${remote}: start the site once (it records the origins)`);
  const registry = readRegistry();
  const previous = registry[remote];
  registry[remote] = `${origin}/${version}/mf-manifest.json`;
  // The pages first, then the pointer: a browser that reads the new registry finds the new pages.
  const pages = stitch(remote, version, registry[remote], answers, { registry, previous });
  writeAtomically(REGISTRY, JSON.stringify(registry, null, 2) + '\n');
  return { previous, current: registry[remote], pages };
}

/**
 * Stitching (README, Architecture): each remote build carries the first screens of its routes
 * that need no customer data, rendered in Node by its build (`prerender.json`), and the shell's
 * build its header (signed out) and each route's title. Pointing the registry at a
 * version writes each of that remote's routes as a complete static page on the site's origin
 * (`pages/<path>/index.html`, served before the SPA fallback): the shell's index.html with the
 * shell's header, the remote's first screen in its container, the critical CSS of both and the
 * address of the remote's manifest (from which `/route-hints.js` preloads its code: once the page
 * has painted, see `paintFirst`, or at once on a frame). Pointing back at an older version writes that version's pages;
 * a version without prerendered screens leaves its routes to the SPA fallback. Nothing is rebuilt.
 */
export const PAGES_DIR = path.join(SHELL_DIR, 'pages');
const STITCHED = path.join(PAGES_DIR, 'stitched.json');
/** Where a prerendered page's asset addresses start (webpack.federation.mjs PUBLIC_PATH_PLACEHOLDER). */
const PUBLIC_PATH_PLACEHOLDER = '/__REMOTE_PUBLIC_PATH__/';
const PRERENDER_FILE = 'prerender.json';
/** A version's renderer of pages with the API's data (webpack.federation.mjs RENDERER_FILE), if it has one. */
export const RENDERER_FILE = 'renderer.cjs';

/** The file of the stitched page of `pathname` (`/` → pages/index.html). */
export function pageFile(pathname) {
  return path.join(PAGES_DIR, ...pathname.split('/').filter(Boolean), 'index.html');
}

/** Which paths each remote has stitched pages for now. */
export function readStitched() {
  return existsSync(STITCHED) ? JSON.parse(readFileSync(STITCHED, 'utf8')) : {};
}

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/**
 * First screens are rendered in Spanish (es-PE, the default). A customer who chose another
 * language (kept under `lang-web{product}`, shared/src/storage.ts) must not see them: this inline
 * script, first in the page, marks the document, and the style hides (without removing: nothing
 * moves) every prerendered part until the browser has rendered it in that language and marked it
 * live (`markLive`, @rumbo/shared). The site's CSP allows this script by its hash (static-server.mjs).
 */
function languageGuard(product) {
  return `try{if((localStorage.getItem(${JSON.stringify(`lang-web${product}`)})||"es-PE")!=="es-PE")document.documentElement.classList.add("prerender-stale")}catch(e){}`;
}

/**
 * A prerendered form has no action: sent by the browser itself, before its remote is live, it
 * would go to the page's own address with every field in the query (`/login?correo=…&clave=…`).
 * `/route-hints.js` holds such a submit and sends it again once the remote is live
 * (shell/src/early-input.ts); until that script has arrived (a slow phone), this one only stops it.
 */
const SUBMIT_GUARD = 'document.addEventListener("submit",function(e){var f=e.target;if(f.closest&&f.closest("#remotes>div:not([data-live])"))e.preventDefault()},true);';

/**
 * A page that paints first has its code started by `/route-hints.js` (`paintFirst`): should that
 * script not arrive (a dropped request), the page would stay static, its forms stopped by the guard
 * above. Once the page has loaded without it having run, the shell's entry is loaded as it is.
 */
const CODE_FALLBACK =
  'addEventListener("load",function(){var h=document.querySelector("script[data-main]");if(h&&!window.__routeHints){var s=document.createElement("script");s.src=h.getAttribute("data-main");document.head.appendChild(s)}});';

/**
 * Today's date cannot be in a page stitched on another day. A first screen that shows it leaves an
 * empty `[data-lima-today]` element (the complaints book's filing date), filled here with Lima's
 * calendar day as dd/mm/yyyy; a date field whose attributes are today or a number of days after it
 * names them in `data-lima-dates` (`value:0 min:0 max:90`: the trip search's dates), set here as
 * yyyy-mm-dd; what shows until a day (`data-lima-until`, yyyy-mm-dd: a promotion stitched into the
 * page) is hidden once that day has passed, as the API's answer then leaves it out. All before the
 * first paint, as the remote renders them once live (`limaToday`, `dayToDmy` and `addDays`,
 * @rumbo/shared/schemas): the page needs no code to show them. Lima's
 * day is UTC's shifted by its fixed offset (−05:00, no daylight saving since 1994, as
 * page-data.mjs `formatDayEs` reads it): `Intl.DateTimeFormat` with a time zone loads the browser's
 * zone data on first use, ~45 ms of a phone's main thread before the page is interactive.
 */
const TODAY_FILL =
  'document.addEventListener("DOMContentLoaded",function(){var e=document.querySelectorAll("[data-lima-today]"),f=document.querySelectorAll("[data-lima-dates]"),u=document.querySelectorAll("[data-lima-until]");if(!e.length&&!f.length&&!u.length)return;var t=Date.now()-18e6,d=new Date(t).toISOString().slice(0,10).split("-");for(var i=0;i<e.length;i++)if(!e[i].textContent)e[i].textContent=d[2]+"/"+d[1]+"/"+d[0];for(i=0;i<f.length;i++)f[i].getAttribute("data-lima-dates").split(" ").forEach(function(p){var a=p.split(":");if(a.length==2&&/^\\d+$/.test(a[1]))this.setAttribute(a[0],new Date(t+a[1]*864e5).toISOString().slice(0,10))},f[i]);for(i=0;i<u.length;i++)if(u[i].getAttribute("data-lima-until")<d.join("-"))u[i].hidden=true});';

/** The stitched page's one inline script, first in it: the language and submit guards, the code's fallback and today's date above. */
export const pageGuard = (product) => `${languageGuard(product)}${SUBMIT_GUARD}${CODE_FALLBACK}${TODAY_FILL}`;
export const pageGuardHash = (product) => `'sha256-${createHash('sha256').update(pageGuard(product)).digest('base64')}'`;
const STALE_CSS = ['#shell-header', '#remotes>div', '#shell-footer']
  .map((area) => `html.prerender-stale ${area}:not([data-live])>*`)
  .join(',') + '{visibility:hidden}';

/** The product key of the site's runtime config (config.json), which names the language's storage key. */
export function siteProduct() {
  const file = path.join(SHELL_DIR, 'config.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).product : 'rumbo';
}

const styleTag = ({ css, ids }) => (css ? `<style data-emotion="css ${ids.join(' ')}">${css}</style>` : '');

/** One complete page: the shell's index.html with its frame and the remote's first screen (with the parts of other remotes in its slots). */
export function stitchPage({ template, frame, remote, page, publicPath, manifestUrl, product, data, parts = [] }) {
  const replace = (html, from, to) => {
    if (!html.includes(from)) throw new Error(`the shell's index.html has no ${from}`);
    return html.replace(from, () => to);
  };
  const located = (text) => text.split(PUBLIC_PATH_PLACEHOLDER).join(publicPath);
  const head = frame?.heads?.[page.path];
  const header = frame?.headers?.[page.path] ?? frame?.headers?.['/'];
  let html = template;
  if (head) {
    html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`);
    html = html.replace(/<meta name="description" content="[^"]*"\/?>/, () => `<meta name="description" content="${escapeHtml(head.description)}"/>`);
  }
  // The remote's manifest, fetched at once: `/route-hints.js` (in index.html) reads it to preload the
  // remote's entry and `./app` chunks, as on every page. Not the scripts themselves: a script whose
  // preload failed (the remote's origin down) would fail again when "try again" loads it.
  // A frame of a page with customer data (a purchase step) is as tall as its data will be only once
  // the data is there: a footer copy under it would move then. Its footer comes live, at idle.
  const heightFromData = Boolean(page.anyQuery || page.early);
  const frameCss = header ? styleTag(header) : '';
  html = replace(html, '<meta charset="utf-8"/>', `<meta charset="utf-8"/><script>${pageGuard(product)}</script><style>${STALE_CSS}</style>`);
  // A page whose first screen is whole without code paints first and starts its code when the
  // customer acts; a frame waits for its data: its first request starts from the HTML at once, its
  // remote's manifest is fetched at once, and its code right after the frame has painted.
  if (heightFromData) {
    html = paintFirst(html, manifestUrl, { start: 'after-paint', fill: Boolean(page.fill) });
    html = replace(html, '</head>', `<link rel="preload" href="${escapeHtml(manifestUrl)}" as="fetch" crossorigin="anonymous"/></head>`);
    // The remote's own script that writes what its frame shows from session storage (a purchase
    // step's chosen trip), from its version's folder, on the connection the manifest opened.
    if (page.fill) html = replace(html, '</head>', `<script id="frame-fill" src="${escapeHtml(publicPath + page.fill)}" async crossorigin="anonymous"></script></head>`);
  } else {
    html = paintFirst(html, manifestUrl);
  }
  html = replace(html, '</head>', `${frameCss}${located(styleTag(page))}${parts.map(styleTag).join('')}${pageDataScript(data)}</head>`);
  if (frame) {
    const start = html.indexOf('<div id="shell-header">');
    const end = html.indexOf('<main id="main"');
    if (start < 0 || end < start) throw new Error("the shell's index.html has no header before <main>");
    if (header) html = `${html.slice(0, start)}<div id="shell-header">${header.html}</div>${html.slice(end)}`;
  }
  html = replace(html, '<div id="remotes"></div>', `<div id="remotes"><div id="remote-${remote}">${located(page.html)}</div></div>`);
  return withStaticFooter(html, heightFromData ? undefined : frame?.footer);
}

const SHELL_SCRIPT = /<script defer="defer" src="([^"]+)"><\/script>/;
const ROUTE_HINTS = '<script src="/route-hints.js" async></script>';
const BOOT_PRELOADS = /<link rel="preload" href="\/(?:config|remotes)\.json" as="fetch" crossorigin="anonymous"\/>/g;

/**
 * A page painted before any code is fetched (issue 17: its first screen is whole in the HTML).
 * Under a slow link, the shell's entry (main.js, ~215 KB gzip), the boot's JSON and the remote's
 * manifest, asked for while the page is still arriving, share the bandwidth with it: Lighthouse
 * counts them in the first screen's paint (LCP 2.4 s instead of the HTML's own 1.1 s). Here the
 * entry is not in the HTML: `/route-hints.js` starts it (`whenToStart`, from its `data-`
 * attributes: when, the entry to load and the remote's manifest):
 * - `on-intent` (a page whose first screen is whole): once the page has painted and the customer
 *   acts, or something in view waits for data; the boot's JSON waits too;
 * - `after-paint` (a frame: its data comes from the customer's session or the API): once the frame
 *   has painted, with what the remote's fill script writes into it (`fill`: `data-fill`). Its first
 *   request starts at once, from the HTML (it needs the runtime config: that preload stays).
 * What the customer does before the code is live is kept (shell/src/early-input.ts).
 */
function paintFirst(html, manifestUrl, { start = 'on-intent', fill = false } = {}) {
  const main = SHELL_SCRIPT.exec(html)?.[1];
  if (!main || !html.includes(ROUTE_HINTS)) throw new Error("the shell's index.html has no main script or no /route-hints.js");
  const stripped = html.replace(SHELL_SCRIPT, '');
  return (start === 'on-intent' ? stripped.replace(BOOT_PRELOADS, '') : stripped).replace(
    ROUTE_HINTS,
    () =>
      `<script src="/route-hints.js" async data-start="${start}"${fill ? ' data-fill=""' : ''} data-main="${escapeHtml(main)}" data-manifest="${escapeHtml(manifestUrl)}"></script>`,
  );
}

/**
 * The footer's static copy (shell `prerender.tsx`: links and legal data, its form disabled) in
 * `#shell-footer`, with its CSS; the live footer replaces it at idle (shell.tsx `FooterArea`).
 */
function withStaticFooter(html, footer) {
  if (!footer || !html.includes('<div id="shell-footer"></div>')) return html;
  return html
    .replace('</head>', () => `${styleTag(footer)}</head>`)
    .replace('<div id="shell-footer"></div>', () => `<div id="shell-footer"><div data-static-footer="">${footer.html}</div></div>`);
}

function readPrerender(remote, version) {
  const prerendered = path.join(CDN_DIR, remote, version, PRERENDER_FILE);
  return existsSync(prerendered) ? JSON.parse(readFileSync(prerendered, 'utf8')) : {};
}

const prerenderedPages = (remote, version) => readPrerender(remote, version).pages ?? [];

/** The version a registry's manifest address names (`<origin>/<version>/mf-manifest.json`). */
const versionIn = (manifestUrl) => manifestUrl.split('/').at(-2);
const folderOf = (manifestUrl) => manifestUrl.replace(/[^/]*$/, '');

/**
 * The parts the live versions in `registry` render for other remotes' slots (`prerender.json`
 * `slots`), by slot id, their asset addresses in their own version's folder.
 */
function liveSlots(registry) {
  const slots = {};
  for (const [remote, manifestUrl] of Object.entries(registry)) {
    const located = (text) => text.split(PUBLIC_PATH_PLACEHOLDER).join(folderOf(manifestUrl));
    for (const slot of readPrerender(remote, versionIn(manifestUrl)).slots ?? []) {
      slots[slot.id] = { ...slot, html: located(slot.html), css: located(slot.css) };
    }
  }
  return slots;
}

/** The slot ids `remote` fills at the versions its registry key pointed or points to. */
function slotIdsOf(remote, manifestUrls) {
  return new Set(manifestUrls.filter(Boolean).flatMap((url) => (readPrerender(remote, versionIn(url)).slots ?? []).map((slot) => slot.id)));
}

/**
 * The live pages of remotes other than `remote` with a slot `remote` fills or filled: stitched
 * again whenever `remote` is pointed (the home page holds mf-booking's search), as [owner, manifest, pages].
 */
function pagesWithSlotsOf(remote, registry, previous) {
  const ids = slotIdsOf(remote, [registry[remote], previous]);
  if (!ids.size) return [];
  return Object.entries(registry)
    .filter(([owner]) => owner !== remote)
    .map(([owner, manifestUrl]) => [owner, manifestUrl, prerenderedPages(owner, versionIn(manifestUrl)).filter((page) => slotsOfPage(page).some((id) => ids.has(id)))])
    .filter(([, , pages]) => pages.length > 0);
}

/**
 * The site API's answers for the pages pointing `remote` at `version` stitches (page-data.mjs): its
 * pages' templates, the pages of others with its slots, and the data of the parts in their slots;
 * {} when it does not answer.
 */
export async function fetchStitchAnswers(remote, version) {
  const registry = { ...readRegistry() };
  const previous = registry[remote];
  const origin = readOrigins()[remote];
  if (origin) registry[remote] = `${origin}/${version}/mf-manifest.json`;
  const others = pagesWithSlotsOf(remote, registry, previous);
  const pages = [...prerenderedPages(remote, version), ...others.flatMap(([, , theirs]) => theirs)];
  const slots = liveSlots(registry);
  const used = [...new Set(pages.flatMap(slotsOfPage))].map((id) => slots[id]).filter(Boolean);
  const { apiBaseUrl } = readSiteConfig(SHELL_DIR);
  // The pages rendered with their data: this remote's, and those of others stitched again for a
  // slot it fills (each by its own version's renderer).
  const owners = [[remote, version, prerenderedPages(remote, version)], ...others.map(([owner, manifestUrl, theirs]) => [owner, versionIn(manifestUrl), theirs])];
  const [templates, slotData, ...rendered] = await Promise.all([
    fetchPageData(pages, apiBaseUrl),
    fetchSlotData(used, apiBaseUrl),
    ...owners.map(([owner, ownerVersion, theirs]) => renderPagesWithData(theirs, apiBaseUrl, rendererOf(owner, ownerVersion))),
  ]);
  return { ...templates, ...slotData, rendered: Object.assign({}, ...rendered) };
}

/** The `renderWithData(path, answer)` of `remote`'s version, run here in Node, or undefined. */
function rendererOf(remote, version) {
  const file = path.join(CDN_DIR, remote, version, RENDERER_FILE);
  return existsSync(file) ? createRequire(import.meta.url)(file).renderWithData : undefined;
}

/**
 * Writes the pages of `remote` at `version` (whose manifest is served at `manifestUrl`) and
 * removes the ones of its previous version that this one does not have; then writes again the
 * pages of other remotes with a slot it fills (or filled, at `previous`), with its part of this
 * version (or none). Returns the paths written.
 */
export function stitch(remote, version, manifestUrl, answers = {}, { registry = { ...readRegistry(), [remote]: manifestUrl }, previous } = {}) {
  const pages = prerenderedPages(remote, version);
  const site = {
    config: readSiteConfig(SHELL_DIR),
    template: readFileSync(path.join(SHELL_DIR, 'index.html'), 'utf8'),
    frame: existsSync(path.join(SHELL_DIR, PRERENDER_FILE)) ? JSON.parse(readFileSync(path.join(SHELL_DIR, PRERENDER_FILE), 'utf8')) : undefined,
    product: siteProduct(),
    slots: liveSlots(registry),
  };
  writePages(site, remote, manifestUrl, pages, answers);
  writeFrames(remote, pages);
  const stitched = readStitched();
  const written = pages.map((page) => page.path);
  for (const stale of (stitched[remote] ?? []).filter((p) => !written.includes(p))) rmSync(pageFile(stale), { force: true });
  stitched[remote] = written;
  writeAtomically(STITCHED, JSON.stringify(stitched, null, 2) + '\n');
  const others = pagesWithSlotsOf(remote, registry, previous).filter(([owner]) => stitched[owner]);
  for (const [owner, ownerManifest, theirs] of others) writePages(site, owner, ownerManifest, theirs, answers);
  return [...written, ...others.flatMap(([, , theirs]) => theirs.map((page) => page.path))];
}

function writePages(site, remote, manifestUrl, pages, answers) {
  const { template, frame, product, config, slots } = site;
  const publicPath = folderOf(manifestUrl);
  for (const built of pages) {
    const withData = pageWithData(built, { answers, config });
    const { page, parts, data: slotData } = fillSlots(withData.page, slots, answers);
    const data = withData.data || slotData ? { ...withData.data, ...slotData } : undefined;
    writeAtomically(pageFile(page.path), withEarlyRequest(stitchPage({ template, frame, remote, page, publicPath, manifestUrl, product, data, parts }), page));
  }
}

/**
 * Frames (issue 17 item 5): a purchase page's first screen shows no customer data, so its stitched
 * page is the same for every query of its address (`anyQuery` in the remote's `prerender.json`).
 * `pages/frames.json` lists those paths; the site's server answers them with a query too
 * (static-server.mjs `framePage`). Other stitched pages are served only without one.
 */
export const FRAMES = path.join(PAGES_DIR, 'frames.json');

export function readFrames() {
  return existsSync(FRAMES) ? JSON.parse(readFileSync(FRAMES, 'utf8')) : {};
}

/** Lists `remote`'s pages that hold for any query (path → remote), dropping its previous version's. */
export function writeFrames(remote, pages) {
  const frames = Object.fromEntries(Object.entries(readFrames()).filter(([, owner]) => owner !== remote));
  for (const page of pages) if (page.anyQuery) frames[page.path] = remote;
  writeAtomically(FRAMES, JSON.stringify(frames, null, 2) + '\n');
}

/**
 * A page's first `/rest` request as data (`early` in `prerender.json`, see `@rumbo/shared/early`),
 * first in the head: `/route-hints.js` reads it and starts the request. JSON is not run, so the CSP
 * needs no hash for it; `<` is escaped so no text in it can close the element.
 */
export function withEarlyRequest(html, page) {
  if (!page.early) return html;
  const charset = '<meta charset="utf-8"/>';
  if (!html.includes(charset)) throw new Error(`the shell's index.html has no ${charset}`);
  return html.replace(charset, () => `${charset}${jsonScript('early-request', page.early)}`);
}

export function writeShellFile(name, value) {
  writeAtomically(path.join(SHELL_DIR, name), JSON.stringify(value, null, 2) + '\n');
}

/** Copies the shell build into the served folder, keeping its runtime files (config, registry). */
export function installShell() {
  const dist = path.join(ROOT, 'shell', 'dist');
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error('shell is not built: run the build first');
  mkdirSync(SHELL_DIR, { recursive: true });
  // Stitched with the previous shell's frame: every remote's pages are stitched again when pointed.
  rmSync(PAGES_DIR, { recursive: true, force: true });
  rmSync(path.join(SOURCE_MAPS_DIR, 'shell'), { recursive: true, force: true });
  copyBuild(dist, SHELL_DIR, path.join(SOURCE_MAPS_DIR, 'shell'));
}
