/**
 * The one Jest setup of the browser packages (shell, shared, remotes): @swc/jest, a jsdom with
 * Node's web globals, and the ESM-only packages transformed (see TOOLCHAIN.md).
 */
const path = require('node:path');

const esmOnly = ['\\.pnpm', 'ky', 'react-router', 'cookie-es', '@remix-run'].join('|');

module.exports = {
  testEnvironment: path.join(__dirname, 'jest.environment.cjs'),
  transform: {
    '^.+\\.(t|j)sx?$': [
      require.resolve('@swc/jest', { paths: [path.join(__dirname, 'shared')] }),
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: {
            react: { runtime: 'automatic' },
            optimizer: { globals: { vars: { 'import.meta.hot': 'undefined' } } },
          },
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly})/)`, '/node_modules/\\.pnpm/(?!(ky|react-router|cookie-es|@remix-run)@)'],
  moduleNameMapper: {
    '\\.(svg|png|jpe?g|webp|avif)$': path.join(__dirname, 'jest.file-stub.cjs'),
  },
  setupFilesAfterEnv: [path.join(__dirname, 'jest.setup.cjs')],
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
};
