// The repository-level checks (README command blocks, the CLIs under tools/) with the shared preset.
const preset = require('../jest.preset.cjs');

module.exports = { ...preset, testMatch: ['<rootDir>/**/*.spec.ts'], testPathIgnorePatterns: ['/node_modules/', '/bench/'] };
