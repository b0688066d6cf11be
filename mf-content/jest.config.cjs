const path = require('node:path');
const preset = require('../jest.preset.cjs');

const [swc] = Object.values(preset.transform);

/**
 * The shared preset, plus what react-router 8 needs beyond it: its scoped dependencies in pnpm's
 * store (`.pnpm/@remix-run+route-pattern@…`) and cookie-es's `.mjs` files are ESM to transform.
 */
module.exports = {
  ...preset,
  rootDir: __dirname,
  transform: { '^.+\\.(t|j)sx?$|\\.mjs$': swc },
  transformIgnorePatterns: [
    '/node_modules/(?!(\\.pnpm|ky|react-router|cookie-es|@remix-run)/)',
    '/node_modules/\\.pnpm/(?!(ky|react-router|cookie-es|@remix-run\\+[^@/]+)@)',
  ],
  setupFilesAfterEnv: [...preset.setupFilesAfterEnv, path.join(__dirname, 'jest.setup.cjs')],
};
