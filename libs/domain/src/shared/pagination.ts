import { AppError, decodeCursor, toPage, type Page } from '@propfolio/core';

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

/** What `toISOString` writes for the dates a list can hold (years 1000 to 9999); PostgreSQL takes all of them. */
const ISO_TIMESTAMP = /^[1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parsePosition(cursor: string): Position {
  const [sort, id] = decodeCursor(cursor, 2);
  const at = typeof sort === 'string' && ISO_TIMESTAMP.test(sort) ? new Date(sort) : new Date(Number.NaN);
  if (typeof id !== 'string' || !UUID.test(id) || Number.isNaN(at.getTime()) || at.toISOString() !== sort) {
    throw AppError.invalidField('cursor', 'is not a cursor returned by this list');
  }
  return { sort: at, id: id.toLowerCase() };
}

export type { Page };
