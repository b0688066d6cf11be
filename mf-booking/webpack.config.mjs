import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig, createRendererConfig, createScriptConfig } from '../webpack.federation.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default (env, argv) => [
  createConfig({ dir, name: 'mf_booking', exposes: { './app': './src/app.tsx', './search': './src/search.tsx' } }, argv),
  // `renderer.cjs`: this version's server renderer, called per request by the site server.
  createRendererConfig({ dir, name: 'mf_booking', entry: './src/renderer.tsx' }, argv),
  // `frame-fill.js`: what step 2's frame shows from session storage before the code (src/frame-fill.ts).
  createScriptConfig({ dir, name: 'frame-fill', entry: './src/frame-fill.entry.ts', dependsOn: 'mf_booking' }, argv),
  // `offline-ticket.js`: the ticket with no network, in the service worker's own document (src/reservation/offline-ticket.ts).
  createScriptConfig({ dir, name: 'offline-ticket', entry: './src/offline-ticket.entry.ts', dependsOn: 'mf_booking' }, argv),
];
