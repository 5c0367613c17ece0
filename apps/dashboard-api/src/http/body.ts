import type { Request } from 'express';
import { AppError } from '@propfolio/core';

/** The JSON object body of a dashboard request (an absent body is an empty object). */
export function body(req: Request): Record<string, unknown> {
  const value: unknown = req.body ?? {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw AppError.validation('The request body must be a JSON object.', [{ field: '', message: 'must be a JSON object' }]);
  }
  return value as Record<string, unknown>;
}
