import { AppError, decodeCursor, encodeCursor } from '@propfolio/core';

/** Opaque offset cursors tagged with the list they belong to, so a plans cursor is refused by articles. */
export function decodeOffset(cursor: string | undefined, list: 'plans' | 'articles'): number {
  if (cursor === undefined) return 0;
  const [tag, offset] = decodeCursor(cursor, 2);
  if (tag !== list || typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0) {
    throw AppError.invalidField('cursor', 'is not a cursor returned by this list');
  }
  return offset;
}

export function nextOffsetCursor(list: 'plans' | 'articles', offset: number, limit: number, fetched: number): string | null {
  return fetched > limit ? encodeCursor([list, offset + limit]) : null;
}
