import { Router } from 'express';
import type { Database } from '@propfolio/db';

/** `/healthz`: the process is alive. `/readyz`: it can reach its database (use it for load balancers). */
export function healthRoutes(db: Database, isShuttingDown: () => boolean = () => false): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    if (isShuttingDown()) {
      res.status(503).json({ status: 'shutting_down' });
      return;
    }
    try {
      await db.ping();
      res.json({ status: 'ready', database: 'ok' });
    } catch {
      res.status(503).json({ status: 'unavailable', database: 'unreachable' });
    }
  });
  return router;
}
