import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

const scope = new AsyncLocalStorage<{ ip: string }>();

/**
 * Remembers the client address for the request, so that the EA operations can rate-limit anonymous callers
 * per IP whichever front door (REST, MCP, dashboard) ran them. Mount it after the body parser: stream
 * callbacks do not keep the async context.
 */
export function eaClientScope(): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => scope.run({ ip: req.ip ?? 'unknown' }, next);
}

export const currentClientIp = (): string | undefined => scope.getStore()?.ip;
