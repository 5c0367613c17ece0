import { AppError } from '@propfolio/core';
import { PrismaClient } from './generated/prisma/client.js';
import { AmbientTransactions } from './ambient-transaction.js';
import type { ChangeWatcher, StopWatching } from './change-feed.js';
import { applyMigrations, type MigrationReport } from './migrations.js';
import { openPglite } from './pglite-target.js';
import { openPostgres } from './postgres-target.js';
import type { SqlRunner } from './sql-runner.js';
import { retryTransient } from './transient.js';

export interface DatabaseOptions {
  /** A PostgreSQL server (`postgresql://…`). When absent, the embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Where the embedded database keeps its files (default `./data`). Ignored with `databaseUrl`. */
  dataDir?: string | undefined;
  /** Embedded database in memory only: for tests and benchmarks. */
  memory?: boolean;
  /** Connections per process against a PostgreSQL server (default 10). */
  poolSize?: number;
  /**
   * How often a process that watches changes drains the change outbox for writers that never announce
   * (default 250 ms; 0: never, so that a test sees only what announceChanges delivers). PostgreSQL only.
   */
  changeDrainEveryMs?: number;
  /** Apply pending migrations before returning (default true). */
  migrate?: boolean;
  /** With `memory`: start from a tarball made by `Database.dump()` instead of an empty cluster (tests). */
  snapshot?: Blob | undefined;
}

/**
 * The data layer's one handle. Nothing outside this lib knows which target (PGlite or a PostgreSQL
 * server) is behind it.
 */
export interface Database {
  /** The client to query with; inside `unit(…)`, that unit's transaction. Read it at call time, never keep it. */
  readonly prisma: PrismaClient;
  /**
   * Runs `work` as one transaction that every query inside joins through `prisma` (a nested
   * `$transaction` becomes a savepoint): all of it commits or none of it, and on PostgreSQL a unit whose
   * connection died is run again from the start.
   */
  unit<T>(work: () => Promise<T>): Promise<T>;
  /** Whether the caller runs inside a `unit(…)`, whose writes are not committed until it ends. */
  readonly inUnit: boolean;
  /** What opening applied; `applied` is empty on every start after the first. */
  readonly migrations: MigrationReport;
  /** Resolves when the database answers a query; rejects otherwise (readiness probe). */
  ping(): Promise<void>;
  /**
   * One read-only statement on the driver, without the Prisma client, whose first query loads and compiles its
   * WASM query compiler (about 0.35 s): for the checks a start makes before it listens, and for hot reads built
   * as one JSON row. Outside any `unit(…)`. On PostgreSQL a terminated backend or broken socket is retried on a
   * fresh connection, as Prisma's queries are; that is safe only because it reads, so never write through it.
   */
  driverQuery<Row extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Applies pending migrations; safe to call again and from several processes at once. */
  migrate(): Promise<MigrationReport>;
  /**
   * Follows every committed change to a user's records (and to the catalog), whoever made it: the
   * triggers of the change_notifications migration announce them.
   */
  watchChanges(watcher: ChangeWatcher): Promise<StopWatching>;
  /**
   * Tells the watchers everywhere about this process's committed writes now, instead of at the next
   * periodic drain of the change outbox (call it after a write has committed; cheap, calls coalesce).
   */
  announceChanges(): void;
  /** The embedded database as a tarball (reopen it with `snapshot`); refused for a PostgreSQL server. */
  dump(): Promise<Blob>;
  close(): Promise<void>;
}

export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  const target = options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10, options.changeDrainEveryMs ?? 250)
    : await openPglite(options.memory ? undefined : (options.dataDir ?? './data'), options.snapshot);
  const runner: SqlRunner = target.runner;
  let migrations: MigrationReport = { applied: [], alreadyApplied: 0 };
  try {
    if (options.migrate !== false) migrations = await applyMigrations(runner);
  } catch (error) {
    await target.close();
    throw error;
  }
  const prisma = new PrismaClient({ adapter: target.adapter });
  guardTransactions(prisma, { retry: Boolean(options.databaseUrl) });
  const ambient = new AmbientTransactions(prisma);
  let closed = false;
  return {
    get prisma() {
      return ambient.client;
    },
    unit: (work) => ambient.run(work),
    get inUnit() {
      return ambient.active;
    },
    get migrations() {
      return migrations;
    },
    ping: async () => {
      await runner.query('SELECT 1');
    },
    driverQuery: (sql, params) => (options.databaseUrl ? retryTransient(() => runner.query(sql, params)) : runner.query(sql, params)),
    migrate: async () => {
      migrations = await applyMigrations(runner);
      return migrations;
    },
    watchChanges: (watcher) => target.watchChanges(watcher),
    announceChanges: () => target.announceChanges(),
    dump: async () => {
      if (!('dump' in target)) throw new Error('Database.dump: only the embedded database can be dumped.');
      return target.dump();
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await prisma.$disconnect().catch(() => undefined);
      await target.close();
    },
  };
}

/** How long a transaction may wait for a free connection (Prisma's default, 2 s, is short under a burst). */
const TRANSACTION_MAX_WAIT_MS = 10_000;

/**
 * Every `$transaction` waits up to TRANSACTION_MAX_WAIT_MS for a connection, and one that still finds
 * none (every connection busy) is refused as 503 service_unavailable, which a client may retry, instead
 * of surfacing as an internal error. With `retry` (a PostgreSQL server), a transaction that failed
 * because its connection died (backend terminated, socket closed) rolled back as a whole, so it is run
 * again from the start on a fresh connection; business errors are never retried.
 */
function guardTransactions(prisma: PrismaClient, { retry }: { retry: boolean }): void {
  const transaction = prisma.$transaction.bind(prisma) as (...args: unknown[]) => Promise<unknown>;
  Object.defineProperty(prisma, '$transaction', {
    value: (work: unknown, options?: object) => {
      const args = typeof work === 'function' ? [work, { maxWait: TRANSACTION_MAX_WAIT_MS, ...options }] : [work, options];
      const run = () => transaction(...args);
      return (retry ? retryTransient(run) : run()).catch(refuseWhenBusy);
    },
    configurable: true,
    writable: true,
  });
}

function refuseWhenBusy(error: unknown): never {
  const e = error as { code?: unknown; message?: unknown };
  if (e.code === 'P2028' && typeof e.message === 'string' && /Unable to start a transaction in the given time/i.test(e.message)) {
    throw new AppError('service_unavailable', 'The database is busy: every connection is in use. Retry in a moment.');
  }
  // A transaction that outlived its timeout was rolled back whole (nothing of it is written): the database was too
  // slow for it at that moment, which the caller may retry, not a fault of the request.
  if (typeof e.message === 'string' && /expired transaction|Transaction already closed/i.test(e.message)) {
    throw new AppError(
      'service_unavailable',
      'The database was too busy to finish this write in time; nothing was stored. Retry in a moment.',
    );
  }
  throw error;
}
