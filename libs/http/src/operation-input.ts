import { AppError, type Operation } from '@propfolio/core';

/** The parts of an HTTP request an operation's input is built from (an Express request fits). */
export interface HttpInputSource {
  query: unknown;
  body: unknown;
  params: Record<string, string>;
}

/**
 * The input of an operation called over HTTP (/api/v1 and /app/api alike): the query (GET, or a file upload) or the JSON
 * body, plus the path parameters, which the client may not also send.
 */
export function operationInput(operation: Operation, req: HttpInputSource): Record<string, unknown> {
  // A file's raw body (rest.upload) is the upload itself: the rest of the input is in the query.
  const source: unknown = operation.rest.method === 'GET' || operation.rest.upload ? req.query : (req.body ?? {});
  if (typeof source !== 'object' || source === null || Array.isArray(source)) {
    throw AppError.validation('The request body must be a JSON object.', [{ field: '', message: 'must be a JSON object' }]);
  }
  const params = req.params;
  const clash = Object.keys(params).find((name) => Object.hasOwn(source, name));
  if (clash) throw AppError.invalidField(clash, 'is taken from the URL path and must not be sent in the request');
  return { ...(source as Record<string, unknown>), ...params };
}
