import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { AppError } from '@propfolio/core';
import { rateLimitRequests, requestState, respondWithError } from '@propfolio/http';
import { databaseRateLimiter, type AppContext } from '@propfolio/operations';
import type { DashboardDeps } from './deps.js';
import { loadSession, refuseApiKeys, requireSameOrigin } from './http/session.js';
import { RateLimitedError, type SignInLimiters } from './http/sign-in-throttle.js';
import { adminRoutes } from './routes/admin.js';
import { authRoutes } from './routes/auth.js';
import { keyRoutes } from './routes/keys.js';
import { recordRoutes } from './routes/records.js';
import { trashRoutes } from './routes/trash.js';

export const DASHBOARD_PREFIX = '/app/api';
const PURGE_EVERY_MS = 3_600_000;

export interface DashboardOptions {
  /** Sign-in throttle counters; default in the database, so every instance shares them. */
  signInLimiters?: SignInLimiters;
}

/**
 * The web dashboard's API at /app/api: cookie sessions only (an API key is refused), CSRF defended by
 * an origin check plus a per-session token, the same problem+json errors as /api/v1. Records go through
 * the shared operation registry; sessions, keys, trash and admin through the domain services.
 */
export function dashboardRouter(context: AppContext, options: DashboardOptions = {}): Router {
  const { config, db, domain } = context;
  const deps: DashboardDeps = {
    config,
    logger: context.logger,
    domain,
    operations: context.operations,
    answers: context.answers,
    signInLimiters: options.signInLimiters ?? {
      perAccount: databaseRateLimiter(db, config.signInPerAccountPerMinute),
      perIp: databaseRateLimiter(db, config.signInPerIpPerMinute),
    },
  };
  const purge = setInterval(() => {
    void Promise.all([domain.trash.purgeExpired(), domain.sessions.purgeExpired()]).catch((error: unknown) =>
      context.logger.warn('dashboard purge failed', { error }),
    );
  }, PURGE_EVERY_MS);
  purge.unref();

  const api = Router();
  api.use(refuseApiKeys);
  api.use(requireSameOrigin(config));
  api.use(express.json({ limit: config.bodyLimitBytes, strict: false }));
  api.use(loadSession(domain.sessions, config));
  api.use(rateLimitRequests(context.rateLimiter));
  api.use(authRoutes(deps));
  api.use(keyRoutes(deps));
  api.use(trashRoutes(deps));
  api.use(adminRoutes(deps));
  api.use(recordRoutes(deps));
  api.use(() => {
    throw AppError.notFound('Route');
  });
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- Express tells error middleware by its four parameters, so `_next` must stay
  api.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (error instanceof RateLimitedError) res.setHeader('Retry-After', String(error.retryAfterSeconds));
    respondWithError(res, error, (requestState(res) as ReturnType<typeof requestState> | undefined)?.logger ?? context.logger);
  });

  const router = Router();
  router.use(DASHBOARD_PREFIX, api);
  return router;
}
