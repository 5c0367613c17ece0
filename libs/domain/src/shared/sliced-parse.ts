import { AppError, parseInput, type Constructor, type FieldError } from '@propfolio/core';
import { Slicer } from './slicer.js';

/** A validation failure's field errors; anything else is not a failure of the input and is thrown on. */
function fieldErrors(error: unknown): FieldError[] {
  if (error instanceof AppError && error.code === 'validation_failed') return error.errors ?? [];
  throw error;
}

/**
 * `parseInput(contract, raw)` for an input with one long list of nested objects (a tracker message's positions),
 * validated item by item in slices so that a message of seconds of class-validator work never holds the event
 * loop: the envelope and the first item go through the contract itself (its fields, unknown fields, the list's
 * type), every other item through `item`, its errors named under `<list>.<index>` as the contract names them.
 * All failures are answered together, as one parse would. Rules on the list's length other than "not empty"
 * are the operation's admission check, made before this runs.
 */
export async function parseListInSlices<T extends object>(
  contract: Constructor<T>,
  raw: unknown,
  list: keyof T & string,
  item: Constructor<object>,
): Promise<T> {
  const items = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>)[list] : undefined;
  if (!Array.isArray(items) || items.length <= 1) return parseInput(contract, raw);
  const errors: FieldError[] = [];
  let envelope: T | undefined;
  try {
    envelope = await parseInput(contract, { ...(raw as Record<string, unknown>), [list]: items.slice(0, 1) });
  } catch (error) {
    errors.push(...fieldErrors(error));
  }
  const parsed: object[] = [];
  const slicer = new Slicer();
  for (let index = 1; index < items.length; index++) {
    await slicer.pause();
    try {
      parsed.push(await parseInput(item, items[index]));
    } catch (error) {
      const at = `${list}.${index}`;
      errors.push(...fieldErrors(error).map((e) => ({ ...e, field: e.field ? `${at}.${e.field}` : at })));
    }
  }
  if (errors.length > 0 || envelope === undefined) {
    throw AppError.validation(errors.map((e) => `${e.field} ${e.message}`).join('; '), errors);
  }
  const first = (envelope as Record<string, unknown>)[list] as object[];
  (envelope as Record<string, unknown>)[list] = [...first, ...parsed];
  return envelope;
}
