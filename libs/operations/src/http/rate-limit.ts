import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError } from '@propfolio/core';
import type { RateDecision, RateLimiter } from '../rate-limit/index.js';
import { sendProblem } from './problem.js';
import { requestState } from './request-context.js';

/**
 * Per-key (or, without a key, per-IP) limits with the IETF RateLimit headers on every answer.
 * Runs after authentication so that the bucket is the verified key, not a guessable header.
 */
export function setRateHeaders(res: Response, decision: RateDecision): void {
  res.setHeader('RateLimit-Policy', `${decision.limit};w=60`);
  res.setHeader('RateLimit', `limit=${decision.limit}, remaining=${decision.remaining}, reset=${decision.resetSeconds}`);
}

export function rateLimited(decision: RateDecision): AppError {
  return new AppError(
    'rate_limited',
    `Rate limit of ${decision.limit} requests per minute reached; retry after ${decision.resetSeconds} s.`,
  );
}

export function rateLimitRequests(limiter: RateLimiter): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const caller = requestState(res).caller;
    const bucket = caller ? caller.credentialId : `ip:${req.ip ?? 'unknown'}`;
    const decision = await limiter.hit(bucket);
    setRateHeaders(res, decision);
    if (decision.allowed) return next();
    sendProblem(res, rateLimited(decision), { 'Retry-After': String(decision.resetSeconds) });
  };
}
