import { Router } from 'express';
import { KEY_SCOPES, choice, optionalText } from '@propfolio/domain';
import type { DashboardDeps } from '../deps.js';
import { body } from '../http/body.js';
import { requireSession, signedIn } from '../http/session.js';

/** The signed-in user's own API keys ("EA integration"): list, create (secret shown once), revoke. */
export function keyRoutes({ domain }: DashboardDeps): Router {
  const router = Router();
  router.use('/keys', requireSession);
  router.get('/keys', async (_req, res) => {
    res.json({ items: await domain.keys.listForUser(signedIn(res).user.id) });
  });
  router.post('/keys', async (req, res) => {
    const input = body(req);
    const name = optionalText(input.name, 'name', 1, 64) ?? null;
    const scope = choice(input.scope ?? 'full', 'scope', KEY_SCOPES);
    res.status(201).json(await domain.keys.createForUser(signedIn(res).user.id, name, scope));
  });
  router.post('/keys/:id/revoke', async (req, res) => {
    res.json({ key: await domain.keys.revokeForUser(signedIn(res).user.id, req.params.id) });
  });
  return router;
}
