import { TradeFileError } from '../errors.js';
import { readAmount } from '../text/amount.js';
import type { CsvRow, CsvTable } from '../text/csv-table.js';
import type { ReadTradeFileOptions } from '../types.js';

/** Reads one cell as the expected kind, or refuses the file naming the line, the column and the value. */
export class RowReader {
  constructor(
    private readonly table: CsvTable,
    private readonly options: ReadTradeFileOptions,
  ) {}

  header(i: number): string {
    return this.table.headerText(i);
  }

  cell(row: CsvRow, i: number): string {
    return row.cells[i] ?? '';
  }

  fail(row: CsvRow, i: number, expected: string): never {
    const value = this.cell(row, i);
    throw new TradeFileError(
      'unreadable_row',
      `Line ${row.line}: the ${this.header(i)} cell ${JSON.stringify(value)} is not ${expected}.`,
      { row: row.line, column: this.header(i), value },
    );
  }

  text(row: CsvRow, i: number): string {
    const value = this.cell(row, i);
    return value === '' ? this.fail(row, i, 'filled in') : value;
  }

  amount(row: CsvRow, i: number, what: string): string {
    return this.amountOrNull(row, i) ?? this.fail(row, i, what);
  }

  amountOrNull(row: CsvRow, i: number): string | null {
    return readAmount(this.cell(row, i), { decimalComma: this.options.decimalComma ?? false });
  }

  /** A cost column left empty (or `—`) is no cost. */
  optionalAmount(row: CsvRow, i: number | null): string {
    if (i === null || ['', '-', '—', '–'].includes(this.cell(row, i))) return '0';
    return this.amount(row, i, 'an amount');
  }
}
