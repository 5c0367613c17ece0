import { Router } from 'express';
import { parseInput } from '@propfolio/core';
import type { Answer, KeyAnswerSchema, KeyListSchema, NewKeySchema } from '../answers.js';
import { DASHBOARD_ROUTES as ROUTES } from '../api-routes.js';
import { IdParams, NewKeyInput } from '../contracts.js';
import type { DashboardDeps } from '../deps.js';
import { serve } from '../http/serve.js';
import { requireSession, signedIn } from '../http/session.js';

/** The signed-in user's own API keys ("EA integration"): list, create (secret shown once), revoke. */
export function keyRoutes({ domain }: DashboardDeps): Router {
  const router = Router();
  router.use('/keys', requireSession);
  serve(router, ROUTES.listKeys, async (_req, res) => {
    res.json({ items: await domain.keys.listForUser(signedIn(res).user.id) } satisfies Answer<typeof KeyListSchema>);
  });
  serve(router, ROUTES.createKey, async (req, res) => {
    const input = await parseInput(NewKeyInput, req.body);
    const created = await domain.keys.createForUser(signedIn(res).user.id, input.name ?? null, input.scope ?? 'full');
    res.status(ROUTES.createKey.status).json(created satisfies Answer<typeof NewKeySchema>);
  });
  serve(router, ROUTES.revokeKey, async (req, res) => {
    const { id } = await parseInput(IdParams, req.params);
    res.json({ key: await domain.keys.revokeForUser(signedIn(res).user.id, id) } satisfies Answer<typeof KeyAnswerSchema>);
  });
  return router;
}
