import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { exceedsJsonDepth, MAX_JSON_DEPTH, tooDeepError, type AppError } from '@propfolio/core';
import { sendProblem } from './problem.js';

/**
 * Refuses a parsed body or query nested deeper than MAX_JSON_DEPTH before anything walks it (the
 * Idempotency-Key hash, validation, the MCP SDK). `refuse` answers in the front door's own format.
 */
export function refuseDeepJson(refuse: (res: Response, error: AppError) => void = (res, error) => sendProblem(res, error)): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    // A file's raw bytes (rawBodies) are no JSON: walking a Buffer's values would list every byte.
    if ((!Buffer.isBuffer(req.body) && exceedsJsonDepth(req.body, MAX_JSON_DEPTH)) || exceedsJsonDepth(req.query, MAX_JSON_DEPTH)) {
      refuse(res, tooDeepError());
      return;
    }
    next();
  };
}
