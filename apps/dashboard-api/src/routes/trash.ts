import { Router, type Response } from 'express';
import type { Caller } from '@propfolio/core';
import type { DashboardDeps } from '../deps.js';
import { callerOfSession, requireSession, signedIn } from '../http/session.js';

const caller = (res: Response): Caller => callerOfSession(signedIn(res));

/** Deletion (only here, never on /api/v1 or MCP) into the trash, the trash listing, and restore. */
export function trashRoutes({ domain, answers }: DashboardDeps): Router {
  const router = Router();
  const deletions = {
    challenges: domain.trash.deleteChallenge.bind(domain.trash),
    memos: domain.trash.deleteMemo.bind(domain.trash),
    payouts: domain.trash.deletePayout.bind(domain.trash),
    accounts: domain.trash.deleteAccount.bind(domain.trash),
  };
  for (const [collection, remove] of Object.entries(deletions)) {
    router.delete(`/${collection}/:id`, requireSession, async (req, res) => {
      const who = caller(res);
      res.json({ entry: await answers.writing(who.userId, () => remove(who, req.params.id as string)) });
    });
  }
  router.get('/trash', requireSession, async (_req, res) => {
    res.json({ items: await domain.trash.list(caller(res)) });
  });
  router.post('/trash/:id/restore', requireSession, async (req, res) => {
    const who = caller(res);
    res.json({ restored: await answers.writing(who.userId, () => domain.trash.restore(who, req.params.id as string)) });
  });
  return router;
}
