import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError } from '@propfolio/core';
import type { RateDecision, RateLimiter } from '@propfolio/core';
import type { Refusal } from '../authenticate.js';
import { sendProblem } from '../problem.js';
import { requestState } from '../request-context.js';

/** The IETF RateLimit headers, written on every answer whether or not the request is allowed. */
export function setRateHeaders(res: Response, decision: RateDecision): void {
  res.setHeader('RateLimit-Policy', `${decision.limit};w=${decision.windowSeconds}`);
  res.setHeader('RateLimit', `limit=${decision.limit}, remaining=${decision.remaining}, reset=${decision.resetSeconds}`);
}

export function rateLimited(decision: RateDecision): AppError {
  return AppError.rateLimited(`Rate limit of ${decision.limit} requests per minute reached`, decision);
}

interface RateLimitOptions {
  /** How many requests this HTTP request counts as (a JSON-RPC batch: one per message). */
  costOf?: (req: Request) => number;
  /** How a refusal is written (default problem+json). */
  refuse?: Refusal;
}

/**
 * Per-key (or, without a key, per-IP) limits with the IETF RateLimit headers on every answer.
 * Runs after authentication so that the bucket is the verified key, not a guessable header.
 */
export function rateLimitRequests(limiter: RateLimiter, options: RateLimitOptions = {}): RequestHandler {
  const refuse = options.refuse ?? ((res, error, headers) => sendProblem(res, error, headers));
  return async (req: Request, res: Response, next: NextFunction) => {
    const { caller, clientAddress } = requestState(res);
    const bucket = caller ? caller.credentialId : `ip:${clientAddress}`;
    const decision = await limiter.hit(bucket, Math.max(1, options.costOf?.(req) ?? 1));
    setRateHeaders(res, decision);
    if (decision.allowed) {
      next();
      return;
    }
    refuse(res, rateLimited(decision), { 'Retry-After': String(decision.resetSeconds) });
  };
}
