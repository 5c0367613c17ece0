import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError } from '@propfolio/core';
import { bearerToken } from './bearer.js';
import type { Authenticator, RateLimiter } from '@propfolio/core';
import { sendProblem, toAppError } from './problem.js';
import { rateLimited, setRateHeaders } from './rate-limit/rate-limit-requests.js';
import { requestState } from './request-context.js';

/** How an unauthenticated request is refused; the default is problem+json (MCP answers JSON-RPC). */
export type Refusal = (res: Response, error: AppError, headers: Record<string, string>) => void;
const problemRefusal: Refusal = (res, error, headers) => sendProblem(res, error, headers);

/** Seconds a client should wait after a 503 before trying again. */
const UNAVAILABLE_RETRY_SECONDS = 5;

/**
 * Resolves the Authorization header on every request, public or private: no header means a public
 * caller, while a header that is malformed, unknown or revoked is refused with 401 invalid_token.
 * Refusals count against the client IP's rate limit, so keys cannot be guessed at full speed. When the
 * key cannot be checked at all (the database is down), the answer is a logged 503, never a 500 or a 401.
 */
export function authenticateRequests(authenticate: Authenticator, limiter: RateLimiter, refuse: Refusal = problemRefusal): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    let token: string | null;
    try {
      token = bearerToken(req.header('authorization'));
      requestState(res).caller = token === null ? null : await authenticate(token);
    } catch (error) {
      if (!(error instanceof AppError)) {
        requestState(res).logger.error('authentication unavailable', { error });
        refuse(res, new AppError('service_unavailable', 'API keys cannot be checked right now; retry shortly.'), {
          'Retry-After': String(UNAVAILABLE_RETRY_SECONDS),
        });
        return;
      }
      const decision = await limiter.hit(`ip:${requestState(res).clientAddress}`);
      setRateHeaders(res, decision);
      if (decision.allowed) refuse(res, toAppError(error), {});
      else refuse(res, rateLimited(decision), { 'Retry-After': String(decision.resetSeconds) });
      return;
    }
    next();
  };
}
