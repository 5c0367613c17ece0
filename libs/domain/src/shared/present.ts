/**
 * The value, known to be there by an invariant the type system cannot see (a regex that already matched,
 * a key just read from the same map). Throws a named error instead of a later TypeError if that breaks.
 */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`internal invariant broken: ${what} is missing`);
  return value;
}
