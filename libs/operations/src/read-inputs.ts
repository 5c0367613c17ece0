import { parseInput, type Operation } from '@propfolio/core';

/** Distinct raw inputs remembered per operation; the oldest goes first. */
const REMEMBERED = 256;
/** Longer raw inputs (a settings file to analyse) are validated each time rather than kept. */
const LONGEST_KEY = 512;

const byOperation = new WeakMap<Operation, Map<string, object>>();

/**
 * The raw input as a memo key when it is flat (strings, numbers, booleans, null: a query string with its
 * path parameters, or an agent's simple arguments), undefined otherwise. Flat values make the key exact:
 * JSON text tells "5" from 5 and drops nothing.
 */
function flatKey(raw: unknown): string | undefined {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  for (const value of Object.values(raw)) {
    if (value !== null && typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return undefined;
  }
  const key = JSON.stringify(raw);
  return key.length <= LONGEST_KEY ? key : undefined;
}

/**
 * The contract's validation of a read's input, done once per distinct raw input: the same page of a list
 * asked again (what a cached answer serves) re-ran every class-validator rule, a twentieth of a cache
 * hit's CPU. Validation depends on the raw input alone (no rule reads the clock or the database), so the
 * validated instance can be reused; it is frozen, so no later step can change what the next request gets.
 * Failures are not kept: they throw as before.
 */
export async function readInput<Input extends object>(operation: Operation<Input>, raw: unknown): Promise<Input> {
  const key = operation.readOnly ? flatKey(raw) : undefined;
  if (key === undefined) return parseInput(operation.input, raw);
  let memo = byOperation.get(operation);
  if (!memo) byOperation.set(operation, (memo = new Map<string, object>()));
  const kept = memo.get(key);
  if (kept) return kept as Input;
  const input = Object.freeze(await parseInput(operation.input, raw));
  if (memo.size >= REMEMBERED) memo.delete(memo.keys().next().value as string);
  memo.set(key, input);
  return input;
}
