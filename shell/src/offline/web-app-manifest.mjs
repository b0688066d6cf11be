/**
 * The web app manifests (issue 36 item 1), one per language: `/manifest.webmanifest` (es-PE, the
 * site's default) and `/manifest.en-EN.webmanifest`. Both are the same app (`id`); each names it
 * in its language and starts it in that language (`?idioma=`, read by the shared i18n at start).
 * The page links the one of the reader's language (`register.ts`). Built by the shell's `sw`
 * configuration (webpack.config.mjs); the texts are in `manifest.<language>.json` beside this file.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
export const LANGUAGES = ['es-PE', 'en-EN'];
/** The site's colours (index.html's theme-color; the brand palette's 900). */
export const THEME_COLOR = '#0f3a60';
export const BACKGROUND_COLOR = '#ffffff';

export const manifestFile = (language) => (language === 'es-PE' ? 'manifest.webmanifest' : `manifest.${language}.webmanifest`);

/** The site's mark (index.html's icon): a sun over the Andes. */
const mark = `<circle cx='33' cy='12' r='6' fill='#d86f0f'/><path d='M2 44 L18 18 L26 30 L34 20 L46 44 Z' fill='${THEME_COLOR}'/>`;
export const ICONS = {
  'icons/rumbo.svg': `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 48 48'>${mark}</svg>`,
  // Maskable: the mark inside the safe zone (the inner 80%), on a full background.
  'icons/rumbo-maskable.svg': `<svg xmlns='http://www.w3.org/2000/svg' viewBox='-12 -12 72 72'><rect x='-12' y='-12' width='72' height='72' fill='${BACKGROUND_COLOR}'/>${mark}</svg>`,
};

export function webAppManifest(language) {
  const texts = JSON.parse(readFileSync(path.join(dir, `manifest.${language}.json`), 'utf8'));
  return {
    id: '/',
    lang: language,
    dir: 'ltr',
    name: texts.name,
    short_name: texts.short_name,
    description: texts.description,
    start_url: `/?idioma=${language}`,
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: '/icons/rumbo.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: '/icons/rumbo-maskable.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
    ],
  };
}
