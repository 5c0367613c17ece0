import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Caller, Logger } from '@propfolio/core';

/** What the shared middleware learns about a request, kept on `res.locals.propfolio`. */
export interface RequestState {
  requestId: string;
  logger: Logger;
  /** Set by the authentication middleware; null when no key was sent. */
  caller: Caller | null;
}

export function requestState(res: Response): RequestState {
  return res.locals.propfolio as RequestState;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * Gives every request an id (the caller's X-Request-Id when well-formed, else a new one), a logger
 * bound to it, and one structured access-log line when the response finishes.
 */
export function requestContext(logger: Logger): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.header('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const state: RequestState = { requestId, logger: logger.child({ requestId }), caller: null };
    res.locals.propfolio = state;
    res.setHeader('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      state.logger.info('request', {
        method: req.method,
        path: req.originalUrl.split('?')[0],
        status: res.statusCode,
        ms: Number(process.hrtime.bigint() - started) / 1e6,
        user: state.caller?.userId,
      });
    });
    next();
  };
}
