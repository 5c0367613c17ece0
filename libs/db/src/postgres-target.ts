import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import pg from 'pg';
import { followPostgresChanges, type ChangeWatcher, type StopWatching } from './change-feed.js';
import { changeAnnouncer, USE_CHANGE_OUTBOX } from './change-outbox.js';
import type { SqlRunner } from './sql-runner.js';
import { retryingAdapter } from './transient.js';

export interface PostgresTarget {
  adapter: SqlDriverAdapterFactory;
  runner: SqlRunner;
  watchChanges(watcher: ChangeWatcher): Promise<StopWatching>;
  announceChanges(): void;
  close(): Promise<void>;
}

/** Arbitrary constant shared by every Propfolio process: the advisory lock key for migrations. */
const MIGRATION_LOCK_KEY = 7_311_420_026;

/** `drainEveryMs`: how often a watching process drains the outbox for writers that never announce (a crashed instance). */
export function openPostgres(databaseUrl: string, poolSize: number, drainEveryMs: number): PostgresTarget {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // The same for a checked-out client whose backend is terminated between two of its queries: the
  // failure reaches the query that uses it (and is retried), it must never be an unhandled 'error' event.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    // Queued ahead of the query the connection was opened for; a failure there fails that query too.
    client.query(USE_CHANGE_OUTBOX).catch(() => undefined);
  });
  const runnerOn = (queryable: pg.Pool | pg.PoolClient): SqlRunner => ({
    exec: async (script) => {
      await queryable.query(script);
    },
    query: async <Row extends Record<string, unknown>>(sql: string, params?: unknown[]) => (await queryable.query<Row>(sql, params)).rows,
    withMigrationLock: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        return await work(runnerOn(client));
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
  });
  const runner = runnerOn(pool);
  const announcer = changeAnnouncer((sql) => pool.query(sql));
  return {
    // A terminated backend or a broken socket is retried on a fresh pooled connection (issue 14 item 7).
    adapter: retryingAdapter(new PrismaPg(pool)),
    runner,
    watchChanges: async (watcher) => {
      const stop = followPostgresChanges(databaseUrl, watcher);
      const drains = drainEveryMs > 0 ? setInterval(announcer.announce, drainEveryMs) : undefined;
      drains?.unref();
      return async () => {
        clearInterval(drains);
        await stop();
      };
    },
    announceChanges: announcer.announce,
    close: async () => {
      await announcer.flush();
      await pool.end();
    },
  };
}
