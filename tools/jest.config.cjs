// The repository-level checks (README command blocks, the CLIs under tools/) with the shared preset; the
// reliability suite in tools/chaos has its own config and command (npm run test:chaos).
const preset = require('../jest.preset.cjs');

module.exports = { ...preset, testMatch: ['<rootDir>/**/*.spec.ts'], testPathIgnorePatterns: ['/node_modules/', '/bench/', '/chaos/'] };
