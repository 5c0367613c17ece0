import Decimal from 'decimal.js';
import { TradeFileError, type ExpectedKind } from '../errors.js';
import { readAmount } from './amount.js';
import { CsvTable, type CsvRow } from './csv-table.js';
import type { ReadTradeFileOptions, TradeFile, TradeFileFormat, TradeFileReader } from '../types.js';

// Reads the cells of a platform's export as the expected kind, or refuses the whole file naming the line, the column
// as the file heads it, and the value; and finds an export by its header row. One reader for every platform.

/** The column headed `name` (loosely compared) of a table found by that header, so always there. */
export function columnOf(table: CsvTable, name: string): number {
  const i = table.column(name);
  if (i === null) {
    throw new TradeFileError(
      'not_a_trade_file',
      `The ${name} column is missing.`,
      { header: table.header.cells },
      {
        reason: 'missing_columns',
        params: { columns: name },
      },
    );
  }
  return i;
}

/** The columns headed by `names`, by name (a table found by those headers has every one). */
export function columnsOf<const N extends readonly string[]>(table: CsvTable, names: N): Record<N[number], number> {
  return Object.fromEntries(names.map((name) => [name, columnOf(table, name)])) as Record<N[number], number>;
}

/**
 * A reader of an export known by its header row (found within the first `scan` rows): it sniffs for that row and
 * reads the table under it, or refuses the file naming the export it expected.
 */
export function headerReader(
  format: TradeFileFormat,
  required: readonly string[],
  exportName: string,
  read: (table: CsvTable) => TradeFile,
  scan = 5,
): TradeFileReader {
  const find = (rows: readonly CsvRow[]): CsvTable | null => CsvTable.find([...rows], [...required], scan);
  return {
    format,
    sniff: (rows) => find(rows) !== null,
    read: (rows) => {
      const table = find(rows);
      if (table === null) {
        throw new TradeFileError(
          'not_a_trade_file',
          `No ${exportName} header was found.`,
          {},
          { reason: 'no_header', params: { export: exportName } },
        );
      }
      return read(table);
    },
  };
}

export class RowCells {
  constructor(
    private readonly table: CsvTable,
    private readonly options: ReadTradeFileOptions = {},
  ) {}

  header(i: number): string {
    return this.table.headerText(i);
  }

  cell(row: CsvRow, i: number): string {
    return row.cells[i] ?? '';
  }

  fail(row: CsvRow, i: number, expected: string): never {
    return this.failAt(row.line, i, this.cell(row, i), expected);
  }

  /** As {@link fail}, for a value read earlier from line `line`. */
  failAt(line: number, i: number, value: string, expected: string): never {
    const column = this.header(i);
    throw new TradeFileError(
      'unreadable_row',
      `Line ${line}: the ${column} cell ${JSON.stringify(value)} is not ${expected}.`,
      { row: line, column, value },
      { reason: 'cell', params: { expected: expectedKind(expected) } },
    );
  }

  text(row: CsvRow, i: number): string {
    const value = this.cell(row, i);
    return value === '' ? this.fail(row, i, 'filled in') : value;
  }

  /** An amount as the platforms write it (`$(30.00)`, `"$1,200.00"`, `90.000000000`, `1 049.40`). */
  amount(row: CsvRow, i: number, what: string): string {
    return this.amountOrNull(row, i) ?? this.fail(row, i, what);
  }

  amountOrNull(row: CsvRow, i: number): string | null {
    return readAmount(this.cell(row, i), { decimalComma: this.options.decimalComma ?? false });
  }

  /** A cost column left empty (or `—`) is no cost; otherwise the amount as written. */
  optionalAmount(row: CsvRow, i: number | null): string {
    if (i === null || ['', '-', '—', '–'].includes(this.cell(row, i))) return '0';
    return this.amount(row, i, 'an amount');
  }

  price(row: CsvRow, i: number): string {
    const value = this.amount(row, i, 'a price');
    return new Decimal(value).gt(0) ? value : this.fail(row, i, 'a positive price');
  }

  contracts(row: CsvRow, i: number): string {
    const value = readAmount(this.cell(row, i));
    return value !== null && /^\d+$/.test(value) && value !== '0' ? value : this.fail(row, i, 'a whole number of contracts');
  }

  /** A cost column; empty is no cost. Written positive or negative, it is a cost: returned negative or "0". */
  cost(row: CsvRow, i: number | null): Decimal {
    if (i === null || ['', '-'].includes(this.cell(row, i))) return new Decimal(0);
    return new Decimal(this.amount(row, i, 'an amount')).abs().negated();
  }
}

/** What a refusal's English "is not …" phrase asks for, as a code a client words in its own language. */
export function expectedKind(phrase: string): ExpectedKind {
  const rules: [RegExp, ExpectedKind][] = [
    [/point value is known|known root/, 'contract'],
    [/^a time apart/, 'order'],
    [/^a date and time|^a time \(Unix|^a time YYYY/, 'datetime'],
    [/^a time/, 'time'],
    [/buy or sell|long or short/i, 'side'],
    [/with its costs|Gross \+ Commissions/, 'net'],
    [/price/, 'price'],
    [/contracts/, 'contracts'],
    [/volume|quantity/, 'volume'],
    [/^filled in$/, 'filled'],
    [/amount|total|balance|profit/, 'amount'],
  ];
  return rules.find(([pattern]) => pattern.test(phrase))?.[1] ?? 'other';
}
