/**
 * The one build configuration of the shell and every remote (one build config, many apps). An
 * app's own `webpack.config.mjs` names only what is its own: its federation name,
 * its exposes, its HTML (shell). Everything else (loaders, shared singletons, output naming for
 * immutable versioned folders, minifier, manifest) lives here.
 */
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import TerserPlugin from 'terser-webpack-plugin';
import webpack from 'webpack';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { INLINE_SCRIPT_BREAKERS } from './shell/scripts/security-headers.mjs';
import { ON_DEMAND, SharedChunksPlugin, SharedNeedsPlugin } from './webpack.on-demand.mjs';

const require = createRequire(import.meta.url);
const ROOT = path.dirname(fileURLToPath(import.meta.url));
const sharedPackage = require('./shared/package.json');
/** The folder of package `name` as seen from `from` (a folder), without reading its exports map. */
function packageDir(name, from) {
  let dir = path.dirname(createRequire(path.join(from, 'noop.js')).resolve(name));
  while (!existsSync(path.join(dir, 'package.json')) || require(path.join(dir, 'package.json')).name !== name) {
    dir = path.dirname(dir);
  }
  return dir;
}

/** The ES build of a federation runtime package, as the federation plugin itself resolves it. */
function federationEsm(name) {
  const enhanced = packageDir('@module-federation/enhanced', ROOT);
  const tools = packageDir('@module-federation/runtime-tools', enhanced);
  const runtime = packageDir('@module-federation/runtime', tools);
  const dir = packageDir(`@module-federation/${name}`, runtime);
  return path.join(dir, require(path.join(dir, 'package.json')).module);
}

/**
 * Loaded once, one instance for the whole site. `@rumbo/shared/ui` carries the Chakra
 * components the site uses, so Chakra itself is not shared on its own (see shared/src/ui).
 * react-router is not here: each remote has its own router, and a shared module is never
 * tree-shaken, so each remote bundles only the parts of it that it uses. Nor is react-i18next:
 * `@rumbo/shared` re-exports the hook the site uses (the rest of it, `Trans` and its HTML parser,
 * would be a third of its size).
 */
const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'mobx',
  'mobx-react-lite',
  'i18next',
  '@emotion/react',
  'single-spa',
  'single-spa-react',
  '@rumbo/shared',
  '@rumbo/shared/ui',
  ...ON_DEMAND,
];

/**
 * The shell always provides the singletons, so it bundles them into its entry (`eager`): one
 * download instead of a second round trip for a dozen chunks. Remotes only consume them. Form
 * controls and overlays stay lazy: they load with the screen that uses them.
 */
function sharedConfig(isHost) {
  const shared = {};
  for (const name of SINGLETONS) {
    const own = name.startsWith('@rumbo/shared');
    shared[name] = {
      singleton: true,
      eager: isHost && !ON_DEMAND.has(name),
      // A remote never brings its own copy: it always takes the shell's instance (one Chakra
      // context, one session store), and its build carries no fallback bundles.
      ...(isHost ? {} : { import: false }),
      strictVersion: false,
      requiredVersion: own ? `^${sharedPackage.version}` : false,
      ...(own ? { version: sharedPackage.version } : {}),
    };
  }
  return shared;
}

/** TypeScript and JSX of our own sources, with swc. */
function swcRule(production) {
  return {
    test: /\.[cm]?[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          target: 'es2022',
          transform: { react: { runtime: 'automatic', development: !production } },
        },
      },
    },
  };
}

/** How the shell and every remote load their sources and assets (browser and prerender builds alike). */
function moduleRules(production, { emitAssets = true } = {}) {
  return [
    swcRule(production),
    { test: /\.(svg|png|jpe?g|webp|avif)$/, type: 'asset/resource', generator: { emit: emitAssets } },
  ];
}

function minimizer() {
  return new TerserPlugin({ minify: TerserPlugin.swcMinify, terserOptions: { compress: true, mangle: true } });
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` next to every text asset of a
 * production build. The builds are immutable, so they are compressed once, at the highest level,
 * instead of on every response at the fast level a server can afford (brotli 11 is ~15% smaller
 * than gzip 9 on our bundles); the static servers send them as they are (`preCompressed`).
 */
class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER, additionalAssets: true },
        (assets) => {
          for (const [name, asset] of Object.entries(assets)) {
            if (!/\.(js|json|html|css|svg)$/.test(name) || compilation.getAsset(`${name}.br`)) continue;
            const content = asset.buffer();
            if (content.length < 1024) continue;
            const br = brotliCompressSync(content, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            });
            compilation.emitAsset(`${name}.br`, new sources.RawSource(br));
            compilation.emitAsset(`${name}.gz`, new sources.RawSource(gzipSync(content, { level: 9 })));
          }
        },
      );
    });
  }
}

/** The constants every build of an app sees (its browser and its prerender build alike). */
function buildConstants(pkg) {
  return new webpack.DefinePlugin({
    __APP_NAME__: JSON.stringify(pkg.name),
    __APP_VERSION__: JSON.stringify(pkg.version),
    // A label of this build (see `publish`): lets an operator see which build is live.
    __BUILD_LABEL__: JSON.stringify(process.env.BUILD_LABEL ?? ''),
  });
}

/**
 * @param {object} app
 * @param {string} app.dir            the app's folder (its webpack.config's dirname)
 * @param {string} app.name           federation name (`mf_content`), a JS identifier
 * @param {Record<string,string>} [app.exposes]  a remote's exposes (`./app`)
 * @param {string} [app.entry]        the shell's entry
 * @param {import('webpack').WebpackPluginInstance[]} [app.plugins]
 */
export function createConfig({ dir, name, exposes, entry, plugins = [] }, argv = {}) {
  const production = argv.mode !== 'development';
  const pkg = require(path.join(dir, 'package.json'));
  return {
    name,
    mode: production ? 'production' : 'development',
    context: dir,
    entry: entry ? { main: entry } : {},
    // Production maps are for the operator (decoding a customer's stack trace), not the public:
    // emitted without a `sourceMappingURL` comment, left out of the served folders by the deploy
    // (shell/scripts/deploy-lib.mjs) and refused by the servers (issue 32).
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(dir, 'dist'),
      // A remote's chunks load next to its entry, wherever its versioned folder is published;
      // the shell is served from its origin's root (deep links must not resolve relatively).
      publicPath: exposes ? 'auto' : '/',
      // Federated entries must keep a stable name; the hash lives in the chunks.
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:10].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      uniqueName: name,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js'],
      // The federation runtime is reached both by `import` and by `require`: pin each package to
      // its ES build so it ships once, not as an ESM and a CommonJS copy.
      alias: Object.fromEntries(
        ['runtime-core', 'sdk'].map((name) => [`@module-federation/${name}$`, federationEsm(name)]),
      ),
    },
    module: { rules: moduleRules(production) },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: exposes ? 'remoteEntry.js' : undefined,
        exposes,
        shared: sharedConfig(!exposes),
        // The shell provides every shared module, so a module is taken from what is loaded. The
        // default ('version-first') downloads every registered remote's entry to compare versions
        // the first time a lazily shared module is needed: all remotes on any page.
        shareStrategy: 'loaded-first',
        manifest: { fileName: 'mf-manifest.json' },
        dts: false,
        // The federation runtime ships once, with the shell; remotes use the shell's.
        experiments: exposes ? { externalRuntime: true, optimization: { target: 'web' } } : { provideExternalRuntime: true, optimization: { target: 'web', disableSnapshot: true } },
      }),
      buildConstants(pkg),
      ...plugins,
      ...(exposes ? [new SharedNeedsPlugin()] : [new SharedChunksPlugin()]),
      ...(production ? [new PrecompressPlugin()] : []),
    ],
    optimization: {
      minimize: production,
      minimizer: [minimizer()],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/**
 * A small standalone script served next to an app (`<name>.js` in its `dist`): no federation, no
 * shared modules, built after the app (`dependsOn`) so the app's output cleaning keeps it.
 *
 * @param {object} script
 * @param {string} script.dir       the app's folder
 * @param {string} script.name      the script's file name, without `.js`
 * @param {string} script.entry     its source
 * @param {string} script.dependsOn the name of the app's own configuration
 * @param {boolean} [script.inline] written inline into every page by the site server (the shell's
 *   first script): the build fails if its text could end its `<script>` element
 */
export function createScriptConfig({ dir, name, entry, dependsOn, inline = false }, argv = {}) {
  const production = argv.mode !== 'development';
  return {
    name,
    dependencies: [dependsOn],
    mode: production ? 'production' : 'development',
    context: dir,
    entry: { [name]: entry },
    // As the apps' (createConfig): maps for the operator only.
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    output: { path: path.join(dir, 'dist'), filename: '[name].js', clean: false },
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js'] },
    module: { rules: [swcRule(production)] },
    plugins: [...(inline ? [new InlineScriptCheckPlugin()] : []), ...(production ? [new PrecompressPlugin()] : [])],
    optimization: { minimize: production, minimizer: [minimizer()] },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/**
 * Fails the build of a script the site server writes inline into every page (`inline: true`, the
 * shell's first script) when its text holds what would end or escape its `<script>` element: the
 * server then never needs a second way of sending it.
 */
class InlineScriptCheckPlugin {
  apply(compiler) {
    const { Compilation, WebpackError } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('InlineScriptCheckPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'InlineScriptCheckPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ANALYSE }, (assets) => {
        for (const [name, asset] of Object.entries(assets)) {
          if (!name.endsWith('.js')) continue;
          const found = INLINE_SCRIPT_BREAKERS.exec(asset.source().toString());
          if (found) compilation.errors.push(new WebpackError(`${name} is sent inline in every page, and holds "${found[0]}" at ${found.index}, which would end its <script> element`));
        }
      });
    });
  }
}

/**
 * What a rendered page's asset addresses start with: the build does not know where its versioned
 * folder will be served from; the site server gives the renderer that address at load
 * (`globalThis.__RUMBO_PUBLIC_PATH__`, set before the bundle runs: webpack's `publicPath: 'auto'`
 * has no script to read it from in Node).
 */
export const RENDERER_FILE = 'renderer.cjs';

/**
 * The build of an app's server renderer (target node, one file, no federation: every module
 * bundled, so React, Emotion and i18next are one instance as in the browser), written into the
 * same build folder as `renderer.cjs`, so it is part of the version. Its entry exports `render`
 * (and `renderPart`), typed by `@rumbo/shared/paint`; the site server calls it per request. The
 * CDN never serves it (static-server.mjs).
 *
 * @param {object} app
 * @param {string} app.dir    the app's folder
 * @param {string} app.name   the app's own configuration name (its federation name)
 * @param {string} app.entry  the renderer's entry module
 * @param {object[]} [app.rules] the app's own extra module rules
 * @param {object[]} [app.plugins] the app's own extra plugins
 */
export function createRendererConfig({ dir, name, entry, rules = [], plugins = [] }, argv = {}) {
  const production = argv.mode !== 'development';
  const pkg = require(path.join(dir, 'package.json'));
  return {
    name: `${name}-renderer`,
    dependencies: [name],
    mode: production ? 'production' : 'development',
    target: 'node',
    context: dir,
    // First, where asset addresses start (`@rumbo/shared/server-public-path`); the exports are the entry's.
    entry: { renderer: [require.resolve('./shared/src/server-public-path.ts'), entry] },
    devtool: false,
    output: {
      path: path.join(dir, 'dist'),
      filename: RENDERER_FILE,
      library: { type: 'commonjs2' },
      // Set at load from the version folder's address (`server-public-path.ts`).
      publicPath: '',
      // The same names as the browser build's, whose files these addresses point at.
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: false,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js'],
      alias: Object.fromEntries(
        ['runtime-core', 'sdk'].map((name) => [`@module-federation/${name}$`, federationEsm(name)]),
      ),
    },
    module: { rules: [...moduleRules(production, { emitAssets: false }), ...rules] },
    plugins: [
      buildConstants(pkg),
      // One file: the page's lazy parts are rendered too, as a static build does.
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      ...plugins,
    ],
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
