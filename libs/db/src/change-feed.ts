import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** The channel the change triggers notify (prisma/migrations/…_change_notifications). */
export const CHANGES_CHANNEL = 'propfolio_changes';

/** The listener's application_name, as pg_stat_activity shows it. */
export const LISTENER_NAME = 'propfolio-changes';
/** How long a lost listener connection waits before it connects again. */
const RECONNECT_MS = 500;
/** A probe notification the listener sends itself: not live until it arrives, and lost if one does not. */
const PROBE_PREFIX = 'probe:';
const PROBE_TIMEOUT_MS = 5_000;
const PROBE_EVERY_MS = 30_000;

/**
 * Receives the database's change notifications: `change` with the owner's user id of each committed
 * write (or '*' for the shared catalog), `live` whenever notifications start or stop flowing (a
 * consumer must not rely on them while they are not).
 */
export interface ChangeWatcher {
  change(scope: string): void;
  live(isLive: boolean): void;
}

/** Stops following the changes. */
export type StopWatching = () => Promise<void>;

/**
 * Follows a PostgreSQL server's change notifications on a connection of its own (LISTEN holds its
 * session, so it cannot come from the pool), connecting again whenever that connection is lost.
 *
 * The feed is declared live only once a notification it sent itself has come back, and again every
 * PROBE_EVERY_MS: a connection that silently stopped delivering (a half-open socket, or a pooler in
 * transaction mode such as PgBouncer's, where LISTEN and NOTIFY do not share a session) is not trusted.
 */
export function followPostgresChanges(databaseUrl: string, watcher: ChangeWatcher): StopWatching {
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  const probes = new Map<string, () => void>();

  /** Whether a notification sent on `client` comes back to it in time. */
  const probe = async (client: pg.Client): Promise<boolean> => {
    const payload = `${PROBE_PREFIX}${randomUUID()}`;
    const arrived = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
      timer.unref();
      probes.set(payload, () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    try {
      await client.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, payload]);
      return await arrived;
    } finally {
      probes.delete(payload);
    }
  };

  const lost = (client: pg.Client) => {
    if (current !== client) return;
    current = null;
    clearInterval(heartbeat);
    watcher.live(false);
    client.end().catch(() => undefined);
    if (stopped) return;
    retry = setTimeout(() => void connect(), RECONNECT_MS);
    retry.unref();
  };

  const connect = async () => {
    const client = new pg.Client({ connectionString: databaseUrl, application_name: LISTENER_NAME });
    current = client;
    client.on('notification', (message) => {
      if (message.channel !== CHANGES_CHANNEL || !message.payload) return;
      if (message.payload.startsWith(PROBE_PREFIX)) probes.get(message.payload)?.();
      else watcher.change(message.payload);
    });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      if (!(await probe(client))) throw new Error('the listener did not receive its own notification');
      if (current !== client) return;
      watcher.live(true);
      heartbeat = setInterval(() => {
        void probe(client)
          .catch(() => false)
          .then((delivered) => {
            if (!delivered) lost(client);
          });
      }, PROBE_EVERY_MS);
      heartbeat.unref();
    } catch {
      lost(client);
    }
  };

  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(heartbeat);
    const client = current;
    current = null;
    watcher.live(false);
    await client?.end().catch(() => undefined);
  };
}
