import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig, createPrerenderConfig } from '../webpack.federation.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default (env, argv) => [
  createConfig({ dir, name: 'mf_account', exposes: { './app': './src/app.tsx' } }, argv),
  // `prerender.json`: the first screens of sign-up and recovery, stitched into their pages at deploy.
  createPrerenderConfig({ dir, name: 'mf_account', entry: './src/prerender.tsx' }, argv),
];
