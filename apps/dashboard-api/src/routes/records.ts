import { Router, type Request, type Response } from 'express';
import type { DashboardDeps } from '../deps.js';
import { requireSession } from '../http/session.js';

const METHODS = { GET: 'get', POST: 'post', PATCH: 'patch' } as const;

/**
 * The third front door onto the same registry as REST and MCP: every key operation at its /api/v1
 * path and verb, with the session's user as caller, run by the runner REST uses (same input, ETag,
 * Idempotency-Key and problem+json). No rule is restated here: the session is all this door adds.
 */
export function recordRoutes({ operations, runner }: DashboardDeps): Router {
  const router = Router();
  for (const operation of operations.filter((op) => op.auth === 'key')) {
    router[METHODS[operation.rest.method]](operation.rest.path, requireSession, (req: Request, res: Response) =>
      runner.run(operation, req, res),
    );
  }
  return router;
}
