import { decimalFromText } from './money.js';

/**
 * Rows read as JSON built by PostgreSQL, for the hot reads that answer from one statement on the driver:
 * no Prisma model query (its query compiler and row mapping were a fifth of a read's time), one round
 * trip, and the rows come back in the shapes Prisma's model queries return, so the views every other
 * answer uses still make each answer, byte for byte.
 *
 * This module only writes SQL text and revives rows, so it needs no database: running the statement
 * (queryJson) and the column layouts of the Prisma models are the repositories' plumbing, in
 * shared.repository.ts (docs/architecture.md, "Data access").
 */

/** How a column travels in the JSON: as is, numeric as exact text, a date as YYYY-MM-DD, an instant as ISO UTC. */
export type Kind = 'plain' | 'decimal' | 'date' | 'instant';
export type Columns<T> = Readonly<Record<keyof T & string, Kind>>;

type Words<S extends string> = S extends `${infer Head} ${infer Rest}` ? Head | Words<Rest> : S;
type Layout = Partial<Record<Kind, string>>;
type Named<L extends Layout> = Words<Extract<L[keyof L], string>>;
/** The layout when it names every column of T and nothing else; otherwise a type that reports the difference. */
type Whole<T, L extends Layout> = [Exclude<Named<L>, keyof T>] extends [never]
  ? [Exclude<keyof T, Named<L>>] extends [never]
    ? L
    : { missing: Exclude<keyof T, Named<L>> }
  : { unknown: Exclude<Named<L>, keyof T> };

/** Columns by kind, names separated by spaces; the compiler holds the list to exactly the columns of T. */
export const columns =
  <T>() =>
  <const L extends Layout>(layout: L & Whole<T, L>): Columns<T> =>
    Object.fromEntries(
      Object.entries(layout as Layout).flatMap(([kind, names]) => names.split(' ').map((name) => [name, kind])),
    ) as Columns<T>;

// Text that is exact and independent of either side's time zone.
const EXPRESSION: Record<Kind, (column: string) => string> = {
  plain: (column) => column,
  decimal: (column) => `${column}::text`,
  date: (column) => `to_char(${column}, 'YYYY-MM-DD')`,
  instant: (column) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
};

/** A JSON object of `alias`'s columns, then `extra` entries (name → SQL expression), in that order. */
export const jsonObject = <T>(alias: string, cols: Columns<T>, extra: Readonly<Record<string, string>> = {}): string =>
  `json_build_object(${[
    ...Object.entries<Kind>(cols).map(([name, kind]) => `'${name}', ${EXPRESSION[kind](`${alias}."${name}"`)}`),
    ...Object.entries(extra).map(([name, expression]) => `'${name}', ${expression}`),
  ].join(', ')})`;

/** `element` for every row of `from` (a FROM clause, with its WHERE) as a JSON array in `order`; '[]' when none. */
export const jsonArray = (element: string, from: string, order: string): string =>
  `COALESCE((SELECT json_agg(${element} ORDER BY ${order}) ${from}), '[]'::json)`;

/**
 * Text back to what Prisma returns, in place: a Decimal from the exact text, a Date from ISO text (a date
 * alone is UTC midnight). Entries beyond the columns (a joined relation) stay as they are.
 */
export function revive<T>(row: Record<string, unknown>, cols: Columns<T>): T {
  for (const [name, kind] of Object.entries<Kind>(cols)) {
    const value = row[name];
    if (value === null || kind === 'plain') continue;
    row[name] = kind === 'decimal' ? decimalFromText(value as string) : new Date(value as string);
  }
  return row as T;
}
