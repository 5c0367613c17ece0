import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Caller, Logger } from '@propfolio/core';

/** What the shared middleware learns about a request, kept on `res.locals.propfolio`. */
export interface RequestState {
  requestId: string;
  logger: Logger;
  /** Set by the authentication middleware; null when no key was sent. */
  caller: Caller | null;
  /** Where the request came from: the per-IP rate-limit bucket (see {@link clientAddress}). */
  clientAddress: string;
}

export function requestState(res: Response): RequestState {
  return res.locals.propfolio as RequestState;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

export interface RequestContextOptions {
  /** TRUST_PROXY: one reverse proxy (a load balancer) stands in front and appends to X-Forwarded-For. */
  trustProxy?: boolean;
}

/**
 * The client's address: the socket's, or behind a trusted proxy the last X-Forwarded-For entry, the one
 * the proxy itself appended. Earlier entries come from the client and could be anything, so they would
 * let one client spread its requests over as many rate-limit buckets as it likes.
 */
export function clientAddress(req: Request, trustProxy: boolean): string {
  const forwarded = trustProxy ? req.header('x-forwarded-for')?.split(',').at(-1)?.trim() : undefined;
  return forwarded || req.socket.remoteAddress || 'unknown';
}

/**
 * Gives every request an id (the caller's X-Request-Id when well-formed, else a new one), a logger
 * bound to it, and one structured access-log line when the response finishes.
 */
export function requestContext(logger: Logger, { trustProxy = false }: RequestContextOptions = {}): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.header('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const state: RequestState = {
      requestId,
      logger: logger.child({ requestId }),
      caller: null,
      clientAddress: clientAddress(req, trustProxy),
    };
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
