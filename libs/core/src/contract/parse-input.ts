import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import { AppError, type FieldError } from '../errors.js';

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

/**
 * The single validation path for every operation input, over REST and MCP alike: unknown fields are
 * rejected, types are not coerced (except by explicit transforms such as NumberFromQuery), and every
 * failure becomes one `validation_failed` AppError listing each field.
 */
export async function parseInput<T extends object>(contract: Constructor<T>, input: unknown): Promise<T> {
  if (input === undefined || input === null) input = {};
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw AppError.validation('The input must be a JSON object.', [{ field: '', message: 'must be a JSON object' }]);
  }
  const instance = plainToInstance(contract, input, { enableImplicitConversion: false, exposeDefaultValues: true });
  const errors = await validate(instance, {
    whitelist: true,
    forbidNonWhitelisted: true,
    // Inputs are always instances of their contract; an empty contract (no fields) must still validate.
    forbidUnknownValues: false,
    validationError: { target: false, value: false },
  });
  if (errors.length > 0) {
    const fields = flatten(errors).map((e) =>
      e.message === 'should not exist' || e.message.endsWith('should not exist')
        ? { field: e.field, message: 'is not a known field' }
        : e,
    );
    const detail = fields.map((f) => `${f.field} ${f.message}`).join('; ');
    throw AppError.validation(detail, fields);
  }
  return instance;
}
