import type { LogLevel } from './config.js';

/** Structured JSON logs, one object per line on stdout, with whatever context (request id…) is bound. */
export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** Never let a credential reach the logs, whatever field a caller puts it in. */
const KEY_PATTERN = /eakey_[A-Za-z0-9]+/g;
/** Session cookies and one-time tokens inside free text (a header or URL echoed into a message). */
const SECRET_PARAM = /(propfolio_session=|[?&](?:token|invite)=)[^;&\s"]+/gi;
/** Fields that hold a secret by name: dropped whole, at any depth. */
const SECRET_FIELD = /pass(word)?|secret|token|cookie|authorization|session.?id|^invite$/i;
export const REDACTED = '[redacted]';

function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(KEY_PATTERN, 'eakey_[redacted]').replace(SECRET_PARAM, `$1${REDACTED}`);
  if (value === null || typeof value !== 'object' || depth > 5 || value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = SECRET_FIELD.test(key) ? REDACTED : redact(inner, depth + 1);
  return out;
}

let pendingLines: string[] = [];
let flushOnExit = false;

function flushLines(): void {
  if (pendingLines.length === 0) return;
  const text = pendingLines.join('');
  pendingLines = [];
  process.stdout.write(text);
}

/**
 * Lines logged in one turn of the event loop leave stdout in one write. One write per access-log line
 * was a system call per request, about a sixth of a cached read's server CPU; a crash loses at most
 * the lines of its last turn, and a normal exit writes them all.
 */
function writeStdout(line: string): void {
  if (pendingLines.length === 0) {
    if (!flushOnExit) {
      flushOnExit = true;
      process.on('exit', flushLines);
    }
    setImmediate(flushLines);
  }
  pendingLines.push(`${line}\n`);
}

export function createLogger(level: LogLevel, bound: Record<string, unknown> = {}, write: (line: string) => void = writeStdout): Logger {
  return new JsonLogger(RANK[level], bound, write);
}

/**
 * A class rather than closures: every request makes a child logger (its request id bound), and five
 * closures per request were garbage the hot path did not need.
 */
class JsonLogger implements Logger {
  constructor(
    private readonly minRank: number,
    private readonly bound: Record<string, unknown>,
    private readonly write: (line: string) => void,
  ) {}

  debug(message: string, fields?: Record<string, unknown>): void {
    this.emit('debug', message, fields);
  }
  info(message: string, fields?: Record<string, unknown>): void {
    this.emit('info', message, fields);
  }
  warn(message: string, fields?: Record<string, unknown>): void {
    this.emit('warn', message, fields);
  }
  error(message: string, fields?: Record<string, unknown>): void {
    this.emit('error', message, fields);
  }
  child(fields: Record<string, unknown>): Logger {
    return new JsonLogger(this.minRank, { ...this.bound, ...fields }, this.write);
  }

  private emit(at: LogLevel, message: string, fields?: Record<string, unknown>): void {
    if (RANK[at] < this.minRank) return;
    const entry: Record<string, unknown> = { time: new Date().toISOString(), level: at, msg: redact(message) };
    for (const [key, value] of Object.entries({ ...this.bound, ...fields })) {
      if (SECRET_FIELD.test(key)) entry[key] = REDACTED;
      else
        entry[key] =
          value instanceof Error ? { name: value.name, message: redact(value.message), stack: redact(value.stack) } : redact(value);
    }
    this.write(JSON.stringify(entry));
  }
}
