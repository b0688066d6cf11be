/**
 * The site's one document template: its head (language, title, description, theme, what each
 * caller puts in it) and its places (the shell's header, the main area with the remotes' areas,
 * the footer), every name in it `PAINT`'s (@rumbo/shared/paint). Written
 * - by the site server per request, in two chunks (`pageStart` before the area is rendered,
 *   `pageRest` after: shell/server/page.ts);
 * - by the build as the shell's `index.html` (`shellIndex`: the page the browser draws, its places
 *   empty, a static header in the header's place; scripts/index-html.mjs);
 * - by the service worker as the offline page of a kept ticket (`offlinePage`: its one script and
 *   the main landmark, nothing inline; offline/policy.ts).
 */
import { AREA_SELECTOR, PAINT, remoteArea, type IslandDirective, type Language, type RenderResult, type ShellResult } from '@rumbo/shared/paint';

export const escapeHtml = (text: unknown): string =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The site's colour (the brand palette's 900). */
const THEME_COLOR = '#0f3a60';

/** The site's mark: a sun over the Andes. */
export const ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 48 48'%3E%3Ccircle cx='33' cy='12' r='6' fill='%23d86f0f'/%3E%3Cpath d='M2 44 L18 18 L26 30 L34 20 L46 44 Z' fill='%230f3a60'/%3E%3C/svg%3E";

/** The base layout: the footer below the fold, the header's place and its account button, an empty area's skeleton. */
export const BASE_CSS =
  'html{-webkit-text-size-adjust:100%}body{margin:0;min-height:100vh;display:flex;flex-direction:column;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}' +
  `#${PAINT.main}{flex:1 0 auto;min-height:100vh;outline:none}#${PAINT.header}{min-height:57px}` +
  // The server's header holds both account buttons: the signed-in one where the first script found a session (stored-session-paint.ts).
  `html:not([${PAINT.signedIn}]) [${PAINT.account}=in],html[${PAINT.signedIn}] [${PAINT.account}=out]{display:none}` +
  // An area whose render failed or was too slow: its sized skeleton until the browser renders it.
  `${AREA_SELECTOR.replace(/ /g, '')}[${PAINT.island}]:empty{min-height:70vh;margin:2rem auto;max-width:72rem;border-radius:.75rem;background:linear-gradient(90deg,#f4f4f5 25%,#e4e4e7 50%,#f4f4f5 75%);background-size:200% 100%}`;

const NOSCRIPT = '<noscript>Rumbo Andino necesita JavaScript para vender pasajes. / Rumbo Andino needs JavaScript to sell tickets.</noscript>';

/**
 * The document's head and the opening of its body: `head` is the caller's (scripts, styles, links),
 * as its policy allows. `rendered`: the page's header and footer are the server's, rendered in
 * `language` (`PAINT.language` on the body: the shell hydrates them in that one).
 */
function documentHead({ language, title, description, head, rendered = false }: { language: Language; title: string; description?: string; head: string; rendered?: boolean }): string {
  return (
    `<!doctype html><html lang="${language === 'en-EN' ? 'en' : 'es-PE'}"><head><meta charset="utf-8"/>` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"/><title>${escapeHtml(title)}</title>` +
    (description === undefined ? '' : `<meta name="description" content="${escapeHtml(description)}"/>`) +
    `<meta name="theme-color" content="${THEME_COLOR}"/>${head}</head><body${rendered ? ` ${PAINT.language}="${language}"` : ''}>`
  );
}

const DOCUMENT_END = '</body></html>';
const headerPlace = (html: string) => `<div id="${PAINT.header}">${html}</div>`;
const mainPlace = (area: string) => `<main id="${PAINT.main}" tabindex="-1"><div id="${PAINT.shellMain}"></div><div id="${PAINT.remotes}">${area}</div></main>`;
const footerPlace = (html: string) => `<div id="${PAINT.footer}">${html}</div>`;

/** Data in a page (never run: `application/json`), written so no text in it can close its script. */
const jsonScript = (id: string, value: unknown) => `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

const styleTag = ({ text, ids }: RenderResult['css']) => (text ? `<style data-emotion="css ${ids.join(' ')}">${text}</style>` : '');

/** The shell's render as the page uses it (`globalCss`: the UI kit's, prebuilt). */
export type ShellPart = Pick<ShellResult, 'head' | 'html' | 'css' | 'footer'> & { globalCss?: string };

/** A remote's rendered area as the page uses it (its scripts' addresses start at `publicPath`). */
export type AreaPart = Pick<RenderResult, 'html' | 'css' | 'data' | 'island' | 'scripts'> & { publicPath: string };

/**
 * A page's first chunk, sent before its area is rendered: the head (title, the shell's first
 * script, its CSS) and the header. The script reads the area's island directive from the area's
 * container once it has arrived (route-hints.entry.ts).
 */
export function pageStart({ shell, language, firstScript }: { shell: ShellPart; language: Language; firstScript: string }): string {
  const head =
    `<link rel="icon" href="${ICON}"/><script>${firstScript}</script>` +
    `<style id="${PAINT.globalCss}">${shell.globalCss ?? ''}</style><style>${BASE_CSS}</style>${styleTag(shell.css)}`;
  return documentHead({ language, title: shell.head.title ?? '', description: shell.head.description ?? '', head, rendered: true }) + headerPlace(shell.html);
}

/**
 * The rest, once the area is rendered (or past its budget: empty, its skeleton): the area with
 * its island directive (`PAINT.island`: when its code starts), its client part's script, the
 * footer (hydrated by the shell) and the page's data. No preload, even for a page
 * whose code starts at once (a purchase step): a request started before the page's largest paint
 * delays it (issue 33, figure 5); its code asks once the page has painted (route-hints.ts `whenToStart`).
 */
export function pageRest({ shell, area, remote, language }: { shell: ShellPart; area: AreaPart | undefined; remote: string | undefined; language: Language }): string {
  const island: IslandDirective = area?.island ?? 'load';
  const scripts = (area?.scripts ?? [])
    .map((file) => `<script id="${PAINT.frameFill}" src="${escapeHtml(new URL(file, area!.publicPath).href)}" async crossorigin="anonymous"></script>`)
    .join('');
  const container = remote ? `<div id="${remoteArea(remote)}" ${PAINT.island}="${island}" ${PAINT.language}="${language}">${area?.html ?? ''}</div>` : '';
  return (
    `${scripts}${area ? styleTag(area.css) : ''}${mainPlace(container)}` +
    footerPlace(shell.footer.html) +
    (area && Object.keys(area.data).length ? jsonScript(PAINT.data, area.data) : '') +
    NOSCRIPT +
    DOCUMENT_END
  );
}

/** The static header of `index.html` until the shell renders: the light logo (layout/logo.tsx), same height and place, so nothing moves. */
const BOOT_HEADER =
  '<div class="boot-header"><svg viewBox="0 0 210 48" height="36" width="157.5" role="img" aria-label="Rumbo Andino" xmlns="http://www.w3.org/2000/svg">' +
  '<circle cx="33" cy="12" r="6" fill="#d86f0f"/><path d="M2 44 L18 18 L26 30 L34 20 L46 44 Z" fill="#0f3a60"/>' +
  '<path d="M22 44 C26 38 30 36 34 30" stroke="#ffffff" stroke-width="3" fill="none" stroke-linecap="round"/>' +
  '<text x="54" y="23" font-family="system-ui, sans-serif" font-size="17" font-weight="800" fill="#0f3a60" letter-spacing="0.5">RUMBO</text>' +
  '<text x="54" y="42" font-family="system-ui, sans-serif" font-size="15" font-weight="500" fill="#d86f0f" letter-spacing="3">ANDINO</text></svg></div>';
const BOOT_HEADER_CSS =
  '.boot-header{box-sizing:border-box;height:57px;border-bottom:1px solid #e4e4e7;display:flex;align-items:center;max-width:80rem;margin:0 auto;padding:0 1rem}' +
  '@media (min-width:600px){.boot-header{padding:0 1.5rem}}';

/**
 * The shell's `index.html`: the page the browser draws (the site server's answer when the shell's
 * render fails, the service worker's app shell). Its first script is the file (`async`: it fetches
 * the page's remote while the shell's entry, which the build adds, is still downloading), the
 * runtime files are preloaded, the UI kit's global CSS is inline (`globalCss`, prebuilt:
 * scripts/chakra-global-css.mjs), and the header's place holds the static header.
 */
export function shellIndex({ title, description, globalCss }: { title: string; description: string; globalCss: string }): string {
  const head =
    `<link rel="icon" href="${ICON}"/>` +
    '<link rel="preload" href="/config.json" as="fetch" crossorigin="anonymous"/><link rel="preload" href="/remotes.json" as="fetch" crossorigin="anonymous"/>' +
    '<script src="/route-hints.js" async></script>' +
    `<style id="${PAINT.globalCss}">${globalCss}</style><style>${BASE_CSS}${BOOT_HEADER_CSS}</style>`;
  return documentHead({ language: 'es-PE', title, description, head }) + headerPlace(BOOT_HEADER) + mainPlace('') + footerPlace('') + NOSCRIPT + DOCUMENT_END;
}

/**
 * The offline page of a kept ticket: its one script (`script`, which draws the page, told the API's
 * origin and the product by `PAINT.offlineApi` and `PAINT.offlineProduct`) and the main landmark
 * it draws into; nothing inline, so its policy allows no inline script or style.
 */
export function offlinePage({ script, apiOrigin, product }: { script: string; apiOrigin: string; product: string }): string {
  const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const head = `<script src="${attribute(script)}" ${PAINT.offlineApi}="${attribute(apiOrigin)}" ${PAINT.offlineProduct}="${attribute(product)}" defer crossorigin="anonymous"></script>`;
  return documentHead({ language: 'es-PE', title: 'Rumbo Andino', head }) + `<main id="${PAINT.main}"></main>` + DOCUMENT_END;
}
