export type { RateDecision, RateLimiter } from '@propfolio/core';
import type { RateDecision } from '@propfolio/core';

export const WINDOW_SECONDS = 60;

export function decide(count: number, limit: number, nowMs: number): RateDecision {
  const windowMs = WINDOW_SECONDS * 1000;
  return {
    allowed: count <= limit,
    limit,
    remaining: Math.max(0, limit - count),
    windowSeconds: WINDOW_SECONDS,
    resetSeconds: Math.max(1, Math.ceil((windowMs - (nowMs % windowMs)) / 1000)),
  };
}

export function windowOf(nowMs: number): number {
  return Math.floor(nowMs / (WINDOW_SECONDS * 1000));
}
