/**
 * Prints the shell's `index.html` (src/document.ts `shellIndex`, the site's one document template)
 * with the UI kit's global CSS given on stdin (chakra-global-css.mjs) and the default title and
 * description of the site's language (es-PE). The shell's build (webpack.config.mjs) adds its
 * entry script. Run with `node --import tsx` (the template is TypeScript).
 */
import { readFileSync } from 'node:fs';
import { shellIndex } from '../src/document.ts';
import texts from '../src/locales.es-PE.json' with { type: 'json' };

process.stdout.write(shellIndex({ title: texts.defaultTitle, description: texts.defaultDescription, globalCss: readFileSync(0, 'utf8') }));
