import type { FieldError } from '../errors.js';
import type { Constructor } from './parse-input.js';

/** Per contract class: a field's former name → its current name. */
const renames = new WeakMap<object, Map<string, string>>();

/**
 * Accepts `former` as the old name of this field for a deprecation period: parseInput moves the value
 * across before validating. Declare `former` on the contract too (optional, with `deprecated: true` in
 * its @Doc) so that the schema documents it.
 */
export function FormerName(former: string): PropertyDecorator {
  return (target, property) => {
    const own = renames.get(target.constructor) ?? new Map<string, string>();
    own.set(former, String(property));
    renames.set(target.constructor, own);
  };
}

/** The input with every former name moved to its current one; sending both names is an error. */
export function withCurrentNames(
  contract: Constructor<object>,
  input: Record<string, unknown>,
  errors: FieldError[],
): Record<string, unknown> {
  let result = input;
  for (let current: unknown = contract; typeof current === 'function' && current !== Function.prototype;) {
    for (const [former, name] of renames.get(current) ?? []) {
      if (!Object.hasOwn(result, former)) continue;
      if (Object.hasOwn(result, name)) {
        errors.push({ field: former, message: `is the former name of ${name}: send ${name} only` });
        continue;
      }
      const { [former]: value, ...rest } = result;
      result = { ...rest, [name]: value };
    }
    current = Object.getPrototypeOf(current);
  }
  return result;
}
