import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig, createPrerenderConfig } from '../webpack.federation.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default (env, argv) => [
  createConfig({ dir, name: 'mf_complaints', exposes: { './app': './src/app.tsx' } }, argv),
  // `prerender.json`: the complaints book's first screen, stitched into its page at deploy.
  createPrerenderConfig({ dir, name: 'mf_complaints', entry: './src/prerender.tsx' }, argv),
];
