import { CHANGES_CHANNEL } from './change-feed.js';

/**
 * Startup option of the apps' pooled connections: their change triggers leave each change's owner in
 * the "ChangeOutbox" table instead of calling pg_notify in the writing transaction, which would make
 * every commit on the server wait for the one before it (see the change_outbox migration). A pooler that
 * drops the option only brings back the direct notification: slower, never wrong.
 */
export const CHANGE_OUTBOX_OPTION = '-c propfolio.change_outbox=on';

/**
 * One round trip, one implicit transaction: takes every waiting change and announces each owner once.
 * Asynchronous commit, because the notifications are a hint that a crash loses anyway; it keeps this
 * commit (which holds the NOTIFY lock) from waiting for a WAL flush.
 */
const DRAIN_SQL =
  `SET LOCAL synchronous_commit = off; ` +
  `WITH gone AS (DELETE FROM "ChangeOutbox" RETURNING "scope") ` +
  `SELECT pg_notify('${CHANGES_CHANNEL}', s."scope") FROM (SELECT DISTINCT "scope" FROM gone) s`;

export interface ChangeAnnouncer {
  /** Drains the outbox soon: at once, or right after the drain in flight (calls meanwhile coalesce). */
  announce(): void;
  /** Resolves once a drain that started after this call has finished. */
  flush(): Promise<void>;
}

/**
 * Announces committed changes from the outbox, one drain at a time. A drain that fails (a lost
 * connection, a database not yet migrated) leaves the rows for the next one.
 */
export function changeAnnouncer(run: (sql: string) => Promise<unknown>): ChangeAnnouncer {
  let running: Promise<void> | null = null;
  let again = false;
  const drain = async () => {
    // Starts on the next tick, so that `running` is set before this can ever reset it.
    await Promise.resolve();
    try {
      while (again) {
        again = false;
        await run(DRAIN_SQL).catch(() => undefined);
      }
    } finally {
      running = null;
    }
  };
  const announce = () => {
    again = true;
    running ??= drain();
  };
  return {
    announce,
    flush: () => {
      announce();
      return running ?? Promise.resolve();
    },
  };
}
