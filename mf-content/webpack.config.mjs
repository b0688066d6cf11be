import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig } from '../webpack.federation.mjs';

export default (env, argv) => {
  const config = createConfig(
    {
      dir: path.dirname(fileURLToPath(import.meta.url)),
      name: 'mf_content',
      exposes: { './app': './src/app.tsx' },
    },
    argv,
  );
  // Leaflet's stylesheet as text: the agencies map puts it in the page itself, only on /oficina.
  config.module.rules.push({ test: /leaflet[\\/]dist[\\/]leaflet\.css$/, type: 'asset/source' });
  return config;
};
