import type { Request } from 'express';
import { AppError } from '@propfolio/core';

/**
 * The JSON object body of a dashboard request (an absent body is an empty object). A text field holding
 * NUL (which PostgreSQL text cannot store) is refused here with its name, as the API refuses it, rather
 * than failing in the database as a 500.
 */
export function body(req: Request): Record<string, unknown> {
  const value: unknown = req.body ?? {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw AppError.validation('The request body must be a JSON object.', [{ field: '', message: 'must be a JSON object' }]);
  }
  const fields = value as Record<string, unknown>;
  const withNul = Object.keys(fields).filter((field) => typeof fields[field] === 'string' && fields[field].includes('\u0000'));
  if (withNul.length > 0) {
    throw AppError.validation(
      `${withNul.join(', ')}: must not contain the NUL character (U+0000)`,
      withNul.map((field) => ({ field, message: 'must not contain the NUL character (U+0000)' })),
    );
  }
  return fields;
}
