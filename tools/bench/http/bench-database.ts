/**
 * The PostgreSQL database a bench run works in: a new, empty one beside the database that
 * BENCH_DATABASE_URL or TEST_DATABASE_URL names, dropped when the run ends. Rows left by earlier runs
 * or by the tests made the seeded user's numbers drift from run to run, and the "empty database" start
 * was not measured on an empty one. A role that may not create databases works in the named one, and
 * the run says so.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '@propfolio/db';
import { createScratchDatabase } from '@propfolio/db/tooling';

export interface BenchDatabase {
  url: string;
  release(): Promise<void>;
}

export async function benchDatabase(): Promise<BenchDatabase | null> {
  const named = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!named) return null;
  try {
    const scratch = await createScratchDatabase(named);
    return { url: scratch.url, release: () => scratch.drop() };
  } catch (error) {
    console.log(`(could not create a database for this run, ${String(error)}: working in the named one, with its rows)`);
    return { url: named, release: async () => undefined };
  }
}

/**
 * Runs `measure` on an embedded PGlite in a fresh directory, then on a scratch PostgreSQL database when one is named
 * (benchDatabase), closing and removing each; answers every run's result in that order, labelled as `measure` was.
 */
export async function onEachDatabase<T>(
  prefix: string,
  measure: (label: 'PGlite (in process)' | 'PostgreSQL', db: Database) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  try {
    const pglite = await openDatabase({ dataDir: dir });
    try {
      results.push(await measure('PGlite (in process)', pglite));
    } finally {
      await pglite.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const pg = await benchDatabase();
  if (pg) {
    const db = await openDatabase({ databaseUrl: pg.url });
    try {
      results.push(await measure('PostgreSQL', db));
    } finally {
      await db.close();
      await pg.release();
    }
  }
  return results;
}
