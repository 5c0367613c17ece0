import { dateToIso } from './dates.js';
import type { Keyset } from './pagination.js';

/** The numbered parameters of one statement built by hand: `add` keeps a value and answers its placeholder. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown, cast?: string): string {
    this.values.push(value);
    return `$${this.values.length}${cast === undefined ? '' : `::${cast}`}`;
  }
}

/** What `keysetPage` reads from. */
export interface PageSource {
  table: string;
  alias: string;
  /** The rows of the list, the owner filter first (SQL over `alias`). */
  where: string;
  /** The sort column: a `date` compares as the cursor's UTC day (as a Date filter on a DATE column does), an `instant` to the millisecond. */
  sort: { column: string; kind: 'date' | 'instant' };
}

/**
 * One keyset page in SQL, the twin of `Keyset.whereAfter` and `take` for statements built by hand, so that
 * a cursor means the same rows on either path: the FROM item of the rows matching `where` after the
 * cursor's position in `(sort desc, id desc)`, one more than the page (it keeps the name `alias`), and the
 * order to aggregate them in.
 */
export function keysetPage(
  keyset: Pick<Keyset<{ id: string }>, 'after' | 'take'>,
  source: PageSource,
  params: SqlParams,
): { from: string; order: string } {
  const { table, alias, where, sort } = source;
  const column = `${alias}."${sort.column}"`;
  const id = `${alias}."id"`;
  const order = `${column} DESC, ${id} DESC`;
  let after = '';
  if (keyset.after) {
    const position = keyset.after;
    const at = sort.kind === 'date' ? params.add(dateToIso(position.sort), 'date') : params.add(position.sort.toISOString(), 'timestamptz');
    after = ` AND (${column} < ${at} OR (${column} = ${at} AND ${id} < ${params.add(position.id)}))`;
  }
  const limit = params.add(keyset.take, 'int');
  return { from: `(SELECT * FROM "${table}" ${alias} WHERE ${where}${after} ORDER BY ${order} LIMIT ${limit}) ${alias}`, order };
}
