/**
 * The one Jest setup of the browser packages (shell, shared, remotes): @swc/jest, a jsdom with
 * Node's web globals, and the ESM-only packages transformed (ky, react-router and their kin ship
 * only ES modules, which Jest's CommonJS runtime cannot load untransformed).
 */
const path = require('node:path');

/** How much longer than usual a test may take in this run (`JEST_TIMEOUT_SCALE`, default 1). */
function timeoutScale() {
  const scale = Number(process.env.JEST_TIMEOUT_SCALE ?? 1);
  return Number.isFinite(scale) && scale >= 1 ? scale : 1;
}

module.exports = {
  testEnvironment: path.join(__dirname, 'jest.environment.cjs'),
  transform: {
    '^.+\\.(t|j)sx?$|\\.mjs$': [
      require.resolve('@swc/jest', { paths: [path.join(__dirname, 'shared')] }),
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: {
            react: { runtime: 'automatic' },
            // What webpack's DefinePlugin gives a build (webpack.federation.mjs): a test is a build labelled so.
            optimizer: { globals: { vars: { 'import.meta.hot': 'undefined', __APP_VERSION__: '"test"', __BUILD_LABEL__: '""' } } },
          },
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // ESM-only packages (and their scoped dependencies in pnpm's store) are transformed too
  // (htmlparser2 and its family: under sanitize-html, which mf-content's renderer uses).
  transformIgnorePatterns: [
    '/node_modules/(?!(\\.pnpm|ky|react-router|cookie-es|@remix-run|htmlparser2|domhandler|domutils|dom-serializer|domelementtype|entities)/)',
    '/node_modules/\\.pnpm/(?!(ky|react-router|cookie-es|@remix-run\\+[^@/]+|htmlparser2|domhandler|domutils|dom-serializer|domelementtype|entities)@)',
  ],
  moduleNameMapper: {
    '\\.(svg|png|jpe?g|webp|avif)$': path.join(__dirname, 'jest.file-stub.cjs'),
  },
  setupFilesAfterEnv: [path.join(__dirname, 'jest.setup.cjs')],
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
  // Several packages' suites run side by side on a 2-core CI machine: time is not what these test.
  // CI runs the suites a year ahead on the machine's idle time beside the browser journeys, where a
  // test may wait long for a core: `JEST_TIMEOUT_SCALE` stretches this default there (.ci/run).
  testTimeout: 20_000 * timeoutScale(),
};
