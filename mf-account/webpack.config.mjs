import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig, createRendererConfig } from '../webpack.federation.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default (env, argv) => [
  createConfig({ dir, name: 'mf_account', exposes: { './app': './src/app.tsx' } }, argv),
  // `renderer.cjs`: this version's server renderer, called per request by the site server.
  createRendererConfig({ dir, name: 'mf_account', entry: './src/renderer.tsx' }, argv),
];
