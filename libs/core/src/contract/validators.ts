import { Transform } from 'class-transformer';
import { registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';
import type { TSchema } from 'typebox';
import Value from 'typebox/value';
import { isIsoDate, isIsoInstant } from '../dates.js';

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

/** The validator name the JSON Schema derivation maps to `format: date-time`. */
export const IS_ISO_INSTANT = 'isIsoInstant';

/** An instant written ISO 8601 with its zone (`2026-03-05T14:03:00Z`, `…+09:00`); one without a zone fails. */
export function IsIsoInstant(options?: ValidationOptions): PropertyDecorator {
  return (target, property) =>
    registerDecorator({
      name: IS_ISO_INSTANT,
      target: target.constructor,
      propertyName: String(property),
      options: {
        message: '$property must be an ISO 8601 date-time with its zone, e.g. 2026-03-05T14:03:00Z or 2026-03-05T23:03:00+09:00',
        ...options,
      },
      validator: { validate: (value: unknown) => typeof value === 'string' && isIsoInstant(value) },
    });
}

/** The validator name the JSON Schema derivation maps to the schema itself. */
export const MATCHES_SCHEMA = 'matchesSchema';

/** Keywords that only say "not this branch of a union": a deeper or more specific error names the fault better. */
const BRANCH_KEYWORDS = new Set(['type', 'const', 'anyOf']);
type SchemaError = ReturnType<typeof Value.Errors>[number];

/**
 * The error that names the part at fault. Inside a union (a rule that may also be "none" or null) the first
 * error is about another branch ("must be string"); the deepest path, and there a specific keyword such as
 * `enum` or `additionalProperties`, is the field the caller got wrong.
 */
function fieldAtFault(errors: readonly SchemaError[]): SchemaError | undefined {
  const depth = (e: SchemaError) => e.instancePath.split('/').length;
  const rank = (e: SchemaError) => depth(e) * 2 + (BRANCH_KEYWORDS.has(e.keyword) ? 0 : 1);
  return errors.reduce<SchemaError | undefined>((best, e) => (best === undefined || rank(e) > rank(best) ? e : best), undefined);
}

/**
 * A structured field validated by the JSON Schema (typebox) that a library already owns, e.g. a plan's rules:
 * the one schema both checks the input and documents it, instead of a second copy as nested contract classes.
 * The message names the first failing path inside the field.
 */
export function MatchesSchema(schema: TSchema, options?: ValidationOptions): PropertyDecorator {
  return (target, property) =>
    registerDecorator({
      name: MATCHES_SCHEMA,
      target: target.constructor,
      propertyName: String(property),
      constraints: [schema],
      options: {
        message: (args: ValidationArguments) => {
          const error = fieldAtFault(Value.Errors(schema, args.value));
          if (!error) return `${args.property} is invalid`;
          const allowed = error.keyword === 'enum' ? `: ${error.params.allowedValues.map(String).join(', ')}` : '';
          // typebox reports a property that `additionalProperties: false` refuses as "schema is false" at its own path.
          const message = error.keyword === 'boolean' ? 'is not a known field' : error.message;
          return `${args.property}${error.instancePath.replaceAll('/', '.')} ${message}${allowed}`;
        },
        ...options,
      },
      validator: { validate: (value: unknown) => Value.Check(schema, value) },
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

/** Several property decorators as one, applied in order: a field rule written once and reused by name. */
export const Compose =
  (...decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, property) => {
    for (const decorate of decorators) decorate(target, property);
  };
