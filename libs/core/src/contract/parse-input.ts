import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import { AppError, type FieldError } from '../errors.js';
import { exceedsJsonDepth, tooDeepError } from '../json-depth.js';
import { withCurrentNames } from './former-names.js';

export type Constructor<T> = new () => T;

/** When a value has the wrong type, its range or length messages are noise: report the type alone. */
const TYPE_CHECKS = new Set(['isString', 'isNumber', 'isInt', 'isBoolean', 'isArray', 'isObject', 'whitelistValidation']);

function relevantMessages(constraints: Record<string, string>): string[] {
  const typeFailures = Object.keys(constraints).filter((name) => TYPE_CHECKS.has(name));
  return (typeFailures.length > 0 ? typeFailures : Object.keys(constraints)).map((name) => constraints[name] as string);
}

function flatten(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = relevantMessages(error.constraints ?? {}).map((message) => ({
      field,
      // class-validator's whitelist message names the property already; keep the rest field-relative.
      message: message.startsWith(`${error.property} `) ? message.slice(error.property.length + 1) : message,
    }));
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

/** Names that would reach an object's prototype machinery instead of being plain data. */
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Refuses what class-validator cannot see: reserved keys (which it silently drops rather than
 * reporting) and NUL characters (which PostgreSQL text cannot store), anywhere in the input.
 */
function unsafeParts(value: unknown, path: string, found: FieldError[]): FieldError[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push({ field: path, message: 'must not contain the NUL character (U+0000)' });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => unsafeParts(item, path ? `${path}.${index}` : String(index), found));
  } else if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      const field = path ? `${path}.${key}` : key;
      if (RESERVED_KEYS.has(key)) found.push({ field, message: 'is not a known field' });
      else unsafeParts((value as Record<string, unknown>)[key], field, found);
    }
  }
  return found;
}

function fail(fields: FieldError[]): never {
  throw AppError.validation(fields.map((f) => `${f.field} ${f.message}`).join('; '), fields);
}

/**
 * The single validation path for every operation input, over REST and MCP alike: unknown fields are
 * rejected, types are not coerced (except by explicit transforms such as NumberFromQuery), and every
 * failure becomes one `validation_failed` AppError listing each field.
 */
export async function parseInput<T extends object>(contract: Constructor<T>, input: unknown): Promise<T> {
  // A contract instance comes from parseInput at the front door: libs that accept raw input too
  // (CatalogService) must not validate the same request a second time.
  if (input instanceof contract) return input;
  if (input === undefined || input === null) input = {};
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw AppError.validation('The input must be a JSON object.', [{ field: '', message: 'must be a JSON object' }]);
  }
  if (exceedsJsonDepth(input)) throw tooDeepError();
  const unsafe = unsafeParts(input, '', []);
  const current = withCurrentNames(contract, input as Record<string, unknown>, unsafe);
  if (unsafe.length > 0) fail(unsafe);
  const instance = plainToInstance(contract, current, { enableImplicitConversion: false, exposeDefaultValues: true });
  const errors = await validate(instance, {
    whitelist: true,
    forbidNonWhitelisted: true,
    // Inputs are always instances of their contract; an empty contract (no fields) must still validate.
    forbidUnknownValues: false,
    validationError: { target: false, value: false },
  });
  if (errors.length > 0) {
    const fields = flatten(errors).map((e) =>
      e.message === 'should not exist' || e.message.endsWith('should not exist') ? { field: e.field, message: 'is not a known field' } : e,
    );
    fail(fields);
  }
  return instance;
}
