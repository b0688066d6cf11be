import HtmlWebpackPlugin from 'html-webpack-plugin';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig, createPrerenderConfig, createScriptConfig } from '../webpack.federation.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

/** The UI kit's global CSS for the site's theme, inlined in index.html (see the script). */
const chakraGlobalCss = () =>
  execFileSync(process.execPath, ['--import', 'tsx', path.join(dir, 'scripts/chakra-global-css.mjs')], { cwd: dir, encoding: 'utf8' });

export default (env, argv) => [
  createConfig(
    {
      dir,
      name: 'shell',
      entry: './src/index.ts',
      plugins: [
        new HtmlWebpackPlugin({
          template: './public/index.html',
          scriptLoading: 'defer',
          inject: 'head',
          templateParameters: { chakraGlobalCss: chakraGlobalCss() },
        }),
      ],
    },
    argv,
  ),
  // `/route-hints.js` (index.html): starts the page's remote download before main.js has arrived.
  createScriptConfig({ dir, name: 'route-hints', entry: './src/route-hints.entry.ts', dependsOn: 'shell' }, argv),
  // `prerender.json`: the header, footer and titles the deploy stitches into every prerendered page.
  createPrerenderConfig({ dir, name: 'shell', entry: './src/prerender.tsx' }, argv),
];
