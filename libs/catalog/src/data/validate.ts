import type { Static, TSchema } from 'typebox';
import Value from 'typebox/value';
import { parse } from 'yaml';

/** Checks `value` against `schema` and throws one error naming the file and every failing path. */
export function assertSchema<T extends TSchema>(schema: T, value: unknown, where: string): Static<T> {
  if (Value.Check(schema, value)) return value;
  const problems = Value.Errors(schema, value)
    .slice(0, 8)
    .map((e) => `${e.instancePath || '/'} ${e.message}`);
  throw new Error(`Invalid catalog data in ${where}: ${problems.join('; ')}`);
}

/** Throws unless `value` is a real `YYYY-MM-DD` calendar date. */
export function assertIsoDate(value: string, where: string): void {
  const date = new Date(`${value}T00:00:00.000Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    throw new Error(`Invalid catalog data in ${where}: "${value}" is not a YYYY-MM-DD date`);
  }
}

/** Parses YAML text, naming `where` in the error when it is malformed. */
export function parseYaml(text: string, where: string): unknown {
  try {
    return parse(text) as unknown;
  } catch (error) {
    throw new Error(`Invalid catalog data in ${where}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
