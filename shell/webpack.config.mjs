import HtmlWebpackPlugin from 'html-webpack-plugin';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import { createConfig, createRendererConfig, createScriptConfig } from '../webpack.federation.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

/** The UI kit's global CSS for the site's theme, inlined in index.html (see the script). */
const chakraGlobalCss = () =>
  execFileSync(process.execPath, ['--import', 'tsx', path.join(dir, 'scripts/chakra-global-css.mjs')], { cwd: dir, encoding: 'utf8' });

export default (env, argv) => {
  const globalCss = chakraGlobalCss();
  return [
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
          templateParameters: { chakraGlobalCss: globalCss },
        }),
      ],
    },
    argv,
  ),
  // `/route-hints.js` (index.html): starts the page's remote download before main.js has arrived.
  createScriptConfig({ dir, name: 'route-hints', entry: './src/route-hints.entry.ts', dependsOn: 'shell' }, argv),
  // `renderer.cjs`: the route table, titles, header and footer, rendered per request by the site server.
  createRendererConfig(
    { dir, name: 'shell', entry: './src/renderer.tsx', plugins: [new webpack.DefinePlugin({ __CHAKRA_GLOBAL_CSS__: JSON.stringify(globalCss) })] },
    argv,
  ),
  ];
};
