import { parse } from 'csv-parse/browser/esm/sync';
import { MAX_TRADE_FILE_COLUMNS, MAX_TRADE_FILE_ROWS, TradeFileError } from '../errors.js';

/** One line of a CSV file: its cells and its 1-based line number (for errors that name the row). */
export interface CsvRow {
  line: number;
  cells: string[];
}

/**
 * Splits CSV text into rows, with the delimiter the first lines use (European cTrader installs write `;`). Quotes
 * follow RFC 4180; rows may differ in length (summary blocks, a trailing empty column as NinjaTrader writes). Cells
 * are trimmed; blank lines are dropped.
 */
export function readCsvRows(text: string): CsvRow[] {
  const delimiter = guessDelimiter(text);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter,
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
      max_record_size: 64 * 1024,
      to: MAX_TRADE_FILE_ROWS + 1,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (e) {
    throw new TradeFileError('not_a_trade_file', `The file is not readable CSV: ${(e as Error).message}`, {}, { reason: 'not_csv' });
  }
  if (records.length > MAX_TRADE_FILE_ROWS) {
    throw new TradeFileError(
      'limit_exceeded',
      `The file has more than ${MAX_TRADE_FILE_ROWS} rows; export a shorter period.`,
      {},
      {
        reason: 'too_many_rows',
        params: { max: MAX_TRADE_FILE_ROWS },
      },
    );
  }
  return records.map(({ record, info }) => {
    if (record.length > MAX_TRADE_FILE_COLUMNS) {
      throw new TradeFileError(
        'limit_exceeded',
        `Line ${info.lines} has ${record.length} columns; at most ${MAX_TRADE_FILE_COLUMNS} are read.`,
        {
          row: info.lines,
        },
        { reason: 'too_many_columns', params: { columns: record.length, max: MAX_TRADE_FILE_COLUMNS } },
      );
    }
    return { line: info.lines, cells: record };
  });
}

function count(line: string, ch: string): number {
  return line.split(ch).length - 1;
}

/**
 * The one of `,` `;` and tab that the first lines use most in a single line: a title line above the table (cTrader's
 * `History`) has none, so the first line alone would not tell.
 */
function guessDelimiter(text: string): string {
  const lines = text
    .split(/\r?\n/, 50)
    .filter((l) => l.trim() !== '')
    .slice(0, 10);
  const most = (d: string): number => Math.max(0, ...lines.map((l) => count(l, d)));
  return [';', '\t'].reduce((best, d) => (most(d) > most(best) ? d : best), ',');
}

/** Header text compared loosely: case, spacing and punctuation do not matter (`Entry Time`, `entry_time`, `EntryTime`). */
export function headerKey(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * A table found by its header row: columns are looked up by header text, never by position (cTrader and TradeZella
 * let users choose and reorder columns).
 */
export class CsvTable {
  private readonly index = new Map<string, number>();

  constructor(
    readonly header: CsvRow,
    readonly rows: CsvRow[],
  ) {
    header.cells.forEach((text, i) => {
      const key = headerKey(text);
      if (key !== '' && !this.index.has(key)) this.index.set(key, i);
    });
  }

  /** The first row (within the first `scan` rows) holding every required header; null when none does. */
  static find(rows: CsvRow[], required: string[], scan = 40): CsvTable | null {
    const keys = required.map(headerKey);
    for (const [i, row] of rows.slice(0, scan).entries()) {
      const have = new Set(row.cells.map(headerKey));
      if (keys.every((k) => have.has(k))) return new CsvTable(row, rows.slice(i + 1));
    }
    return null;
  }

  /** The column whose header is one of `names` (loosely compared), or null. */
  column(...names: string[]): number | null {
    for (const name of names) {
      const i = this.index.get(headerKey(name));
      if (i !== undefined) return i;
    }
    return null;
  }

  /** The first column whose raw header text matches `pattern` (for headers that carry data, like an offset). */
  columnMatching(pattern: RegExp): { index: number; text: string } | null {
    const index = this.header.cells.findIndex((c) => pattern.test(c));
    const text = this.header.cells[index];
    return text === undefined ? null : { index, text };
  }

  headerText(i: number): string {
    return this.header.cells[i] ?? `column ${i + 1}`;
  }
}
