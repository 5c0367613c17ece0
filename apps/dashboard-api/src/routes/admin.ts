import { Router } from 'express';
import { AppError, parseInput } from '@propfolio/core';
import { toUserView } from '@propfolio/domain';
import type {
  AdminUserListSchema,
  Answer,
  InviteListSchema,
  NewInviteSchema,
  NewPasswordResetSchema,
  UserStateSchema,
} from '../answers.js';
import { DASHBOARD_ROUTES as ROUTES } from '../api-routes.js';
import { IdParams, NewInviteInput } from '../contracts.js';
import type { DashboardDeps } from '../deps.js';
import { ownOrigin } from '../http/origin.js';
import { serve } from '../http/serve.js';
import { requireAdmin, requireSession, signedIn } from '../http/session.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user named in the path; an id that cannot be a user's is the same 404 as an unknown one. */
async function userId(params: unknown): Promise<string> {
  const { id } = await parseInput(IdParams, params);
  if (!UUID.test(id)) throw AppError.notFound('User');
  return id;
}

/** Administrators: every user, disabling (sessions and keys stop at once), invite and password-reset links. */
export function adminRoutes({ domain, config, passwordResets }: DashboardDeps): Router {
  const router = Router();
  router.use('/admin', requireSession, requireAdmin);
  serve(router, ROUTES.listUsers, async (_req, res) => {
    res.json({ items: await domain.users.list() } satisfies Answer<typeof AdminUserListSchema>);
  });
  for (const [action, route] of [
    ['disable', ROUTES.disableUser],
    ['enable', ROUTES.enableUser],
  ] as const) {
    serve(router, route, async (req, res) => {
      const id = await userId(req.params);
      if (action === 'disable' && id === signedIn(res).user.id) throw AppError.conflict('You cannot disable your own account.');
      const user = await domain.users.setDisabled(id, action === 'disable');
      res.json({ user: { ...toUserView(user), disabledAt: user.disabledAt?.toISOString() ?? null } } satisfies Answer<
        typeof UserStateSchema
      >);
    });
  }
  serve(router, ROUTES.issuePasswordReset, async (req, res) => {
    const id = await userId(req.params);
    const { reset, token } = await passwordResets.issue(signedIn(res).user.id, id);
    const origin = ownOrigin(req, config) ?? '';
    const answer = { reset, token, url: `${origin}/reset-password?token=${token}` } satisfies Answer<typeof NewPasswordResetSchema>;
    res.status(ROUTES.issuePasswordReset.status).json(answer);
  });
  serve(router, ROUTES.listInvites, async (_req, res) => {
    res.json({ items: await domain.invites.list() } satisfies Answer<typeof InviteListSchema>);
  });
  serve(router, ROUTES.createInvite, async (req, res) => {
    const input = await parseInput(NewInviteInput, req.body);
    const { invite, token } = await domain.invites.create(signedIn(res).user.id, { email: input.email, days: input.days });
    const origin = ownOrigin(req, config) ?? '';
    const answer = { invite, token, url: `${origin}/sign-up?invite=${token}` } satisfies Answer<typeof NewInviteSchema>;
    res.status(ROUTES.createInvite.status).json(answer);
  });
  return router;
}
