import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError } from '@propfolio/core';
import { sendProblem } from './problem.js';

export interface ConnectionDrain {
  /** First middleware of the app: tracks in-flight answers, refuses new requests once draining. */
  middleware: RequestHandler;
  /** From now on every answer closes its connection, and a request on a kept-alive socket gets 503. */
  begin: () => void;
  readonly draining: boolean;
}

/**
 * Graceful drain for keep-alive clients. `server.close()` only stops new connections: a busy client
 * would keep sending requests on its open socket for the whole grace period. While draining, answers
 * in flight carry `Connection: close` (Node then closes the socket after them), and a request that
 * still arrives on an old socket is refused with 503 so that the client retries on a live instance.
 */
export function connectionDrain(): ConnectionDrain {
  const inFlight = new Set<Response>();
  let draining = false;
  const closeAfter = (res: Response) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  return {
    middleware: (_req: Request, res: Response, next: NextFunction) => {
      if (draining) {
        closeAfter(res);
        sendProblem(res, new AppError('service_unavailable', 'This instance is shutting down; retry the request on a new connection.'), {
          'Retry-After': '1',
        });
        return;
      }
      inFlight.add(res);
      res.on('close', () => inFlight.delete(res));
      next();
    },
    begin: () => {
      draining = true;
      inFlight.forEach(closeAfter);
    },
    get draining() {
      return draining;
    },
  };
}
