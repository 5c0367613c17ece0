import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { AppError } from '@propfolio/core';
import { malformedPathError, requestState, respondWithError, type RequestState } from '@propfolio/http';
import { type AppContext } from '@propfolio/bootstrap';

/** Every failure on a Nest route, ours or Nest's own (unknown route), leaves as problem+json. */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  constructor(private readonly context: AppContext) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    // The filter may see a response the request-context middleware never reached: fall back to the app's logger.
    const state = requestState(res) as RequestState | undefined;
    const logger = state?.logger ?? this.context.logger;
    if (error instanceof HttpException && error.getStatus() === 404) {
      respondWithError(res, AppError.notFound('Route'), logger);
      return;
    }
    // Nest turns Express's URIError for a path like /articles/% into this 400.
    if (error instanceof HttpException && error.getStatus() === 400 && /decode param/i.test(error.message)) {
      respondWithError(res, malformedPathError(), logger);
      return;
    }
    respondWithError(res, error, logger);
  }
}
