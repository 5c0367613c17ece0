/**
 * `npm run db:migration:create -- <name>`: writes the next migration from the difference between
 * prisma/migrations and prisma/schema.prisma, offline (WASM schema engine on an in-memory PGlite).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { diffMigrationsToSchema, readMigrationFolder, writeMigration } from '@propfolio/db/tooling';

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('Usage: npm run db:migration:create -- <snake_case_name>');
  process.exit(2);
}
const root = join(import.meta.dirname, '..');
const migrationsDir = join(root, 'prisma', 'migrations');
const sql = await diffMigrationsToSchema(readMigrationFolder(migrationsDir), readFileSync(join(root, 'prisma', 'schema.prisma'), 'utf8'));
if (sql === '') {
  console.log('prisma/schema.prisma and prisma/migrations agree: no migration needed.');
} else {
  const folder = writeMigration(migrationsDir, name, sql);
  console.log(`Created prisma/migrations/${folder}/migration.sql. Review it, then run npm run generate.`);
}
