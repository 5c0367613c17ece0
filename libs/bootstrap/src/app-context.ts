import { requestHash, type DomainServices, type IdempotencyStore } from '@propfolio/domain';
import { createLogger, type Authenticator, type Config, type Logger, type Operation, type RateLimiter } from '@propfolio/core';
import { openDatabase, type Database } from '@propfolio/db';
import { createRateLimiter, OperationRunner } from '@propfolio/http';
import { AnswerCache, withAnswerCache } from '@propfolio/operations';
import { prepareDatabase } from './prepare-database.js';
import { buildOperations } from './registry.js';

/**
 * Everything a front door needs, opened once per process: configuration, logger, database (migrated,
 * catalog imported), the operations and the key authenticator. REST and MCP each take one of these.
 */
export interface AppContext {
  config: Config;
  logger: Logger;
  db: Database;
  operations: readonly Operation[];
  authenticate: Authenticator;
  /** Replays of POSTs sent with an Idempotency-Key (REST). */
  idempotency: IdempotencyStore;
  rateLimiter: RateLimiter;
  /** Kept answers of read operations; a write outside the operations (the trash, a unit) runs in `answers.writing`. */
  answers: AnswerCache;
  /**
   * How REST and the dashboard run an operation over HTTP, built here once with what they share (the answer cache,
   * Idempotency-Key replays and their request hash), so the front doors need nothing of the domain for it. REST
   * answers an operation's file form (a CSV export) as a download; the dashboard keeps it JSON, since its page
   * makes the download from the JSON's text.
   */
  runners: { api: OperationRunner; dashboard: OperationRunner };
  /** Domain services for the dashboard's own (non-registry) routes: sessions, keys, trash, admin. */
  domain: DomainServices;
  /** Closes what the context opened (the rate limiter, and the database when it opened it). */
  close(): Promise<void>;
}

export interface AppContextOptions {
  logger?: Logger;
  rateLimiter?: RateLimiter;
  /** The EA engine's own per-client limiter (default: EA_RATE_LIMIT_PER_MINUTE, through Redis when configured). */
  eaRateLimiter?: RateLimiter;
  /** Where the local owner's first key and setup link go (default: printed once on stdout, outside the logs). */
  announceKey?: (key: string, userName: string, setupUrl: string) => void;
}

/** The one place a key is printed: on the terminal of whoever started the service, never in the logs. */
function announceFirstKey(key: string, userName: string, setupUrl: string): void {
  process.stdout.write(
    `\nCreated the local owner "${userName}" on this empty database. Its API key is shown once and will not be shown again:\n\n` +
      `    ${key}\n\nUse it as "Authorization: Bearer <key>". More keys: npm run keys -- create --user <name>\n\n` +
      `Set the owner's email and password for the web dashboard (this link works once, for 24 hours):\n\n    ${setupUrl}\n\n`,
  );
}

/** Where the dashboard is reached: PUBLIC_URL, else the listener's own address. */
export function serviceOrigin(config: Config): string {
  if (config.publicUrl) return config.publicUrl;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${config.port}`;
}

/**
 * Channels stored without the key that sealed them cannot be sent to: said once at start, as an error naming the
 * setting, rather than as a dead letter per alert later. The service still starts, since everything else works.
 */
async function checkAlertKey(db: Database, config: Config, logger: Logger): Promise<void> {
  if (config.alerts.secretKey) return;
  // On the driver: a start makes no Prisma query before it listens (the client's first query costs ~0.35 s).
  const [row] = await db.driverQuery<{ channels: number }>('SELECT count(*)::int AS channels FROM "AlertChannel"');
  const channels = row?.channels ?? 0;
  if (channels > 0) {
    logger.error('alert channels cannot send', {
      channels,
      reason:
        "ALERTS_SECRET_KEY is not set: the stored channels' secrets cannot be opened, so no alert is delivered. Set it to the key they were stored with.",
    });
  }
}

/** Builds the context over a database that is already open (tests, or a host that owns the database). */
export async function createAppContext(db: Database, config: Config, options: AppContextOptions = {}): Promise<AppContext> {
  const logger = options.logger ?? createLogger(config.logLevel);
  // Once per process: the context is built once at start (runService), and old names keep working meanwhile.
  for (const notice of config.deprecations) logger.warn('deprecated setting', { notice });
  await prepareDatabase(db, logger);
  const { operations, authenticate, idempotency, firstKey, domain, cpu, eaLimiter } = await buildOperations(
    db,
    config,
    logger,
    options.eaRateLimiter,
  );
  if (firstKey) {
    const setupUrl = `${serviceOrigin(config)}/setup?token=${firstKey.setupToken}`;
    (options.announceKey ?? announceFirstKey)(firstKey.key, firstKey.userName, setupUrl);
  }
  const rateLimiter = options.rateLimiter ?? createRateLimiter(config, logger);
  const answers = new AnswerCache(config.answerCacheEntries, Date.now, () => db.announceChanges());
  const stopWatching = await db.watchChanges({ change: (scope) => answers.changed(scope), live: (live) => answers.setLive(live) });
  domain.alerts.useLogger(logger.child({ component: 'alerts' }));
  // Silence is the absence of a write, so no write can notice it: a timer per process looks (see AlertService.watchSilence).
  const stopSilenceWatch = domain.alerts.watchSilence();
  await checkAlertKey(db, config, logger);
  // Off the request path: a snapshot's answer waits for its delivery rows to be written, never for a receiver.
  domain.alertDelivery.start();
  const stopCalendarWatch =
    config.calendar.url === undefined
      ? () => undefined
      : domain.calendar.watchUrl(config.calendar.url, config.calendar.refreshMinutes, logger.child({ component: 'calendar' }));
  const runnerDeps = { answers, idempotency, requestHash };
  return {
    config,
    logger,
    db,
    operations: withAnswerCache(operations, answers),
    runners: { api: new OperationRunner(runnerDeps, { files: true }), dashboard: new OperationRunner(runnerDeps, { files: false }) },
    answers,
    authenticate,
    idempotency,
    rateLimiter,
    domain,
    close: async () => {
      stopSilenceWatch();
      stopCalendarWatch();
      await domain.alerts.idle();
      // Attempts in flight finish (each within its timeout); what is still queued stays for the next start.
      await domain.alertDelivery.stop();
      await stopWatching();
      await rateLimiter.close();
      await cpu.close();
      await eaLimiter.close();
    },
  };
}

/** Opens the configured database (migrating it) and builds the context; `close()` closes the database too. */
export async function openAppContext(config: Config, logger: Logger = createLogger(config.logLevel)): Promise<AppContext> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  if (db.migrations.applied.length > 0) logger.info('migrations applied', { applied: db.migrations.applied });
  try {
    const context = await createAppContext(db, config, { logger });
    return {
      ...context,
      close: async () => {
        await context.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}
