import { decodeCursor, toPage, type Page } from '@propfolio/core';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;

export interface PageRequest {
  limit?: number | undefined;
  cursor?: string | undefined;
}

/** Where the previous page ended, in a `(sort desc, id desc)` list. */
export interface Position {
  sort: Date;
  id: string;
}

/**
 * Keyset pagination over `(sort desc, id desc)`: stable under inserts, no duplicates or gaps. The
 * cursor is the opaque position of the last row returned.
 */
export class Keyset<Row extends { id: string }> {
  readonly limit: number;
  readonly after: Position | undefined;

  constructor(
    request: PageRequest,
    private readonly sortOf: (row: Row) => Date,
  ) {
    this.limit = request.limit ?? DEFAULT_LIMIT;
    this.after = request.cursor === undefined ? undefined : parsePosition(request.cursor);
  }

  /** Rows to fetch: one more than the page, to know whether another page exists. */
  get take(): number {
    return this.limit + 1;
  }

  /** Prisma where clauses (none, or one) for "after the cursor" on the Date column `field`; spread into `AND`. */
  whereAfter<Where>(field: string): Where[] {
    if (!this.after) return [];
    const { sort, id } = this.after;
    return [{ OR: [{ [field]: { lt: sort } }, { [field]: sort, id: { lt: id } }] } as Where];
  }

  page<Item>(rows: Row[], toItem: (row: Row) => Item): Page<Item> {
    return toPage(rows, this.limit, toItem, (row) => [this.sortOf(row).toISOString(), row.id]);
  }
}

function parsePosition(cursor: string): Position {
  const [sort, id] = decodeCursor(cursor, 2);
  const at = typeof sort === 'string' ? new Date(sort) : new Date(Number.NaN);
  if (typeof id !== 'string' || Number.isNaN(at.getTime())) return parsePosition('');
  return { sort: at, id };
}

export type { Page };
