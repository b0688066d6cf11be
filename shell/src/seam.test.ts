import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Every name crossing the server/browser seam is `PAINT`'s (@rumbo/shared/paint), imported by the
 * site server, the document template, the shell and the remotes: none is restated as text there
 * (issue 49, figure 3). A name found here is to be taken from `PAINT` instead.
 */
const ROOT = path.resolve(__dirname, '../..');
const SOURCES = ['shell/server', 'shell/src', 'shell/scripts', 'shared/src', ...readdirSync(ROOT).filter((name) => name.startsWith('mf-')).map((name) => `${name}/src`)];
/** Where the names are declared: the protocol, and the site's languages it re-exports. */
const DECLARED_IN = ['shared/src/paint.ts', 'shared/src/schemas/language.ts'];

/** Each name as the server's HTML or the browser's code would restate it. */
const NAMES: Record<string, RegExp> = {
  'page-data': /['"`]page-data['"`]|id="page-data"/,
  'shell-header': /['"`]shell-header['"`]|#shell-header\b|id="shell-header"/,
  main: /(?<!el\(doc, )['"`]main['"`](?!\))|#main\b|id="main"/,
  'shell-main': /['"`]shell-main['"`]|id="shell-main"/,
  remotes: /['"`]remotes['"`]|#remotes\b|id="remotes"/,
  'shell-footer': /['"`]shell-footer['"`]|id="shell-footer"/,
  'remote-<app>': /remote-\$\{|id="remote-/,
  'frame-fill': /['"`]frame-fill['"`]|id="frame-fill"|#frame-fill\b/,
  'chakra-global-css': /['"`]chakra-global-css['"`]|id="chakra-global-css"/,
  'data-island': /data-island\b/,
  'data-live': /data-live\b/,
  'data-language': /data-language\b/,
  'data-parcel-slot': /data-parcel-slot\b/,
  'data-slot-key': /data-slot-key\b/,
  'data-static-footer': /data-static-footer\b/,
  'data-frame-filled': /data-frame-filled\b/,
  'rumbo:frame-filled': /rumbo:frame-filled/,
  'data-signed-in, data-account, data-account-name': /data-signed-in\b|data-account(-name)?\b/,
  __RUMBO_PUBLIC_PATH__: /__RUMBO_PUBLIC_PATH__/,
  'lang-web{product}': /lang-web/,
  'token cookie': /cookies\.token\b|tokenCookie:\s*'token'|['"`]token=/,
  'data-api, data-product': /data-api\b|data-product\b|dataset\.(api|product)\b/,
  'the languages': /const LANGUAGES = \[/,
  'the named parts': /'trip-search':\s*'mf_booking'/,
};

function sources(folder: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(path.join(ROOT, folder))) {
    const file = path.join(folder, name);
    if (statSync(path.join(ROOT, file)).isDirectory()) {
      if (!['node_modules', 'dist', 'testing'].includes(name)) found.push(...sources(file));
    } else if (/\.(tsx?|mjs)$/.test(name) && !/\.test\.|\.d\.mts$/.test(name)) found.push(file);
  }
  return found;
}

describe('the server/browser seam', () => {
  it('restates no name of the paint protocol outside @rumbo/shared/paint (comments aside)', () => {
    const restated: string[] = [];
    for (const file of SOURCES.flatMap(sources)) {
      // The web app manifests are the build's, not the seam's (they name the languages for the install prompt).
      if (DECLARED_IN.includes(file) || file.endsWith('web-app-manifest.mjs')) continue;
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const text = line.trim();
          if (/^(\*|\/\/|\/\*|\{\/\*)/.test(text)) return;
          for (const [name, pattern] of Object.entries(NAMES)) if (pattern.test(line)) restated.push(`${name}: ${file}:${i + 1}`);
        });
    }
    expect(restated).toEqual([]);
  });
});
