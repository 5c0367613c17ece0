import 'reflect-metadata';
import { Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import {
  authenticateRequests,
  jsonBodies,
  rawBodies,
  refuseDeepJson,
  refuseNonUtf8Json,
  rateLimitRequests,
  requestContext,
  requestState,
  requireJsonBodies,
  respondWithError,
  type RequestState,
} from '@propfolio/http';
import { type AppContext } from '@propfolio/bootstrap';
import { refuseDeleteAndPut } from './method-guards.js';
import { docsRoutes } from './openapi/docs.js';
import { operationsController } from './operations.controller.js';
import { ProblemFilter } from './problem.filter.js';

export const API_PREFIX = '/api/v1';

export interface RestAppOptions {
  /** An Express app that already has shared middleware and routes (the combined server's /mcp). */
  expressApp?: Express;
}

/**
 * The REST front door: NestJS on Express serving every operation under /api/v1, with the cross-cutting
 * rules in a fixed order: request id and logs, 405 for DELETE/PUT, 415, body limit, key, rate limit.
 */
export async function createRestApp(context: AppContext, options: RestAppOptions = {}): Promise<INestApplication> {
  const app = options.expressApp ?? express();
  app.disable('x-powered-by');
  if (!options.expressApp) app.use(requestContext(context.logger, { trustProxy: context.config.trustProxy }));

  const api = express.Router();
  api.use(refuseDeleteAndPut(context.operations));
  // A file route's raw body (a screenshot) first, within its bound; every other body must be JSON.
  api.use(rawBodies(context.operations));
  api.use(requireJsonBodies());
  api.use(refuseNonUtf8Json());
  api.use(jsonBodies(context.operations, context.config.bodyLimitBytes));
  api.use(refuseDeepJson());
  api.use(authenticateRequests(context.authenticate, context.rateLimiter));
  api.use(rateLimitRequests(context.rateLimiter));
  // Errors raised by the middleware above (malformed JSON, too large) leave as problem+json too.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- Express tells an error handler by its four parameters
  api.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const state = requestState(res) as RequestState | undefined; // absent if the error came before requestContext ran
    respondWithError(res, error, state?.logger ?? context.logger);
  });
  app.use(API_PREFIX, api);
  app.use(docsRoutes(context.operations, API_PREFIX));

  @Module({ controllers: [operationsController(context.operations, context.runners.api)] })
  class RestModule {}

  const nest = await NestFactory.create(RestModule, new ExpressAdapter(app), { bodyParser: false, logger: false });
  nest.setGlobalPrefix(API_PREFIX.slice(1));
  nest.useGlobalFilters(new ProblemFilter(context));
  await nest.init();
  return nest;
}
