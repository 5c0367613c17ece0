import { Router, type Request, type Response } from 'express';
import { requestState } from '@propfolio/http';
import { executeOperation, restInput } from '@propfolio/operations';
import type { DashboardDeps } from '../deps.js';
import { requireSession } from '../http/session.js';

const METHODS = { GET: 'get', POST: 'post', PATCH: 'patch' } as const;

/**
 * The third front door onto the same registry as REST and MCP: every key operation at its /api/v1
 * path and verb, run by the same executor with the session's user as caller. No rule is restated here.
 */
export function recordRoutes({ operations }: DashboardDeps): Router {
  const router = Router();
  for (const operation of operations.filter((op) => op.auth === 'key')) {
    router[METHODS[operation.rest.method]](operation.rest.path, requireSession, async (req: Request, res: Response) => {
      const state = requestState(res);
      const input = restInput(operation, { query: req.query, body: req.body, params: req.params as Record<string, string> });
      const output = await executeOperation(operation, { caller: state.caller, logger: state.logger, now: new Date() }, input);
      res.status(operation.rest.status ?? 200).json(output);
    });
  }
  return router;
}
