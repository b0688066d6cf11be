import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig, createRendererConfig } from '../webpack.federation.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));
// Leaflet's stylesheet as text: the agencies map puts it in the page itself, only on /oficina.
const leafletCss = { test: /leaflet[\\/]dist[\\/]leaflet\.css$/, type: 'asset/source' };

export default (env, argv) => {
  const config = createConfig({ dir, name: 'mf_content', exposes: { './app': './src/app.tsx' } }, argv);
  config.module.rules.push(leafletCss);
  return [config, createRendererConfig({ dir, name: 'mf_content', entry: './src/renderer.tsx', rules: [leafletCss] }, argv)];
};
