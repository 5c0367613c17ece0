import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError, type Operation } from '@propfolio/core';
import { sendProblem } from '@propfolio/http';

function pathMatcher(path: string): RegExp {
  return new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`);
}

/**
 * Records are never deleted (or replaced) through the API: DELETE and PUT answer 405 with the methods
 * the path does allow, and a pointer to where deletion happens.
 */
export function refuseDeleteAndPut(operations: readonly Operation[]): RequestHandler {
  const routes = operations.map((op) => ({ matcher: pathMatcher(op.rest.path), method: op.rest.method }));
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'DELETE' && req.method !== 'PUT') {
      next();
      return;
    }
    const allowed = [...new Set(routes.filter((r) => r.matcher.test(req.path)).map((r) => r.method))];
    if (allowed.length === 0) {
      next(); // an unknown path is a 404 whatever the method
      return;
    }
    const allow = allowed.join(', ');
    sendProblem(
      res,
      new AppError(
        'method_not_allowed',
        `${req.method} is not supported: records are never deleted or replaced through the API. ` +
          'Delete records in the web dashboard; change them with PATCH where a route offers it.',
      ),
      { Allow: allow },
    );
  };
}
