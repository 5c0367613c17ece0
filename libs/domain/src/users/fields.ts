import { AppError } from '@propfolio/core';

/** Field checks for the dashboard's small JSON bodies (auth, keys, admin), with the API's usual 400s. */
export function text(value: unknown, field: string, min: number, max: number): string {
  if (typeof value !== 'string') throw AppError.invalidField(field, 'must be a string');
  // PostgreSQL text cannot store it: a 400 naming the field, not a database error.
  if (value.includes('\u0000')) throw AppError.invalidField(field, 'must not contain the NUL character (U+0000)');
  const trimmed = value.trim();
  if (trimmed.length < min || trimmed.length > max) throw AppError.invalidField(field, `must be ${min} to ${max} characters`);
  return trimmed;
}

export function optionalText(value: unknown, field: string, min: number, max: number): string | undefined {
  return value === undefined || value === null ? undefined : text(value, field, min, max);
}

export function choice<T extends string>(value: unknown, field: string, values: readonly T[]): T {
  if (typeof value !== 'string' || !(values as readonly string[]).includes(value)) {
    throw AppError.invalidField(field, `must be one of ${values.join(', ')}`);
  }
  return value as T;
}
