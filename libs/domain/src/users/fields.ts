import { AppError } from '@propfolio/core';

/** Bounds of a person's fields, shared by the services' checks and the dashboard's contracts. */
export const EMAIL_LENGTH = { min: 3, max: 320 } as const;
export const DISPLAY_NAME_LENGTH = { min: 1, max: 64 } as const;
/** How long an invite link may stay valid, in days. */
export const INVITE_DAYS = { min: 1, max: 30, default: 7 } as const;

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
