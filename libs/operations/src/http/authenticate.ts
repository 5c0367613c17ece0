import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { bearerToken } from '../bearer.js';
import type { Authenticator } from '../registry.js';
import { sendProblem, toAppError } from './problem.js';
import { requestState } from './request-context.js';

/**
 * Resolves the Authorization header on every request, public or private: no header means a public
 * caller, while a header that is malformed, unknown or revoked is refused with 401 invalid_token.
 */
export function authenticateRequests(authenticate: Authenticator): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const token = bearerToken(req.header('authorization'));
      requestState(res).caller = token === null ? null : await authenticate(token);
      next();
    } catch (error) {
      sendProblem(res, toAppError(error));
    }
  };
}
