import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError } from '@propfolio/core';
import { sendProblem } from './problem.js';

/**
 * Bodies must be JSON: a POST or PATCH with another content type answers 415 before it is read. Without it
 * the JSON parser skips such a body and the route sees `{}`: a PATCH "succeeds" changing nothing.
 */
export function requireJsonBodies(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'POST' && req.method !== 'PATCH') {
      next();
      return;
    }
    const hasBody = Number(req.header('content-length') ?? 0) > 0 || req.header('transfer-encoding') !== undefined;
    // A file route's raw body was read and checked already (rawBodies).
    if (!hasBody || req.is('application/json') || Buffer.isBuffer(req.body)) {
      next();
      return;
    }
    sendProblem(res, new AppError('unsupported_media_type', 'Send the request body as application/json.'));
  };
}
