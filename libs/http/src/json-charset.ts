import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError } from '@propfolio/core';
import { sendProblem } from './problem.js';

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)"?/i;

/**
 * JSON is UTF-8 (RFC 8259): a body declared in another charset (`charset=utf-7`, `utf-16`, `latin1`)
 * answers 415 before it is read. The JSON parser would decode UTF-7 and hand on text that no filter in
 * front of the service saw as sent. `refuse` answers in the front door's own format.
 */
export function refuseNonUtf8Json(
  refuse: (res: Response, error: AppError) => void = (res, error) => sendProblem(res, error),
): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const charset = CHARSET.exec(req.header('content-type') ?? '')?.[1]?.toLowerCase();
    if (charset === undefined || charset === 'utf-8' || charset === 'utf8') {
      next();
      return;
    }
    refuse(res, new AppError('unsupported_media_type', 'Send the body as UTF-8 JSON.'));
  };
}
