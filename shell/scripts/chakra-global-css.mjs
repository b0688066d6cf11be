/**
 * Prints the UI kit's global CSS for the site's theme: the cascade layers' order, the reset, the
 * global styles and every design token as a CSS variable, exactly as Chakra's provider would
 * inject them at run time (Emotion's serializer and stylis with its prefixer, as Emotion does).
 *
 * The shell's build puts this CSS inline in index.html (webpack.config.mjs), so the browser parses
 * it with the page instead of the page computing it in JavaScript at every start (building and
 * serialising ~25 KB of token styles is a long task on a phone); `UiProvider` then skips that
 * work. Run with `node --import tsx` (the theme is TypeScript).
 */
import { serializeStyles } from '@emotion/serialize';
import { compile, middleware, prefixer, serialize, stringify } from 'stylis';
import { getSystem } from '@rumbo/shared/theme';

const system = getSystem();
const toCss = (styles) => serialize(compile(serializeStyles([styles], undefined, {}).styles), middleware([prefixer, stringify]));

process.stdout.write(`${toCss(system.layers.atRule)}${toCss(system._global)}`);
