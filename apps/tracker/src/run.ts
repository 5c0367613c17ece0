import type { Clock } from './clock.js';
import type { Figures, Logger, Tracker } from './tracker.js';

export interface RunOptions {
  tracker: Tracker;
  clock: Clock;
  /** Reads the platform's figures; a throw is logged and the interval skipped. */
  readFigures: () => Figures;
  intervalMs: number;
  logger: Logger;
  signal?: AbortSignal;
}

/** How a run ended: `stopped` (archived account, refused key), `aborted` (a signal), or for `once` `drained` / `queued`. */
export type RunEnd = 'stopped' | 'aborted' | 'drained' | 'queued';

function sample(options: RunOptions): void {
  try {
    options.tracker.observe(options.readFigures());
  } catch (error) {
    options.logger.warn(`figures not read this time: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The tracker's loop: figures read every interval, and between readings the queue sent one request
 * at a time, sleeping on the clock while a backoff runs or nothing waits. Ends only when stopped or aborted.
 */
export async function runLoop(options: RunOptions): Promise<RunEnd> {
  const { tracker, clock, intervalMs, signal } = options;
  let nextSample = clock.now();
  while (!signal?.aborted) {
    if (clock.now() >= nextSample) {
      sample(options);
      nextSample = Math.max(nextSample + intervalMs, clock.now() + 1);
    }
    const result = await tracker.step();
    if (result === 'stopped') return 'stopped';
    if (result === 'sent') continue;
    const wakeAt = result === 'waiting' ? Math.min(nextSample, tracker.retryAt) : nextSample;
    await clock.sleep(wakeAt - clock.now(), signal);
  }
  return 'aborted';
}

/** `--once`: one reading, then send until the queue is empty or a failure asks to wait (for cron and schedulers). */
export async function runOnce(options: RunOptions): Promise<RunEnd> {
  sample(options);
  for (;;) {
    if (options.signal?.aborted) return 'aborted';
    const result = await options.tracker.step();
    if (result === 'stopped') return 'stopped';
    if (result === 'waiting') return 'queued';
    if (result === 'idle') return options.tracker.queue.size === 0 ? 'drained' : 'queued';
  }
}
