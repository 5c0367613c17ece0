// cTrader's History export saved as XLSX holds the same table as its CSV (test/fixtures/ctrader/history-utc3.csv,
// laid out as ctrader-reader.ts documents): here the CSV's rows are written into a workbook at the same row numbers,
// once as text cells (the CSV's own spelling: `0.2 Lots`, `1 049.40`, `14 Mar 2026 09:15:02.118`) and once as an
// exporter that writes numbers and Excel dates does. Both must read as the CSV reads.
import { readFileSync } from 'node:fs';
import { ctraderReader } from '../ctrader/ctrader-reader.js';
import { readTradeFile } from '../read-trade-file.js';
import { readAmount } from '../text/amount.js';
import { readCsvRows } from '../text/csv-table.js';
import { decodeText } from '../text/decode.js';
import { readCtraderTime } from '../ctrader/ctrader-values.js';
import { mt5XlsxReader } from '../mt5-xlsx/mt5-xlsx-reader.js';
import { writeXlsx, type XlsxCell } from './write-xlsx.js';
import { layoutEvidence } from '../../test/spec-helpers.js';

const csvBytes = readFileSync(new URL('../../test/fixtures/ctrader/history-utc3.csv', import.meta.url));
const csvRows = readCsvRows(decodeText(csvBytes));
const readers = [mt5XlsxReader, ctraderReader];

/** The CSV's rows in a sheet, each at its CSV line number, with `cell` choosing how each value is stored. */
function workbookOf(cell: (text: string) => XlsxCell): Uint8Array {
  const rows: XlsxCell[][] = [];
  for (const r of csvRows) rows[r.line - 1] = r.cells.map((c) => (c === '' ? null : cell(c)));
  return writeXlsx([{ name: 'History', rows: Array.from(rows, (r: XlsxCell[] | undefined) => r ?? []) }]);
}

describe(`cTrader History as XLSX (its table: ${layoutEvidence('ctrader/history-utc3.csv')}, see test/fixtures/README.md)`, () => {
  const fromCsv = readTradeFile(csvBytes, readers);

  it('reads as its CSV, cells stored as text', () => {
    const file = readTradeFile(
      workbookOf((c) => c),
      readers,
    );
    expect(file).toEqual(fromCsv);
  });

  it('reads as its CSV, money stored as numbers and times as Excel dates', () => {
    const file = readTradeFile(
      workbookOf((c) => {
        const time = readCtraderTime(c);
        if (time !== null) return { date: time };
        const amount = /^[-\d ]+(\.\d+)?$/.test(c) ? readAmount(c) : null;
        return amount === null ? c : Number(amount);
      }),
      readers,
    );
    expect(file.format).toBe('ctrader');
    expect(file.positions).toEqual(fromCsv.positions);
  });
});
