module.exports = { ...require('../jest.preset.cjs'), rootDir: __dirname };
