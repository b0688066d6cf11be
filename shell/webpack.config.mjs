import HtmlWebpackPlugin from 'html-webpack-plugin';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import webpack from 'webpack';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig, createRendererConfig, createScriptConfig } from '../webpack.federation.mjs';
import { ICONS, LANGUAGES, manifestFile, webAppManifest } from './src/offline/web-app-manifest.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

/**
 * Issue 36: `/sw.js`, the service worker (src/offline/sw.ts, Workbox), built after the shell with
 * the shell build's id baked in (a hash of everything the shell emitted), so a new shell installs
 * a new worker and its caches; and the web app manifests with their icons.
 */
function serviceWorkerConfig(argv) {
  const config = createScriptConfig({ dir, name: 'sw', entry: './src/offline/sw.ts', dependsOn: 'shell' }, argv);
  const shellBuild = () => {
    const out = path.join(dir, 'dist');
    const hash = createHash('sha256');
    for (const file of readdirSync(out).sort()) {
      if (/^sw\.js|\.(map|br|gz)$/.test(file) || !/\.(js|html|json)$/.test(file)) continue;
      hash.update(file).update(readFileSync(path.join(out, file)));
    }
    return JSON.stringify(hash.digest('hex').slice(0, 16));
  };
  config.plugins.push(
    new webpack.DefinePlugin({ __SHELL_BUILD__: webpack.DefinePlugin.runtimeValue(shellBuild, true) }),
    {
      apply(compiler) {
        compiler.hooks.thisCompilation.tap('WebAppManifest', (compilation) => {
          compilation.hooks.processAssets.tap({ name: 'WebAppManifest', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
            const { RawSource } = compiler.webpack.sources;
            for (const language of LANGUAGES) compilation.emitAsset(manifestFile(language), new RawSource(`${JSON.stringify(webAppManifest(language), null, 2)}\n`));
            for (const [file, svg] of Object.entries(ICONS)) compilation.emitAsset(file, new RawSource(svg));
          });
        });
      },
    },
  );
  return config;
}

/**
 * The site server (server/*.ts), built to plain Node modules in `server/dist` (`site-server.mjs`,
 * its renderers' `render-worker.mjs` beside it), run by scripts/start.mjs with plain node: no
 * TypeScript at run time. Packages stay imports resolved from the shell's node_modules; the
 * workspace's own TypeScript (@rumbo/shared/paint) is bundled.
 */
function siteServerConfig(argv) {
  return {
    name: 'site-server',
    mode: argv.mode === 'development' ? 'development' : 'production',
    target: 'node20',
    context: dir,
    entry: { 'site-server': './server/site-server.ts', 'render-worker': './server/render-worker.ts' },
    devtool: false,
    output: { path: path.join(dir, 'server/dist'), filename: '[name].mjs', module: true, chunkFormat: 'module', library: { type: 'module' }, clean: true },
    experiments: { outputModule: true },
    externalsPresets: { node: true },
    externals: [({ request }, callback) => (/^[^./]/.test(request) && !request.startsWith('@rumbo/') ? callback(null, `node-commonjs ${request}`) : callback())],
    resolve: { extensions: ['.ts', '.mjs', '.js'] },
    module: {
      // `import.meta.url` is the built file's own (renderers.ts finds its worker beside it).
      parser: { javascript: { importMeta: false, createRequire: false } },
      rules: [{ test: /\.ts$/, exclude: /node_modules/, use: { loader: 'swc-loader', options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } } } }],
    },
    // Readable stack traces in the server's logs; its size does not matter.
    optimization: { minimize: false, splitChunks: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/** The UI kit's global CSS for the site's theme, inlined in index.html (see the script). */
const chakraGlobalCss = () =>
  execFileSync(process.execPath, ['--import', 'tsx', path.join(dir, 'scripts/chakra-global-css.mjs')], { cwd: dir, encoding: 'utf8' });

/** `index.html`, from the site's one document template (src/document.ts, see the script). */
const indexHtml = (globalCss) =>
  execFileSync(process.execPath, ['--import', 'tsx', path.join(dir, 'scripts/index-html.mjs')], { cwd: dir, encoding: 'utf8', input: globalCss });

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
          templateContent: indexHtml(globalCss),
          scriptLoading: 'defer',
          inject: 'head',
        }),
      ],
    },
    argv,
  ),
  // `route-hints.js`: the page's first script, written inline into every page's head by the site
  // server (its build fails if its text could end its element); index.html names the file.
  createScriptConfig({ dir, name: 'route-hints', entry: './src/route-hints.entry.ts', dependsOn: 'shell', inline: true }, argv),
  serviceWorkerConfig(argv),
  // `renderer.cjs`: the route table, titles, header and footer, rendered per request by the site server.
  createRendererConfig(
    { dir, name: 'shell', entry: './src/renderer.tsx', plugins: [new webpack.DefinePlugin({ __CHAKRA_GLOBAL_CSS__: JSON.stringify(globalCss) })] },
    argv,
  ),
  siteServerConfig(argv),
  ];
};
