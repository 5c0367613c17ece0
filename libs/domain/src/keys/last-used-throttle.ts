export const LAST_USED_INTERVAL_MS = 60_000;

/**
 * Remembers when this process last wrote a key's `lastUsedAt`, so a busy key costs one write a minute
 * rather than one per request. Bounded: the oldest entries are dropped past `capacity`.
 */
export class LastUsedThrottle {
  private readonly writtenAt = new Map<string, number>();

  constructor(
    private readonly intervalMs = LAST_USED_INTERVAL_MS,
    private readonly capacity = 10_000,
  ) {}

  /** True (and remembered) when the key is due for a write at `nowMs`. */
  claim(keyId: string, nowMs: number): boolean {
    const last = this.writtenAt.get(keyId);
    if (last !== undefined && nowMs - last < this.intervalMs) return false;
    this.writtenAt.delete(keyId);
    this.writtenAt.set(keyId, nowMs);
    if (this.writtenAt.size > this.capacity) {
      const oldest = this.writtenAt.keys().next();
      if (!oldest.done) this.writtenAt.delete(oldest.value);
    }
    return true;
  }
}
