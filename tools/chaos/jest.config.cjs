// `npm run test:chaos`: the reliability suite (races, kill -9, PostgreSQL backends killed under load,
// random input). Loopback only; runs on PostgreSQL when TEST_DATABASE_URL is set, else on PGlite.
const preset = require('../../jest.preset.cjs');
module.exports = { ...preset, rootDir: __dirname, testMatch: ['<rootDir>/**/*.spec.ts'], testTimeout: 600_000, reporters: ['default'] };
