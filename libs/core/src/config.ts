/**
 * Environment-variable configuration, validated at start. Each app reads the whole set once and fails
 * fast with every problem listed, rather than on first use.
 */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  logLevel: LogLevel;
  redisUrl: string | undefined;
  /** Requests per minute per API key (per client IP for requests without one). */
  rateLimitPerMinute: number;
  /** Catalog plans older than this many days are flagged `stale`. */
  planStaleAfterDays: number;
  /** Largest accepted JSON body, in bytes. */
  bodyLimitBytes: number;
  /** MCP: Host header values accepted (DNS-rebinding protection). */
  mcpAllowedHosts: string[];
  /** MCP: Origin header values accepted when a browser sends one. */
  mcpAllowedOrigins: string[];
  /** Milliseconds a shutdown waits for in-flight requests before closing the database anyway. */
  shutdownGraceMs: number;
  /** Dashboard: `open` lets anyone sign up; `closed` (default) only with an admin's invite. */
  signup: 'open' | 'closed';
  /** Dashboard sessions expire after this many days without use (sliding). */
  sessionDays: number;
  /** Deleted records stay restorable this many days, then are purged. */
  trashRetentionDays: number;
  /** Always mark the session cookie Secure (it is anyway on requests that came over HTTPS). */
  cookieSecure: boolean;
  /** Trust X-Forwarded-Proto / X-Forwarded-For from a reverse proxy in front of the service. */
  trustProxy: boolean;
  /** The service's public origin (e.g. https://propfolio.example.com): the CSRF origin check and printed links. */
  publicUrl: string | undefined;
  /** Sign-in attempts per minute per account (email), and per client IP. */
  signInPerAccountPerMinute: number;
  signInPerIpPerMinute: number;
  /** Answers of read operations kept per process until a write changes what they read (0 turns the cache off). */
  answerCacheEntries: number;
  /** The CPU pool (.set diagnose/build, simulations, statement parsing): workers (0 = automatic), queue bound, time per job. */
  cpu: { workers: number; queueLimit: number; jobTimeoutMs: number };
  /** The public EA engine's own rate limit (.set diagnoses and builds per minute per key or client address). */
  ea: { rateLimitPerMinute: number };
  /** Alert channels and their delivery (docs/alerts.md, "Channels and delivery"). */
  alerts: AlertsConfig;
  /** The economic calendar an operator has fetched on a schedule (docs/configuration.md, CALENDAR_URL). */
  calendar: { url: string | undefined; refreshMinutes: number };
  /** Settings given under an old name that still works: one sentence each, for the start-up log. */
  deprecations: string[];
}

export interface AlertsConfig {
  /**
   * The 32-byte AES-256-GCM key that seals the channels' secrets at rest (ALERTS_SECRET_KEY, base64 or hex). Without
   * it alert channels cannot be created or sent to, and the service says so at start-up if channels exist.
   */
  secretKey: Buffer | undefined;
  /** Lets destinations resolve to loopback, private or link-local addresses and use http (tests, a closed LAN). */
  allowPrivateDestinations: boolean;
  /** smtp:// or smtps:// server for e-mail channels; without it the e-mail channel is refused. */
  smtpUrl: string | undefined;
  /** The From address of alert e-mails. */
  smtpFrom: string;
  /** Milliseconds one delivery request may take before it counts as failed and is retried. */
  deliveryTimeoutMs: number;
}

/** A 256-bit key written as 64 hex digits or 44 base64 characters; anything else is named as a problem. */
function secretKey(env: Env, name: string, problems: string[]): Buffer | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  const key = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length === 32 && (/^[0-9a-fA-F]{64}$/.test(raw) || key.toString('base64') === raw)) return key;
  problems.push(`${name} must be 32 random bytes as 64 hex digits or base64 (e.g. the output of: openssl rand -base64 32).`);
  return undefined;
}

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}").`);
    return fallback;
  }
  return value;
}

/**
 * A setting renamed: the new name wins; the old one is still read (with a line in `deprecations`) so that
 * a deployment's environment keeps working across the rename.
 */
function renamed(env: Env, name: string, oldName: string, deprecations: string[]): Env {
  const old = env[oldName];
  if (old === undefined || old === '') return env;
  deprecations.push(`${oldName} is deprecated: use ${name}${env[name] ? ` (set too, so ${oldName} is ignored)` : ''}.`);
  return env[name] ? env : { ...env, [name]: old };
}

function list(env: Env, name: string, fallback: string[]): string[] {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function url(env: Env, name: string, protocols: string[], problems: string[]): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  try {
    const parsed = new URL(raw);
    if (protocols.includes(parsed.protocol)) return raw;
  } catch {
    // reported below
  }
  problems.push(`${name} must be a ${protocols.map((p) => p.replace(':', '://…')).join(' or ')} URL.`);
  return undefined;
}

function boolean(env: Env, name: string, problems: string[]): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return false;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  problems.push(`${name} must be true or false (got "${env[name]}").`);
  return false;
}

function oneOf<T extends string>(env: Env, name: string, values: readonly T[], fallback: T, problems: string[]): T {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if ((values as readonly string[]).includes(raw)) return raw as T;
  problems.push(`${name} must be one of ${values.join(', ')} (got "${raw}").`);
  return fallback;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}\nSee .env.example for every setting.`);
    this.name = 'ConfigError';
  }
}

/** Old names still read, new name first: the pool of CPU work was the EA engine's until it also ran simulations and statement parsing. */
const RENAMED = [
  ['CPU_WORKERS', 'EA_WORKERS'],
  ['CPU_QUEUE_LIMIT', 'EA_QUEUE_LIMIT'],
  ['CPU_JOB_TIMEOUT_MS', 'EA_JOB_TIMEOUT_MS'],
] as const;

export function loadConfig(given: Env = process.env): Config {
  const problems: string[] = [];
  const deprecations: string[] = [];
  const env = RENAMED.reduce((current, [name, oldName]) => renamed(current, name, oldName, deprecations), given);
  const port = integer(env, 'PORT', 3000, 0, 65535, problems);
  const host = env.HOST?.trim() || '127.0.0.1';
  const logLevel = (env.LOG_LEVEL?.trim() || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}").`);
  const config: Config = {
    port,
    host,
    databaseUrl: url(env, 'DATABASE_URL', ['postgresql:', 'postgres:'], problems),
    dataDir: env.DATA_DIR?.trim() || './data',
    logLevel,
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:'], problems),
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 120, 1, 1_000_000, problems),
    planStaleAfterDays: integer(env, 'PLAN_STALE_AFTER_DAYS', 180, 1, 3650, problems),
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 1_048_576, 1024, 16 * 1_048_576, problems),
    mcpAllowedHosts: list(env, 'MCP_ALLOWED_HOSTS', ['localhost', '127.0.0.1', '[::1]']),
    mcpAllowedOrigins: list(env, 'MCP_ALLOWED_ORIGINS', []),
    shutdownGraceMs: integer(env, 'SHUTDOWN_GRACE_MS', 10_000, 0, 600_000, problems),
    signup: oneOf(env, 'SIGNUP', ['open', 'closed'] as const, 'closed', problems),
    sessionDays: integer(env, 'SESSION_DAYS', 30, 1, 365, problems),
    trashRetentionDays: integer(env, 'TRASH_RETENTION_DAYS', 30, 1, 3650, problems),
    cookieSecure: boolean(env, 'COOKIE_SECURE', problems),
    trustProxy: boolean(env, 'TRUST_PROXY', problems),
    publicUrl: url(env, 'PUBLIC_URL', ['http:', 'https:'], problems)?.replace(/\/+$/, ''),
    signInPerAccountPerMinute: integer(env, 'SIGNIN_PER_ACCOUNT_PER_MINUTE', 5, 1, 1000, problems),
    signInPerIpPerMinute: integer(env, 'SIGNIN_PER_IP_PER_MINUTE', 20, 1, 100_000, problems),
    answerCacheEntries: integer(env, 'ANSWER_CACHE_ENTRIES', 1000, 0, 1_000_000, problems),
    cpu: {
      workers: integer(env, 'CPU_WORKERS', 0, 0, 64, problems),
      queueLimit: integer(env, 'CPU_QUEUE_LIMIT', 16, 0, 10_000, problems),
      jobTimeoutMs: integer(env, 'CPU_JOB_TIMEOUT_MS', 10_000, 100, 600_000, problems),
    },
    ea: { rateLimitPerMinute: integer(env, 'EA_RATE_LIMIT_PER_MINUTE', 30, 1, 1_000_000, problems) },
    alerts: {
      secretKey: secretKey(env, 'ALERTS_SECRET_KEY', problems),
      allowPrivateDestinations: boolean(env, 'ALERTS_ALLOW_PRIVATE_DESTINATIONS', problems),
      smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:'], problems),
      smtpFrom: env.SMTP_FROM?.trim() || 'Propfolio <alerts@localhost>',
      deliveryTimeoutMs: integer(env, 'ALERTS_DELIVERY_TIMEOUT_MS', 10_000, 100, 120_000, problems),
    },
    calendar: {
      // https only (http too with ALERTS_ALLOW_PRIVATE_DESTINATIONS); each fetch also checks the address, as alert destinations.
      url: url(env, 'CALENDAR_URL', ['https:', 'http:'], problems),
      refreshMinutes: integer(env, 'CALENDAR_REFRESH_MINUTES', 360, 5, 10_080, problems),
    },
    deprecations,
  };
  if (problems.length > 0) {
    // A value read under its old name is reported under the name the operator wrote.
    const readAs = RENAMED.filter(([name, oldName]) => env[name] === given[oldName] && !given[name]);
    throw new ConfigError(
      problems.map((problem) => readAs.reduce((text, [name, oldName]) => text.replace(`${name} must`, `${oldName} must`), problem)),
    );
  }
  return config;
}
