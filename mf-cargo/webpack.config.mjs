import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig } from '../webpack.federation.mjs';

export default (env, argv) =>
  createConfig(
    {
      dir: path.dirname(fileURLToPath(import.meta.url)),
      name: 'mf_cargo',
      exposes: { './app': './src/app.tsx' },
    },
    argv,
  );
