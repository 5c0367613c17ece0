import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from '@jest/globals';
import { readMigrationFolder } from './migration-files.js';
import { diffMigrationsToSchema } from './schema-diff.js';

const root = join(import.meta.dirname, '..', '..', '..', '..');

it('prisma/schema.prisma and prisma/migrations describe the same database (no drift)', async () => {
  const migrations = readMigrationFolder(join(root, 'prisma', 'migrations'));
  const pending = await diffMigrationsToSchema(migrations, readFileSync(join(root, 'prisma', 'schema.prisma'), 'utf8'));
  // A non-empty diff means schema.prisma changed without `npm run db:migration:create -- <name>`.
  expect(pending).toBe('');
});
