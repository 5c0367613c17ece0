/**
 * Retry timing (docs/tracker-protocol.md, "Retries"): the n-th consecutive failure waits
 * min(cap, base × 2^(n−1)) scaled by a random factor in [0.8, 1.2) (jitter, so that many trackers
 * coming back after an outage do not retry in step), never more than the cap; a `Retry-After` from the
 * service is a floor (up to one hour).
 */
export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1_000, capMs: 300_000 };
/** The longest `Retry-After` honoured; beyond it the service is assumed to be confused. */
export const MAX_RETRY_AFTER_MS = 3_600_000;

/** Delay before the next attempt after `failures` consecutive failures (1 = the first failure). */
export function backoffDelayMs(failures: number, random: () => number, policy: BackoffPolicy = DEFAULT_BACKOFF): number {
  const exponent = Math.min(Math.max(failures, 1) - 1, 30);
  const nominal = Math.min(policy.capMs, policy.baseMs * 2 ** exponent);
  return Math.min(policy.capMs, Math.round(nominal * (0.8 + 0.4 * random())));
}

/** `Retry-After` as delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, MAX_RETRY_AFTER_MS);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.min(Math.max(0, date - nowMs), MAX_RETRY_AFTER_MS);
}

/** The wait after a failure: the backoff, raised to the service's `Retry-After` when it asks for longer. */
export function retryDelayMs(failures: number, retryAfterMs: number | undefined, random: () => number, policy?: BackoffPolicy): number {
  const backoff = backoffDelayMs(failures, random, policy);
  return retryAfterMs === undefined ? backoff : Math.max(backoff, retryAfterMs);
}
