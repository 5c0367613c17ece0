// Dev tooling over prisma/migrations (tools/db-migration-create.ts, tools/embed-migrations.ts): not used at run time.
export { readMigrationFolder, writeMigration } from './migration-files.js';
export { diffMigrationsToSchema } from './schema-diff.js';
