import { Router } from 'express';
import { AppError } from '@propfolio/core';
import { toUserView } from '@propfolio/domain';
import type { DashboardDeps } from '../deps.js';
import { body } from '../http/body.js';
import { ownOrigin } from '../http/origin.js';
import { requireAdmin, requireSession, signedIn } from '../http/session.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Administrators: every user, disabling (sessions and keys stop at once), invite and password-reset links. */
export function adminRoutes({ domain, config, passwordResets }: DashboardDeps): Router {
  const router = Router();
  router.use('/admin', requireSession, requireAdmin);
  router.get('/admin/users', async (_req, res) => {
    res.json({ items: await domain.users.list() });
  });
  for (const action of ['disable', 'enable'] as const) {
    router.post(`/admin/users/:id/${action}`, async (req, res) => {
      const id = req.params.id;
      if (!UUID.test(id)) throw AppError.notFound('User');
      if (action === 'disable' && id === signedIn(res).user.id) throw AppError.conflict('You cannot disable your own account.');
      const user = await domain.users.setDisabled(id, action === 'disable');
      res.json({ user: { ...toUserView(user), disabledAt: user.disabledAt?.toISOString() ?? null } });
    });
  }
  router.post('/admin/users/:id/password-reset', async (req, res) => {
    const id = req.params.id;
    if (!UUID.test(id)) throw AppError.notFound('User');
    const { reset, token } = await passwordResets.issue(signedIn(res).user.id, id);
    const origin = ownOrigin(req, config) ?? '';
    res.status(201).json({ reset, token, url: `${origin}/reset-password?token=${token}` });
  });
  router.get('/admin/invites', async (_req, res) => {
    res.json({ items: await domain.invites.list() });
  });
  router.post('/admin/invites', async (req, res) => {
    const input = body(req);
    const { invite, token } = await domain.invites.create(signedIn(res).user.id, { email: input.email, days: input.days });
    const origin = ownOrigin(req, config) ?? '';
    res.status(201).json({ invite, token, url: `${origin}/sign-up?invite=${token}` });
  });
  return router;
}
