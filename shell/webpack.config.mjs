import HtmlWebpackPlugin from 'html-webpack-plugin';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig, createScriptConfig } from '../webpack.federation.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default (env, argv) => [
  createConfig(
    {
      dir,
      name: 'shell',
      entry: './src/index.ts',
      runtimePlugins: [path.join(dir, 'src/remotes/retry.plugin.ts')],
      plugins: [new HtmlWebpackPlugin({ template: './public/index.html', scriptLoading: 'defer', inject: 'head' })],
    },
    argv,
  ),
  // `/route-hints.js` (index.html): starts the page's remote download before main.js has arrived.
  createScriptConfig({ dir, name: 'route-hints', entry: './src/route-hints.entry.ts', dependsOn: 'shell' }, argv),
];
