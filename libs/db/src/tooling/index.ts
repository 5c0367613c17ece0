// Dev tooling over prisma/migrations (tools/db-migration-create.ts, tools/embed-migrations.ts) and scratch databases for
// the bench (which runs under plain tsx, without the Jest globals @propfolio/db/testing needs): not used at run time.
export { readMigrationFolder, writeMigration } from './migration-files.js';
export { diffMigrationsToSchema } from './schema-diff.js';
export { createScratchDatabase, type ScratchDatabase } from '../testing/scratch-database.js';
