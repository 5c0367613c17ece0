/** What one hit on a rate-limit bucket decided. */
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Length of the limiter's fixed windows in seconds (a minute for the API's limits). */
  windowSeconds: number;
  /** Seconds until the current window ends (and the budget refills). */
  resetSeconds: number;
}

/**
 * Fixed windows per bucket (an API key, or a client IP for requests without one), of one minute for the API's
 * limits. The port the operation layer limits through; the back ends (memory, Redis, PostgreSQL) live beside
 * the HTTP kit.
 */
export interface RateLimiter {
  /** Counts `cost` requests (default 1; a JSON-RPC batch counts each of its messages). */
  hit(bucket: string, cost?: number): Promise<RateDecision>;
  close(): Promise<void>;
}
