import { AppError } from '@propfolio/core';
import { sha256 } from '@propfolio/domain';
import type { RateLimiter } from '@propfolio/core';

export interface SignInLimiters {
  perAccount: RateLimiter;
  perIp: RateLimiter;
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
  // Refused by both: the one that refills last is the one to wait for.
  const refused = [byAccount, byIp].filter((decision) => !decision.allowed).sort((a, b) => b.resetSeconds - a.resetSeconds)[0];
  if (refused) throw AppError.rateLimited('Too many sign-in attempts', refused);
}
