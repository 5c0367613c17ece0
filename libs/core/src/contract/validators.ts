import { Transform } from 'class-transformer';
import { registerDecorator, type ValidationOptions } from 'class-validator';
import { isIsoDate } from '../dates.js';

/** The validator name the JSON Schema derivation maps to `format: date`. */
export const IS_ISO_DATE = 'isIsoCalendarDate';

/** A real calendar date written `YYYY-MM-DD` (2026-02-30 fails). */
export function IsIsoDate(options?: ValidationOptions): PropertyDecorator {
  return (target, property) =>
    registerDecorator({
      name: IS_ISO_DATE,
      target: target.constructor,
      propertyName: String(property),
      options: { message: '$property must be a real calendar date in YYYY-MM-DD format', ...options },
      validator: { validate: (value: unknown) => typeof value === 'string' && isIsoDate(value) },
    });
}

/** The validator name the JSON Schema derivation maps to `type: [string, number, boolean]`. */
export const IS_SCALAR = 'isScalarValue';

/** A string, a finite number or a boolean (settings values that may be written any of these ways). */
export function IsScalar(options?: ValidationOptions): PropertyDecorator {
  return (target, property) =>
    registerDecorator({
      name: IS_SCALAR,
      target: target.constructor,
      propertyName: String(property),
      options: { message: '$property must be a string, a number or a boolean', ...options },
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)),
      },
    });
}

/** Upper-cases a string input (currency codes are accepted in any case and stored upper-case). */
export const UpperCase = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.toUpperCase() : value));

/** Trims a string input, so that whitespace-only strings fail a MinLength(1). */
export const Trim = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/**
 * Query-string numbers arrive as text: convert strings of digits, leave anything else for the
 * validators to reject with a clear message (class-transformer's Number() would turn '' into 0).
 */
export const NumberFromQuery = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value));
