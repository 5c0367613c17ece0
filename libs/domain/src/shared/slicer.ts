import { setImmediate as yieldToLoop } from 'node:timers/promises';

/**
 * Longest the event loop is held by one stretch of a long per-item job (a statement's deals, a tracker message's
 * positions), in ms: the job is cut into slices and other requests (and `/healthz`) are answered between them.
 */
const SLICE_MS = 8;

/** Hands the loop back once the current slice has run SLICE_MS. */
export class Slicer {
  private started = performance.now();

  async pause(): Promise<void> {
    if (performance.now() - this.started < SLICE_MS) return;
    await yieldToLoop();
    this.started = performance.now();
  }
}
