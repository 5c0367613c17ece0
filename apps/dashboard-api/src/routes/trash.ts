import { Router, type Response } from 'express';
import { parseInput, type Caller } from '@propfolio/core';
import type { Answer, DeletedSchema, RestoredSchema, TrashListSchema } from '../answers.js';
import { DASHBOARD_ROUTES as ROUTES } from '../api-routes.js';
import { TradeScreenshotInput } from '@propfolio/domain';
import { IdParams } from '../contracts.js';
import type { DashboardDeps } from '../deps.js';
import { serve } from '../http/serve.js';
import { callerOfSession, requireSession, signedIn } from '../http/session.js';

const caller = (res: Response): Caller => callerOfSession(signedIn(res));

/** Deletion (only here, never on /api/v1 or MCP) into the trash, the trash listing, and restore; an alert channel's removal, and a trade screenshot's (both for good). */
export function trashRoutes({ domain, answers }: DashboardDeps): Router {
  const router = Router();
  const deletions = [
    [ROUTES.deleteChallenge, domain.trash.deleteChallenge.bind(domain.trash)],
    [ROUTES.deleteMemo, domain.trash.deleteMemo.bind(domain.trash)],
    [ROUTES.deletePayout, domain.trash.deletePayout.bind(domain.trash)],
    [ROUTES.deleteAccount, domain.trash.deleteAccount.bind(domain.trash)],
  ] as const;
  for (const [route, remove] of deletions) {
    serve(router, route, requireSession, async (req, res) => {
      const who = caller(res);
      const { id } = await parseInput(IdParams, req.params);
      res.json({ entry: await answers.writing(who.userId, () => remove(who, id)) } satisfies Answer<typeof DeletedSchema>);
    });
  }
  serve(router, ROUTES.removeAlertChannel, requireSession, async (req, res) => {
    const who = caller(res);
    const { id } = await parseInput(IdParams, req.params);
    await answers.writing(who.userId, () => domain.alertChannels.remove(who, id));
    res.status(204).end();
  });
  serve(router, ROUTES.deleteTradeScreenshot, requireSession, async (req, res) => {
    const who = caller(res);
    const input = await parseInput(TradeScreenshotInput, req.params);
    await answers.writing(who.userId, () => domain.tradeScreenshots.remove(who, input));
    res.status(204).end();
  });
  serve(router, ROUTES.listTrash, requireSession, async (_req, res) => {
    res.json({ items: await domain.trash.list(caller(res)) } satisfies Answer<typeof TrashListSchema>);
  });
  serve(router, ROUTES.restore, requireSession, async (req, res) => {
    const who = caller(res);
    const { id } = await parseInput(IdParams, req.params);
    res.json({ restored: await answers.writing(who.userId, () => domain.trash.restore(who, id)) } satisfies Answer<typeof RestoredSchema>);
  });
  return router;
}
