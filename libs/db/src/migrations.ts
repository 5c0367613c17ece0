import { randomUUID } from 'node:crypto';
import { migrations as embeddedMigrations, type EmbeddedMigration } from './generated/migrations.js';
import type { SqlRunner } from './sql-runner.js';

export type { EmbeddedMigration };

export interface MigrationReport {
  applied: string[];
  alreadyApplied: number;
}

/** Same table and columns as Prisma's own `migrate deploy`, so the real CLI can take over a database. */
const HISTORY_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
);`;

/**
 * Applies every migration not yet recorded, each in its own transaction together with its history row,
 * under a database-wide lock so that two processes starting at once cannot both apply the same one.
 */
export async function applyMigrations(
  runner: SqlRunner,
  migrations: readonly EmbeddedMigration[] = embeddedMigrations,
): Promise<MigrationReport> {
  return runner.withMigrationLock(async (locked) => {
    await locked.exec(HISTORY_TABLE);
    const rows = await locked.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const done = new Map(rows.map((row) => [row.migration_name, row.checksum]));
    const applied: string[] = [];
    for (const migration of migrations) {
      const recorded = done.get(migration.name);
      if (recorded !== undefined) {
        if (recorded !== migration.checksum) {
          throw new Error(
            `Migration ${migration.name} was changed after it was applied (checksum differs). ` +
              'Applied migrations are immutable: add a new migration instead.',
          );
        }
        continue;
      }
      const escapedName = migration.name.replace(/'/g, "''");
      await locked
        .exec(
          `BEGIN;\n${migration.sql}\n;INSERT INTO "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count) ` +
            `VALUES ('${randomUUID()}', '${migration.checksum}', '${escapedName}', now(), 1);\nCOMMIT;`,
        )
        .catch(async (error: unknown) => {
          await locked.exec('ROLLBACK;').catch(() => undefined);
          throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
        });
      applied.push(migration.name);
    }
    return { applied, alreadyApplied: done.size };
  });
}
