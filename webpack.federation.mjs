/**
 * The one build configuration of the shell and every remote (STYLE.md: "one build config, many
 * apps"). An app's own `webpack.config.mjs` names only what is its own: its federation name,
 * its exposes, its HTML (shell). Everything else (loaders, shared singletons, output naming for
 * immutable versioned folders, minifier, manifest) lives here.
 */
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { createRequire } from 'node:module';
import path from 'node:path';
import TerserPlugin from 'terser-webpack-plugin';
import webpack from 'webpack';

const require = createRequire(import.meta.url);
const sharedPackage = require('./shared/package.json');

/**
 * Loaded once, one instance for the whole site. `@rumbo/shared/ui` carries the Chakra
 * components the site uses, so Chakra itself is not shared on its own (see shared/src/ui).
 */
const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'mobx',
  'mobx-react-lite',
  'i18next',
  'react-i18next',
  '@emotion/react',
  'react-router',
  'single-spa',
  '@rumbo/shared',
  '@rumbo/shared/ui',
];

function sharedConfig() {
  const shared = {};
  for (const name of SINGLETONS) {
    const own = name.startsWith('@rumbo/shared');
    shared[name] = {
      singleton: true,
      strictVersion: false,
      requiredVersion: own ? `^${sharedPackage.version}` : false,
      ...(own ? { version: sharedPackage.version } : {}),
    };
  }
  return shared;
}

/**
 * @param {object} app
 * @param {string} app.dir            the app's folder (its webpack.config's dirname)
 * @param {string} app.name           federation name (`mf_content`), a JS identifier
 * @param {Record<string,string>} [app.exposes]  a remote's exposes (`./app`)
 * @param {string} [app.entry]        the shell's entry
 * @param {string[]} [app.runtimePlugins]
 * @param {import('webpack').WebpackPluginInstance[]} [app.plugins]
 */
export function createConfig({ dir, name, exposes, entry, runtimePlugins = [], plugins = [] }, argv = {}) {
  const production = argv.mode !== 'development';
  const pkg = require(path.join(dir, 'package.json'));
  return {
    mode: production ? 'production' : 'development',
    context: dir,
    entry: entry ? { main: entry } : {},
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(dir, 'dist'),
      // 'auto': chunks load next to the entry, wherever the versioned folder is published.
      publicPath: 'auto',
      // Federated entries must keep a stable name; the hash lives in the chunks.
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:10].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      uniqueName: name,
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js'] },
    module: {
      rules: [
        {
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
        },
        { test: /\.(svg|png|jpe?g|webp|avif)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: exposes ? 'remoteEntry.js' : undefined,
        exposes,
        shared: sharedConfig(),
        runtimePlugins,
        manifest: { fileName: 'mf-manifest.json' },
        dts: false,
      }),
      new webpack.DefinePlugin({
        __APP_NAME__: JSON.stringify(pkg.name),
        __APP_VERSION__: JSON.stringify(pkg.version),
        // A label of this build (see `publish`): lets an operator see which build is live.
        __BUILD_LABEL__: JSON.stringify(process.env.BUILD_LABEL ?? ''),
      }),
      ...plugins,
    ],
    optimization: {
      minimize: production,
      minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, terserOptions: { compress: true, mangle: true } })],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
