import { AppError } from '@propfolio/core';
import { sha256 } from '@propfolio/domain';
import type { RateLimiter } from '@propfolio/core';

export interface SignInLimiters {
  perAccount: RateLimiter;
  perIp: RateLimiter;
}

export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    what = 'sign-in attempts',
  ) {
    super('rate_limited', `Too many ${what}; retry after ${retryAfterSeconds} s.`);
  }
}

/**
 * Sign-in attempts counted per account (the normalised email, hashed so no address is stored) and per
 * client IP, before any password work; over either limit the attempt is refused with Retry-After.
 */
export async function throttleSignIn(limiters: SignInLimiters, email: unknown, ip: string): Promise<void> {
  const account = typeof email === 'string' ? sha256(email.trim().toLowerCase()) : 'none';
  const [byAccount, byIp] = await Promise.all([
    limiters.perAccount.hit(`signin:account:${account}`),
    limiters.perIp.hit(`signin:ip:${ip}`),
  ]);
  const refused = [byAccount, byIp].filter((decision) => !decision.allowed);
  if (refused.length > 0) throw new RateLimitedError(Math.max(...refused.map((d) => d.resetSeconds)));
}
