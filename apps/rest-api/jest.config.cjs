const preset = require('../../jest.preset.cjs');

// Test databases start from a template with the catalog already imported (see test/database-seed.ts).
module.exports = { ...preset, setupFilesAfterEnv: ['<rootDir>/test/database-seed.ts'] };
