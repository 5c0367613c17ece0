import { CHANGES_CHANNEL } from './change-feed.js';

/**
 * Sent first on each of the apps' pooled connections: their change triggers then leave each change's
 * owner in the "ChangeOutbox" table instead of calling pg_notify in the writing transaction, which would
 * make every commit on the server wait for the one before it (see the change_outbox migration). A SET,
 * not a startup option, because PgBouncer refuses unknown startup parameters; where a pooler does not
 * keep it (transaction mode), the triggers notify directly: slower, never wrong.
 */
export const USE_CHANGE_OUTBOX = 'SET propfolio.change_outbox = on';

/**
 * One round trip, one implicit transaction: takes every waiting change and announces each owner once.
 * Asynchronous commit, because the notifications are a hint that a crash loses anyway; it keeps this
 * commit (which holds the NOTIFY lock) from waiting for a WAL flush.
 */
const DRAIN_SQL =
  `SET LOCAL synchronous_commit = off; ` +
  `WITH gone AS (DELETE FROM "ChangeOutbox" RETURNING "scope") ` +
  `SELECT pg_notify('${CHANGES_CHANNEL}', s."scope") FROM (SELECT DISTINCT "scope" FROM gone) s`;

/**
 * How long an announcement waits for others to join it: under load one drain then serves many writes
 * instead of costing a round trip each (about a tenth of a write's CPU here), and other instances still
 * hear of a write within a few milliseconds of its commit. The writing instance never waits for it.
 */
const ANNOUNCE_GATHER_MS = 5;

interface ChangeAnnouncer {
  /** Drains the outbox soon; announcements meanwhile join that drain, or the next if it already began. */
  announce: () => void;
  /** Drains now; resolves once a drain that began after this call has finished. */
  flush: () => Promise<void>;
}

/**
 * Announces committed changes from the outbox, one drain at a time. A drain that fails (a lost
 * connection, a database not yet migrated) leaves the rows for the next one.
 */
export function changeAnnouncer(run: (sql: string) => Promise<unknown>, gatherMs = ANNOUNCE_GATHER_MS): ChangeAnnouncer {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  /** A change may have committed after the running drain began: one more drain is owed. */
  let owed = false;

  const drainOnce = async () => {
    try {
      await run(DRAIN_SQL);
    } catch {
      // The rows stay in the outbox for the next drain.
    }
  };
  const start = (): Promise<void> => {
    const current = drainOnce().finally(() => {
      running = undefined;
      if (owed) {
        owed = false;
        schedule();
      }
    });
    running = current;
    return current;
  };
  const schedule = () => {
    timer ??= setTimeout(() => {
      timer = undefined;
      if (running) owed = true;
      else void start();
    }, gatherMs);
  };

  return {
    // A drain in flight when the gathering ends is followed by one more (`owed`), so this needs no case of its own.
    announce: schedule,
    flush: async () => {
      clearTimeout(timer);
      timer = undefined;
      while (running) await running;
      await start();
    },
  };
}
