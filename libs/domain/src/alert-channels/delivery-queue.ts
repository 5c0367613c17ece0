/**
 * The delivery queue's rules: when a failed attempt is tried again, when it is given up on, how long a claim holds a
 * row and the queues' bounds. Pure; the statements that claim, settle and bound the rows are in
 * alert-channels.repository.ts.
 */
import type { AlertEvent } from '../alerts/alert-events.js';
import type { Language } from './test-message.js';

/** Retries stop this long after a delivery was queued: past a day an alert about a firm day is history. */
export const RETRY_WINDOW_MS = 24 * 3_600_000;
const FIRST_RETRY_MS = 10_000;
const LONGEST_WAIT_MS = 2 * 3_600_000;
/**
 * How long a claim holds a row. Far above one attempt's timeout, so a live worker always finishes before another
 * instance may take the row; a worker that died mid-send leaves it to be taken again when this ends.
 */
export const LEASE_MS = 120_000;

/** What a delivery row carries to be worded at send time. */
export type DeliveryPayload =
  { readonly event: AlertEvent } | { readonly test: true; readonly language: Language; readonly channelName: string };

/**
 * The wait before attempt n + 1: 10 s doubling to at most 2 h, each spread by ±20 % so that deliveries failed
 * together (a receiver down) do not all come back in the same second.
 */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(LONGEST_WAIT_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

export interface ClaimedDelivery {
  readonly id: string;
  readonly channelId: string;
  readonly userId: string;
  readonly purpose: string;
  readonly event: DeliveryPayload;
  readonly attempts: number;
  readonly createdAt: Date;
}

/**
 * Attempts one user may have in flight in one process: a receiver that never answers holds this many slots for its
 * timeout, not all of them, so another user's alert always finds a free one.
 */
export const USER_IN_FLIGHT = 4;
/** Pending rows kept per channel and per user; past them the oldest queued tests are dropped (never an alert). */
export const QUEUED_PER_CHANNEL = 200;
export const QUEUED_PER_USER = 1000;

/** How a row is left after an attempt that failed: retried later, or given up on with the reason. */
export interface Settlement {
  readonly status: 'pending' | 'dead';
  /** The error as stored, at most 500 characters. */
  readonly lastError: string;
  /** When a retried row is due again; null for a dead one. */
  readonly nextAttemptAt: Date | null;
}

/**
 * The row's state after a failed attempt: tried again after retryDelayMs unless the failure is final, the attempts
 * ran out or the retry would fall past RETRY_WINDOW_MS from when it was queued.
 */
export function settlementOf(
  claimed: Pick<ClaimedDelivery, 'attempts' | 'createdAt'>,
  now: Date,
  outcome: { retry: boolean; error: string; maxAttempts?: number },
  random?: () => number,
): Settlement {
  const next = new Date(now.getTime() + retryDelayMs(claimed.attempts, random));
  const outOfAttempts = outcome.maxAttempts !== undefined && claimed.attempts >= outcome.maxAttempts;
  const expired = next.getTime() > claimed.createdAt.getTime() + RETRY_WINDOW_MS;
  const status = outcome.retry && !expired && !outOfAttempts ? 'pending' : 'dead';
  const lastError = !outcome.retry
    ? outcome.error
    : outOfAttempts
      ? `${outcome.error} (gave up after ${claimed.attempts} attempts)`
      : expired
        ? `${outcome.error} (gave up after ${claimed.attempts} attempts in 24 h)`
        : outcome.error;
  return { status, lastError: lastError.slice(0, 500), nextAttemptAt: status === 'pending' ? next : null };
}
