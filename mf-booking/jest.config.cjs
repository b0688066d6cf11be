// The page tests type and click through Chakra/Ark widgets: allow for a busy 2-core machine.
module.exports = { ...require('../jest.preset.cjs'), rootDir: __dirname, testTimeout: 15_000 };
