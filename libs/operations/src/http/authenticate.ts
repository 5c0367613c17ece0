import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { bearerToken } from '../bearer.js';
import type { RateLimiter } from '../rate-limit/index.js';
import type { Authenticator } from '../registry.js';
import { sendProblem, toAppError } from './problem.js';
import { rateLimited, setRateHeaders } from './rate-limit.js';
import { requestState } from './request-context.js';

/**
 * Resolves the Authorization header on every request, public or private: no header means a public
 * caller, while a header that is malformed, unknown or revoked is refused with 401 invalid_token.
 * Refusals count against the client IP's rate limit, so keys cannot be guessed at full speed.
 */
export function authenticateRequests(authenticate: Authenticator, limiter: RateLimiter): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const token = bearerToken(req.header('authorization'));
      requestState(res).caller = token === null ? null : await authenticate(token);
      next();
    } catch (error) {
      const decision = await limiter.hit(`ip:${req.ip ?? 'unknown'}`);
      setRateHeaders(res, decision);
      sendProblem(res, decision.allowed ? toAppError(error) : rateLimited(decision), decision.allowed ? {} : { 'Retry-After': String(decision.resetSeconds) });
    }
  };
}
