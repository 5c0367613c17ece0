import { AppError } from './errors.js';

/**
 * Opaque pagination cursors: base64url of a small JSON tuple (the sort key of the last item returned).
 * Clients must treat them as opaque; a tampered or foreign cursor is a validation error, never a 500.
 */
export function encodeCursor(position: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
}

/** Largest number a cursor may carry: our cursors hold offsets, and a database OFFSET is refused past int32. */
const MAX_CURSOR_NUMBER = 2_147_483_647;
const MAX_CURSOR_TEXT = 200;

/** A part this codebase could have written: a small non-negative integer, or short text without NUL. */
function plausiblePart(part: unknown): part is string | number {
  if (typeof part === 'number') return Number.isSafeInteger(part) && part >= 0 && part <= MAX_CURSOR_NUMBER;
  return typeof part === 'string' && part.length <= MAX_CURSOR_TEXT && !part.includes('\u0000');
}

/**
 * Decodes a cursor of `arity` parts. Forged cursors (offsets of 1e300 or 2^63, NUL in an id) are refused
 * here; each list still checks that the parts mean something for it (a real date, a uuid…).
 */
export function decodeCursor(cursor: string, arity: number): (string | number)[] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === arity && value.every(plausiblePart)) {
      return value;
    }
  } catch {
    // fall through to the validation error
  }
  throw AppError.invalidField('cursor', 'is not a cursor returned by this list');
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * Turns `limit + 1` fetched rows into a page: the extra row only signals that another page exists.
 */
export function toPage<Row, Item>(
  rows: Row[],
  limit: number,
  toItem: (row: Row) => Item,
  cursorOf: (row: Row) => (string | number)[],
): Page<Item> {
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  const last = pageRows[pageRows.length - 1];
  return {
    items: pageRows.map(toItem),
    nextCursor: hasMore && last !== undefined ? encodeCursor(cursorOf(last)) : null,
  };
}

/**
 * Offset cursors for ranked lists (search results), tagged with the list they belong to so that one list's
 * cursor is refused by another. Keyset cursors (libs/domain pagination) and these share `decodeCursor`:
 * checks on a decoded position (ranges, dates) belong right after it, in the decoder of that kind.
 */
export function decodeOffsetCursor(cursor: string | undefined, list: string): number {
  if (cursor === undefined) return 0;
  const [tag, offset] = decodeCursor(cursor, 2);
  if (tag !== list || typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 0) {
    throw AppError.invalidField('cursor', 'is not a cursor returned by this list');
  }
  return offset;
}

/** The cursor of the page after `offset`, or null when the `limit + 1` fetched rows show there is none. */
export function nextOffsetCursor(list: string, offset: number, limit: number, fetched: number): string | null {
  return fetched > limit ? encodeCursor([list, offset + limit]) : null;
}
