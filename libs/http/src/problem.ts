import type { Response } from 'express';
import { AppError, type Logger } from '@propfolio/core';

interface HttpishError {
  type?: string;
  status?: number;
  statusCode?: number;
  /** The body parser's limit in bytes, on `entity.too.large`. */
  limit?: number;
}

/**
 * Maps anything thrown while serving a request to an AppError. Errors we did not anticipate become a
 * generic 500 (logged in full by the caller), never a stack trace on the wire.
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const e = (error ?? {}) as HttpishError;
  if (e.type === 'entity.parse.failed') return new AppError('invalid_json', 'The request body is not valid JSON.');
  if (e.type === 'entity.too.large') {
    const detail = 'The request body is larger than the limit.';
    return typeof e.limit === 'number' ? AppError.payloadTooLarge(detail, e.limit) : new AppError('payload_too_large', detail);
  }
  if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported') {
    return new AppError('unsupported_media_type', 'Send the body as UTF-8 JSON.');
  }
  // Express could not decode a path parameter (`/articles/%`): the client's URL is at fault.
  if (error instanceof URIError) return malformedPathError();
  const status = e.status ?? e.statusCode;
  if (status === 404) return AppError.notFound('Route');
  return new AppError('internal_error', 'An unexpected error occurred. It has been logged; please try again later.');
}

/** A path parameter that is not valid percent-encoded UTF-8 (Express and Nest report it as a decode failure). */
export function malformedPathError(): AppError {
  return AppError.validation('The URL path contains malformed percent-encoding (a "%" must be followed by two hex digits of UTF-8).', [
    { field: 'path', message: 'has malformed percent-encoding' },
  ]);
}

export function sendProblem(res: Response, error: AppError, extraHeaders: Record<string, string> = {}): void {
  if (res.headersSent) return;
  for (const [name, value] of Object.entries(extraHeaders)) res.setHeader(name, value);
  // Every 429 says when to come back, whichever limiter refused (the EA engine's and the sign-in throttle's too).
  const resetSeconds = error.code === 'rate_limited' ? error.facts?.resetSeconds : undefined;
  if (typeof resetSeconds === 'number' && !res.hasHeader('Retry-After')) res.setHeader('Retry-After', String(resetSeconds));
  if (error.code === 'unauthorized') res.setHeader('WWW-Authenticate', 'Bearer');
  if (error.code === 'invalid_token') res.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
  res.status(error.status).type('application/problem+json').send(JSON.stringify(error.toProblem()));
}

/** Sends the problem for `error`, logging unexpected ones with their stack. */
export function respondWithError(res: Response, error: unknown, logger: Logger): void {
  const appError = toAppError(error);
  if (appError.code === 'internal_error') logger.error('unhandled error', { error });
  sendProblem(res, appError);
}
