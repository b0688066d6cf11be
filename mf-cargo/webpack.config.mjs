import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig, createPrerenderConfig } from '../webpack.federation.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default (env, argv) => [
  createConfig({ dir, name: 'mf_cargo', exposes: { './app': './src/app.tsx' } }, argv),
  // `prerender.json`: the first screens of the cargo pages, stitched into them at deploy.
  createPrerenderConfig({ dir, name: 'mf_cargo', entry: './src/prerender.tsx' }, argv),
];
