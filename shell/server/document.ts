/**
 * The site's one document: the page as every reader gets it (head, the shell's header, the main
 * area with the remote's area in it, the footer, the page's data), written by the site server per
 * request in two chunks (`documentStart` before the area is rendered, `documentRest` after), and by
 * the build as the shell's `index.html` (`shellIndex`: a page the browser draws, the same places
 * empty). Every name the browser finds in it is `PAINT`'s (@rumbo/shared/paint).
 */
import { AREA_SELECTOR, PAINT, remoteArea, type IslandDirective, type Language, type RenderResult, type ShellResult } from '@rumbo/shared/paint';

export const escapeHtml = (text: unknown): string =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Data in a page (never run: `application/json`), written so no text in it can close its script. */
const jsonScript = (id: string, value: unknown) => `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

const styleTag = ({ text, ids }: RenderResult['css']) => (text ? `<style data-emotion="css ${ids.join(' ')}">${text}</style>` : '');

/** The base layout: the footer below the fold, the header's place, an empty area's skeleton. */
export const BASE_CSS =
  'html{-webkit-text-size-adjust:100%}body{margin:0;min-height:100vh;display:flex;flex-direction:column;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}' +
  `#${PAINT.main}{flex:1 0 auto;min-height:100vh;outline:none}#${PAINT.header}{min-height:57px}` +
  // An area whose render failed or was too slow: its sized skeleton until the browser renders it.
  `${AREA_SELECTOR.replace(/ /g, '')}[${PAINT.island}]:empty{min-height:70vh;margin:2rem auto;max-width:72rem;border-radius:.75rem;background:linear-gradient(90deg,#f4f4f5 25%,#e4e4e7 50%,#f4f4f5 75%);background-size:200% 100%}`;

export const ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 48 48'%3E%3Ccircle cx='33' cy='12' r='6' fill='%23d86f0f'/%3E%3Cpath d='M2 44 L18 18 L26 30 L34 20 L46 44 Z' fill='%230f3a60'/%3E%3C/svg%3E";

const NOSCRIPT = '<noscript>Rumbo Andino necesita JavaScript para vender pasajes. / Rumbo Andino needs JavaScript to sell tickets.</noscript>';

/** The shell's answer as the document uses it (`globalCss`: the UI kit's, prebuilt). */
export type ShellPart = Pick<ShellResult, 'head' | 'html' | 'css' | 'footer'> & { globalCss?: string };

/** A remote's rendered area as the document uses it (its scripts' addresses start at `publicPath`). */
export type AreaPart = Pick<RenderResult, 'html' | 'css' | 'data' | 'island' | 'scripts'> & { publicPath: string };

/**
 * The page's first chunk, sent before its area is rendered: the head (title, the shell's first
 * script, its CSS) and the header. The script reads the area's island directive from the area's
 * container once it has arrived (route-hints.entry.ts).
 */
export function documentStart({ shell, language, firstScript }: { shell: ShellPart; language: Language; firstScript: string }): string {
  return (
    `<!doctype html><html lang="${language === 'en-EN' ? 'en' : 'es-PE'}"><head><meta charset="utf-8"/>` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"/><title>${escapeHtml(shell.head.title ?? '')}</title>` +
    `<meta name="description" content="${escapeHtml(shell.head.description ?? '')}"/><meta name="theme-color" content="#0f3a60"/>` +
    `<link rel="icon" href="${ICON}"/>` +
    `<script>${firstScript}</script>` +
    `<style id="${PAINT.globalCss}">${shell.globalCss ?? ''}</style><style>${BASE_CSS}</style>${styleTag(shell.css)}</head>` +
    `<body><div id="${PAINT.header}">${shell.html}</div>`
  );
}

/**
 * The rest, once the area is rendered (or past its budget: empty, its skeleton): the area with
 * its island directive (`PAINT.island`: when its code starts), its client part's script, the
 * footer and the page's data. No preload, even for a page whose code starts at once (a purchase
 * step): a request started before the page's largest paint delays it (issue 33, figure 5); its
 * code asks once the page has painted (route-hints.ts `whenToStart`).
 */
export function documentRest({ shell, area, remote, language }: { shell: ShellPart; area: AreaPart | undefined; remote: string | undefined; language: Language }): string {
  const island: IslandDirective = area?.island ?? 'load';
  const scripts = (area?.scripts ?? [])
    .map((file) => `<script id="${PAINT.frameFill}" src="${escapeHtml(new URL(file, area!.publicPath).href)}" async crossorigin="anonymous"></script>`)
    .join('');
  const container = remote ? `<div id="${remoteArea(remote)}" ${PAINT.island}="${island}" ${PAINT.language}="${language}">${area?.html ?? ''}</div>` : '';
  return (
    `${scripts}${area ? styleTag(area.css) : ''}<main id="${PAINT.main}" tabindex="-1"><div id="${PAINT.shellMain}"></div><div id="${PAINT.remotes}">${container}</div></main>` +
    `<div id="${PAINT.footer}"><div ${PAINT.staticFooter}="">${shell.footer.html}</div></div>` +
    (area && Object.keys(area.data).length ? jsonScript(PAINT.data, area.data) : '') +
    `${NOSCRIPT}</body></html>`
  );
}
