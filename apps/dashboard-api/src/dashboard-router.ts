import { Router, type NextFunction, type Request, type Response } from 'express';
import { AppError } from '@propfolio/core';
import {
  jsonBodies,
  rateLimitRequests,
  rawBodies,
  refuseDeepJson,
  refuseNonUtf8Json,
  requestState,
  requireJsonBodies,
  respondWithError,
} from '@propfolio/http';
import { PasswordResetService, UsersRepository } from '@propfolio/domain';
import { databaseRateLimiter } from '@propfolio/http';
import { type AppContext } from '@propfolio/bootstrap';
import { type RateLimiter } from '@propfolio/core';
import type { DashboardDeps } from './deps.js';
import { loadSession, refuseApiKeys, requireSameOrigin } from './http/session.js';
import { type SignInLimiters } from './http/sign-in-throttle.js';
import { hourlyDatabaseLimiter, SIGNUPS_PER_IP_PER_HOUR } from './http/sign-up-throttle.js';
import { adminRoutes } from './routes/admin.js';
import { authRoutes } from './routes/auth.js';
import { keyRoutes } from './routes/keys.js';
import { dashboardOpenApiDocument } from './openapi.js';
import { recordRoutes } from './routes/records.js';
import { trashRoutes } from './routes/trash.js';

export const DASHBOARD_PREFIX = '/app/api';
const PURGE_EVERY_MS = 3_600_000;

export interface DashboardOptions {
  /** Sign-in throttle counters; default in the database, so every instance shares them. */
  signInLimiters?: SignInLimiters;
  /** Open sign-ups per client IP; default SIGNUPS_PER_IP_PER_HOUR counted in the database, shared by every instance. */
  signUpLimiter?: RateLimiter;
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
    passwordResets: new PasswordResetService(new UsersRepository(db), domain.users, domain.sessions),
    operations: context.operations,
    runner: context.runners.dashboard,
    answers: context.answers,
    signInLimiters: options.signInLimiters ?? {
      perAccount: databaseRateLimiter(db, config.signInPerAccountPerMinute),
      perIp: databaseRateLimiter(db, config.signInPerIpPerMinute),
    },
    signUpLimiter: options.signUpLimiter ?? hourlyDatabaseLimiter(db, SIGNUPS_PER_IP_PER_HOUR),
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
  // The API's input guards: UTF-8 JSON only, nested at most MAX_JSON_DEPTH (32) levels.
  // A file route's raw body (a screenshot) within its bound, read as /api/v1 reads it; any other body is JSON.
  api.use(rawBodies(context.operations.filter((op) => op.auth === 'key')));
  api.use(requireJsonBodies());
  api.use(refuseNonUtf8Json());
  // The record routes are the key operations (openapi.ts); a public one's larger body limit (replay_plans') is no
  // route here, and a parser mounted on its path would serve it.
  api.use(
    jsonBodies(
      context.operations.filter((op) => op.auth === 'key'),
      config.bodyLimitBytes,
    ),
  );
  api.use(refuseDeepJson());
  api.use(loadSession(domain.sessions, config));
  api.use(rateLimitRequests(context.rateLimiter));
  // Built on the first request for it, not at start: no other answer needs it.
  let document: string | undefined;
  api.get('/openapi.json', (_req, res) => {
    document ??= JSON.stringify(dashboardOpenApiDocument(context.operations, DASHBOARD_PREFIX));
    res.type('application/json').send(document);
  });
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
    respondWithError(res, error, (requestState(res) as ReturnType<typeof requestState> | undefined)?.logger ?? context.logger);
  });

  const router = Router();
  router.use(DASHBOARD_PREFIX, api);
  return router;
}
