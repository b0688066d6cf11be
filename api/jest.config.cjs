/** Node tests of the API; scripts/test.mjs runs them once per database engine. */

// ESM-only dependencies (jose; cookie under fastify's inject; htmlparser2 and its family under
// sanitize-html): Node 20 loads them with require(esm), Jest's module system cannot, so they are
// compiled like our sources. PGlite's own dynamic import() of Node built-ins needs Jest to run
// with --experimental-vm-modules (scripts/test.mjs passes it).
const esmOnly = '(jose|cookie|htmlparser2|domhandler|domutils|dom-serializer|domelementtype|entities)';

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)s$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!\\.pnpm/${esmOnly}@|${esmOnly}/)`],
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  // Migrations and seed run once per run, into a template each file's database is copied from.
  globalSetup: '<rootDir>/src/test/global-setup.ts',
  // Passwords hashed at a cheap cost in tests (the production cost has its own tests).
  setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'],
  globalTeardown: '<rootDir>/src/test/global-teardown.ts',
  // Each file opens its own database; PGlite's first start takes a few seconds: half again the
  // browser packages' timeout, stretched as theirs is in CI (`JEST_TIMEOUT_SCALE`, jest.preset.cjs).
  testTimeout: require('../jest.preset.cjs').testTimeout * 1.5,
};
