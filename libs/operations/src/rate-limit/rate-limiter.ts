export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the current window ends (and the budget refills). */
  resetSeconds: number;
}

/** Fixed one-minute windows per bucket (an API key, or a client IP for requests without one). */
export interface RateLimiter {
  /** Counts `cost` requests (default 1; a JSON-RPC batch counts each of its messages). */
  hit(bucket: string, cost?: number): Promise<RateDecision>;
  close(): Promise<void>;
}

export const WINDOW_SECONDS = 60;

export function decide(count: number, limit: number, nowMs: number): RateDecision {
  const windowMs = WINDOW_SECONDS * 1000;
  return {
    allowed: count <= limit,
    limit,
    remaining: Math.max(0, limit - count),
    resetSeconds: Math.max(1, Math.ceil((windowMs - (nowMs % windowMs)) / 1000)),
  };
}

export function windowOf(nowMs: number): number {
  return Math.floor(nowMs / (WINDOW_SECONDS * 1000));
}
