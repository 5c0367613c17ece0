import { AppError, decodeCursor, encodeCursor } from '@propfolio/core';
import type { Decimal } from '../shared/money.js';
import { SqlParams } from '../shared/keyset-sql.js';
import { MAX_SYMBOL_LENGTH } from '../shared/position-fields.js';

/** The columns the journal's list (and its CSV export) can be sorted by; ties are broken by the trade id, the same way. */
export const TRADE_SORTS = ['closedAt', 'openedAt', 'symbol', 'net', 'volume'] as const;
export type TradeSort = (typeof TRADE_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export interface TradeOrdering {
  sort: TradeSort;
  order: SortOrder;
}

/** The fields of a stored trade an ordering reads. */
interface Trade {
  id: string;
  closedAt: Date;
  openedAt: Date;
  symbol: string;
  net: Decimal;
  volume: Decimal;
}

/** How a sort column is compared and written into a cursor. */
interface SortColumn {
  /** The SQL expression over `t` the rows are ordered by. */
  sql: string;
  /** The cast of the cursor's value parameter. */
  cast: string;
  /** The row's value as the cursor's exact text. */
  text(trade: Trade): string;
  /** Whether a cursor's text could have been written by `text`. */
  valid(text: string): boolean;
}

const ISO = /^[1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const validInstant = (text: string) => ISO.test(text) && new Date(text).toISOString() === text;
// Decimal text without exponent (toFixed), as numeric(24,8) holds it: at most 16 integer and 8 decimal digits.
const DECIMAL = /^-?\d{1,16}(\.\d{1,8})?$/;

const instant = (column: 'closedAt' | 'openedAt'): SortColumn => ({
  sql: `t."${column}"`,
  cast: 'timestamptz',
  text: (trade) => trade[column].toISOString(),
  valid: validInstant,
});
const decimal = (column: 'net' | 'volume'): SortColumn => ({
  sql: `t."${column}"`,
  cast: 'numeric',
  text: (trade) => trade[column].toFixed(),
  valid: (text) => DECIMAL.test(text),
});

const COLUMNS: Record<TradeSort, SortColumn> = {
  closedAt: instant('closedAt'),
  openedAt: instant('openedAt'),
  // Byte order (COLLATE "C"), not the database's locale: the same order on PGlite, on any PostgreSQL, and as a
  // client's plain string comparison of the (ASCII) symbols, so a sorted page never depends on the server's locale.
  symbol: {
    sql: 't."symbol" COLLATE "C"',
    cast: 'text',
    text: (trade) => trade.symbol,
    valid: (text) => text.length >= 1 && text.length <= MAX_SYMBOL_LENGTH,
  },
  net: decimal('net'),
  volume: decimal('volume'),
};

export const DEFAULT_ORDERING: TradeOrdering = { sort: 'closedAt', order: 'desc' };

/** The ordering a request asks for, the defaults filled in (newest close first). */
export const orderingOf = (input: { sort?: TradeSort | undefined; order?: SortOrder | undefined }): TradeOrdering => ({
  sort: input.sort ?? DEFAULT_ORDERING.sort,
  order: input.order ?? DEFAULT_ORDERING.order,
});

/** Where the previous page ended: the sort column's value and the id of its last trade. */
export interface SortPosition {
  value: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isDefault = (o: TradeOrdering) => o.sort === DEFAULT_ORDERING.sort && o.order === DEFAULT_ORDERING.order;
const foreign = () => AppError.invalidField('cursor', 'is not a cursor returned by this list with this sort and order');

/**
 * A page's cursor. The default ordering keeps the two-part cursor the list always answered ([closedAt, id]), so a
 * cursor held by a client from before sorting still pages; every other ordering writes three parts, its sort and
 * order first, so a cursor of one ordering handed to another is refused (400 naming `cursor`) instead of skipping rows.
 */
export function encodeSortCursor(ordering: TradeOrdering, trade: Trade): string {
  const value = COLUMNS[ordering.sort].text(trade);
  return encodeCursor(isDefault(ordering) ? [value, trade.id] : [`${ordering.sort}:${ordering.order}`, value, trade.id]);
}

export function decodeSortCursor(ordering: TradeOrdering, cursor: string): SortPosition {
  let parts: (string | number)[];
  try {
    parts = decodeCursor(cursor, isDefault(ordering) ? 2 : 3);
  } catch {
    throw foreign();
  }
  if (!isDefault(ordering) && parts.shift() !== `${ordering.sort}:${ordering.order}`) throw foreign();
  const [value, id] = parts;
  if (typeof value !== 'string' || typeof id !== 'string' || !UUID.test(id) || !COLUMNS[ordering.sort].valid(value)) throw foreign();
  return { value, id: id.toLowerCase() };
}

/**
 * The ORDER BY of an ordering over `t`, and the condition "after the cursor" as a row comparison, which an index on
 * (owner, column, id) seeks to directly (the closedAt one exists both ways: a backward scan serves ascending order).
 */
export function orderingSql(ordering: TradeOrdering, after: SortPosition | undefined, params: SqlParams): { order: string; after: string } {
  const column = COLUMNS[ordering.sort];
  const direction = ordering.order === 'asc' ? 'ASC' : 'DESC';
  const order = `${column.sql} ${direction}, t."id" ${direction}`;
  if (after === undefined) return { order, after: '' };
  const comparison = ordering.order === 'asc' ? '>' : '<';
  const value = params.add(after.value, column.cast);
  const cast = ordering.sort === 'symbol' ? ` COLLATE "C"` : '';
  return { order, after: ` AND (${column.sql}, t."id") ${comparison} (${value}${cast}, ${params.add(after.id)})` };
}
