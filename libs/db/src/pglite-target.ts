import type { PrismaPGlite } from 'pglite-prisma-adapter';
import { acquireDirectoryLock } from './directory-lock.js';
import { CHANGES_CHANNEL, type ChangeWatcher, type StopWatching } from './change-feed.js';
import { PGliteThread } from './pglite-thread.js';
import type { SqlRunner } from './sql-runner.js';

export interface PgliteTarget {
  adapter: PrismaPGlite;
  runner: SqlRunner;
  /** The whole database as a tarball, for `snapshot` (test templates). */
  dump(): Promise<Blob>;
  /** In one process every notification arrives: the feed is live from the start. */
  watchChanges(watcher: ChangeWatcher): Promise<StopWatching>;
  /** Its triggers notify directly: one process, one backend, no commit waits on another's. */
  announceChanges(): void;
  close(): Promise<void>;
}

/**
 * PostgreSQL's defaults size shared buffers for a server (128 MB); inside this process they are WASM
 * memory that is touched at start and stays resident (WASM memory ≈ 13 MB + shared_buffers). 16 MB holds
 * the working set of one user's portfolio and the catalog (the whole database is about 25 MB, and a miss
 * is a read from the OS page cache): idle RSS of the server 300 → 283 MB against 32 MB, with the same
 * CPU per request on the catalog search and portfolio reads.
 */
const EMBEDDED_CONF = ['shared_buffers = 16MB', 'wal_buffers = 1MB'];

/**
 * The embedded database: a real PostgreSQL (PGlite) inside this process. On disk it keeps its files in
 * `dataDir`, created on first start, and one directory belongs to one process (guarded by a lock file).
 */
export async function openPglite(dataDir: string | undefined, snapshot?: Blob): Promise<PgliteTarget> {
  const release = dataDir ? acquireDirectoryLock(dataDir) : () => undefined;
  try {
    // Loaded here, not at the top: a process on a PostgreSQL server never loads the embedded database.
    // One after the other: Jest's ESM loader fails two concurrent imports of a shared module.
    const { PrismaPGlite } = await import('pglite-prisma-adapter');
    // In a thread of its own (pglite-thread.ts says why). Restoring a snapshot skips initdb, PGlite's
    // slowest step (seconds per instance on a busy machine).
    const pglite = await PGliteThread.open({
      ...(dataDir ? { dataDir } : {}),
      ...(snapshot ? { snapshot } : {}),
      conf: EMBEDDED_CONF,
    });
    const runner: SqlRunner = {
      exec: async (script) => {
        await pglite.exec(script);
      },
      query: async <Row extends Record<string, unknown>>(sql: string, params?: unknown[]) => (await pglite.query<Row>(sql, params)).rows,
      // One process owns the directory (lock file), and PGlite serialises its own queries.
      withMigrationLock: (work) => work(runner),
    };
    return {
      adapter: new PrismaPGlite(pglite.asPGlite()),
      runner,
      dump: () => pglite.dumpDataDir(),
      watchChanges: async (watcher) => {
        const unlisten = await pglite.listen(CHANGES_CHANNEL, (payload) => watcher.change(payload));
        watcher.live(true);
        return async () => {
          watcher.live(false);
          if (!pglite.closed) await unlisten();
        };
      },
      announceChanges: () => undefined,
      close: async () => {
        try {
          if (!pglite.closed) await pglite.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
