/** Time as the tracker sees it: injectable, so tests move time by hand and wait on events, not on the wall clock. */
export interface Clock {
  now(): number;
  /** Resolves after `ms`, or at once when `signal` aborts (never rejects). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve) => {
      if (signal?.aborted) {
        resolve();
        return;
      }
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      signal?.addEventListener('abort', done, { once: true });
    }),
};

/**
 * A clock for tests: `now` only moves when the test says so; `sleep` resolves when the test advances
 * time past its deadline (or at once for a non-positive wait).
 */
export class ManualClock implements Clock {
  private sleepers: { until: number; resolve: () => void }[] = [];

  constructor(private current: number) {}

  now(): number {
    return this.current;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (ms <= 0 || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const sleeper = { until: this.current + ms, resolve };
      this.sleepers.push(sleeper);
      signal?.addEventListener(
        'abort',
        () => {
          this.sleepers = this.sleepers.filter((s) => s !== sleeper);
          resolve();
        },
        { once: true },
      );
    });
  }

  /** How many sleeps are pending: lets a test wait until the code under test is asleep. */
  get pending(): number {
    return this.sleepers.length;
  }

  set(epochMs: number): void {
    this.current = epochMs;
    const due = this.sleepers.filter((s) => s.until <= epochMs);
    this.sleepers = this.sleepers.filter((s) => s.until > epochMs);
    for (const s of due) s.resolve();
  }

  advance(ms: number): void {
    this.set(this.current + ms);
  }
}
