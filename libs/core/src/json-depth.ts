import { AppError } from './errors.js';

/**
 * How deep a request's JSON may nest. Real inputs nest 3 or 4 levels; validation, hashing and logging
 * walk values recursively, and a 6 KB body nested 3,000 levels deep would overflow their stack.
 */
export const MAX_JSON_DEPTH = 32;

/** True when `value` nests arrays or objects deeper than `max` levels. Iterative: never overflows itself. */
export function exceedsJsonDepth(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (current === null || typeof current !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(current)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** The validation error for a too-deep body, the same over REST and MCP. */
export function tooDeepError(max = MAX_JSON_DEPTH): AppError {
  return AppError.validation(`The JSON input is nested deeper than ${max} levels.`, [
    { field: '', message: `must not be nested deeper than ${max} levels` },
  ]);
}
