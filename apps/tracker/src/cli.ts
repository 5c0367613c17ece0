import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { TrackerClient, type FetchLike } from './client.js';
import { systemClock, type Clock } from './clock.js';
import { readFigures } from './figures.js';
import { cliPlatform, normalizeServiceUrl, TRACKER_VERSION } from './protocol.js';
import { DEFAULT_QUEUE_CAP, FileQueue } from './queue.js';
import { runLoop, runOnce, type RunEnd } from './run.js';
import { queued, Tracker, type Logger, type TrackerStats } from './tracker.js';

export const USAGE = `propfolio-tracker ${TRACKER_VERSION}: pushes an account's balance and equity to Propfolio.

Usage:
  propfolio-tracker --url <service> --login <login> --server <server> --currency <ISO> --figures <file> [options]

Required:
  --url <url>              the Propfolio service, e.g. https://propfolio.example.com
  --key <key>              a tracker-scope API key (eakey_...); or set PROPFOLIO_KEY
  --login <login>          the trading account number
  --server <server>        the broker's trade server, as the platform shows it (e.g. FTMO-Demo)
  --currency <ISO>         the account's deposit currency (USD, JPY, ...)
  --figures <file>         JSON {"balance": n, "equity": n, "closedPnlToday"?: n, "closedPositions"?: [...],
                           "openPositions"?: [...]}, re-read every interval

Options:
  --initial-balance <n>    the balance the account started with (default: the first balance read)
  --name <text>            a label for the account in Propfolio
  --interval <seconds>     how often the figures are read (default 60)
  --queue <file>           the offline queue (default ~/.propfolio-tracker/<login>-<server>.jsonl)
  --queue-cap <n>          most items kept offline (default ${DEFAULT_QUEUE_CAP}; the oldest snapshots go first)
  --once                   read once, send what is queued, exit: 0 all sent, 75 some still queued, 1 stopped
  --quiet                  only warnings and errors (not the line per item sent and its answer)
  --help                   this text

Exit codes: 0 done or interrupted, 1 stopped (archived account, refused key), 2 usage error, 75 queued (--once).
Protocol: docs/tracker-protocol.md`;

export class UsageError extends Error {}

export interface CliOptions {
  url: string;
  key: string;
  login: string;
  server: string;
  currency: string;
  figures: string;
  initialBalance: number | undefined;
  name: string | undefined;
  intervalMs: number;
  queue: string;
  queueCap: number;
  once: boolean;
  quiet: boolean;
}

const positiveNumber = (value: string | undefined, flag: string): number | undefined => {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new UsageError(`${flag} must be a positive number (got "${value}")`);
  return number;
};

/** A file name part: letters, digits, `.`, `_`, `-` kept, anything else as `_`. */
const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9._-]/g, '_');

export function parseCli(argv: string[], env: Record<string, string | undefined>): CliOptions | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: false,
      options: {
        url: { type: 'string' },
        key: { type: 'string' },
        login: { type: 'string' },
        server: { type: 'string' },
        currency: { type: 'string' },
        figures: { type: 'string' },
        'initial-balance': { type: 'string' },
        name: { type: 'string' },
        interval: { type: 'string' },
        queue: { type: 'string' },
        'queue-cap': { type: 'string' },
        once: { type: 'boolean', default: false },
        quiet: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const v = parsed.values;
  if (v.help) return 'help';
  const key = v.key ?? env.PROPFOLIO_KEY;
  const missing = (['url', 'login', 'server', 'currency', 'figures'] as const).filter((name) => !v[name]?.trim());
  if (!key?.trim()) missing.push('key' as never);
  if (missing.length > 0) throw new UsageError(`missing ${missing.map((m) => `--${m}`).join(', ')}${key ? '' : ' (or PROPFOLIO_KEY)'}`);
  const url = v.url as string;
  const login = (v.login as string).trim();
  const server = (v.server as string).trim();
  const currency = (v.currency as string).trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) throw new UsageError(`--currency must be a 3-letter ISO code (got "${v.currency}")`);
  const interval = positiveNumber(v.interval, '--interval') ?? 60;
  if (interval < 1) throw new UsageError('--interval must be at least 1 second');
  const queueCap = positiveNumber(v['queue-cap'], '--queue-cap') ?? DEFAULT_QUEUE_CAP;
  if (!Number.isInteger(queueCap)) throw new UsageError('--queue-cap must be a whole number');
  let normalizedUrl: string;
  try {
    normalizedUrl = normalizeServiceUrl(url);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  return {
    url: normalizedUrl,
    key: (key as string).trim(),
    login,
    server,
    currency,
    figures: v.figures as string,
    initialBalance: positiveNumber(v['initial-balance'], '--initial-balance'),
    name: v.name?.trim() || undefined,
    intervalMs: Math.round(interval * 1000),
    queue: v.queue ?? join(homedir(), '.propfolio-tracker', `${fileSafe(login)}-${fileSafe(server)}.jsonl`),
    queueCap,
    once: v.once,
    quiet: v.quiet,
  };
}

/** Log lines on stderr (or `write`), each stamped with the tracker's clock; `quiet` keeps warnings and errors only. */
export function consoleLogger(
  quiet: boolean,
  write: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
  now: () => number = Date.now,
): Logger {
  const line = (level: string, message: string) => write(`${new Date(now()).toISOString()} ${level} ${message}`);
  return {
    info: (message) => {
      if (!quiet) line('info ', message);
    },
    warn: (message) => line('warn ', message),
    error: (message) => line('error', message),
  };
}

export interface CliDeps {
  fetch?: FetchLike;
  clock?: Clock;
  logger?: Logger;
  /** Where the default logger writes its lines (default stderr). */
  write?: (line: string) => void;
  signal?: AbortSignal;
}

/** Runs the tracker as the CLI does; resolves with how it ended. */
export async function startTracker(options: CliOptions, deps: CliDeps = {}): Promise<RunEnd> {
  const clock = deps.clock ?? systemClock;
  const logger = deps.logger ?? consoleLogger(options.quiet, deps.write, () => clock.now());
  mkdirSync(dirname(options.queue), { recursive: true });
  const queue = new FileQueue(options.queue, { cap: options.queueCap, warn: (message) => logger.warn(message) });
  const client = new TrackerClient({
    baseUrl: options.url,
    apiKey: options.key,
    platform: cliPlatform(),
    now: () => clock.now(),
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });
  const tracker = new Tracker({
    client,
    queue,
    login: options.login,
    server: options.server,
    currency: options.currency,
    clock,
    logger,
    ...(options.initialBalance === undefined ? {} : { initialBalance: options.initialBalance }),
    ...(options.name === undefined ? {} : { name: options.name }),
  });
  logger.info(
    `propfolio-tracker ${TRACKER_VERSION}: ${options.login} on ${options.server} → ${options.url}; queue ${options.queue} (${queued(queue.size)})`,
  );
  const run = {
    tracker,
    clock,
    readFigures: () => readFigures(options.figures),
    intervalMs: options.intervalMs,
    logger,
    ...(deps.signal ? { signal: deps.signal } : {}),
  };
  const end = options.once ? await runOnce(run) : await runLoop(run);
  logger.info(summary(tracker.stats));
  if (end === 'queued') logger.warn(`${queued(queue.size)} in ${options.queue}: they go with the next run`);
  return end;
}

/** What a run sent, by the service's answers: `sent 2 snapshots (1 created, 1 updated) and 1 report (1 created)`. */
function summary(stats: TrackerStats): string {
  const part = (what: string, outcomes: TrackerStats['snapshots']) => {
    const count = outcomes.created + outcomes.updated + outcomes.unchanged;
    const answers = (['created', 'updated', 'unchanged'] as const).filter((o) => outcomes[o] > 0).map((o) => `${outcomes[o]} ${o}`);
    return `${count} ${what}${count === 1 ? '' : 's'}${answers.length > 0 ? ` (${answers.join(', ')})` : ''}`;
  };
  const { accepted, unchanged } = stats.positions;
  const positions =
    accepted + unchanged > 0
      ? `, ${accepted + unchanged} closed position${accepted + unchanged === 1 ? '' : 's'} (${accepted} accepted, ${unchanged} unchanged)`
      : '';
  const refused = stats.refused > 0 ? `; ${stats.refused} refused and dropped` : '';
  return `sent ${part('snapshot', stats.snapshots)}${positions} and ${part('report', stats.reports)}${refused}`;
}

export const EXIT_CODES: Record<RunEnd, number> = { drained: 0, aborted: 0, stopped: 1, queued: 75 };
