/**
 * The PostgreSQL database a bench run works in: a new, empty one beside the database that
 * BENCH_DATABASE_URL or TEST_DATABASE_URL names, dropped when the run ends. Rows left by earlier runs
 * or by the tests made the seeded user's numbers drift from run to run, and the "empty database" start
 * was not measured on an empty one. A role that may not create databases works in the named one, and
 * the run says so.
 */
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
