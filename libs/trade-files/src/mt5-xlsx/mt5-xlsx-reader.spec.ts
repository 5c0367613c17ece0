// The workbooks are written here (src/xlsx/write-xlsx.ts) from @propfolio/mt-statements/testing's mt5ReportSheet, in the layout MT5's history report has when saved as XLSX
// (see mt5-xlsx-reader.ts for the sources): `Trade History Report` in A1, the Name/Account/Company/Date lines, then
// the Positions title alone in column A over `Time, Position, Symbol, Type, Volume, Price, S / L, T / P, Time, Price,
// Commission, Swap, Profit`, a totals row, then Orders and Deals. Times are text as the terminal writes them, money
// numbers; the numbers are those of libs/mt-statements' HTML fixture ReportHistory-51234567 (synthetic).
// eslint-disable-next-line no-restricted-imports -- test data only: the report's layout comes from the builder the HTML reader's tests use, not a copy
import { mt5ReportSheet } from '@propfolio/mt-statements/testing';
import { refusal } from '../../test/spec-helpers.js';
import { ctraderReader } from '../ctrader/ctrader-reader.js';
import { readTradeFile } from '../read-trade-file.js';
import type { FilePosition } from '../types.js';
import { writeXlsx, type XlsxCell } from '../xlsx/write-xlsx.js';
import { mt5XlsxReader } from './mt5-xlsx-reader.js';

/** The report's workbook, laid out by the builder the HTML reader's tests use (@propfolio/mt-statements/testing). */
function mt5Workbook(positions: XlsxCell[][], login = '51234567', deals: XlsxCell[][] = []): Uint8Array {
  const rows = mt5ReportSheet<XlsxCell>({
    login,
    positions,
    totals: [null, null, null, null, null, null, null, null, null, null, -13.1, -5.45, -236],
    orders: [['2024.03.04 09:15:03', 2001, 'EURUSD', 'buy', '1.00 / 1.00', 'market', 1.083, 1.0865, '2024.03.04 09:15:03', 'filled']],
    deals,
  });
  return writeXlsx([{ name: 'Sheet1', rows }]);
}

const ROWS: XlsxCell[][] = [
  ['2024.03.04 09:15:03', 2001, 'EURUSD', 'buy', 1, 1.08512, 1.083, 1.0865, '2024.03.04 11:42:37', 1.0865, -7, 0, 138],
  ['2024.03.04 15:30:00', 2003, 'XAUUSD', 'sell', 0.5, 2115.4, 2121.9, null, '2024.03.05 10:05:41', 2121.9, -4, -4.25, -325],
  ['2024.03.05 23:40:10', 2005, 'GBPUSD', 'buy', 0.3, 1.2685, null, null, '2024.03.06 00:02:55', 1.2699, -2.1, -1.2, 42],
  // A terminal whose export wrote times as Excel dates: read alike.
  [
    { date: '2024-03-06 13:20:18' },
    2007,
    'US30',
    'buy',
    2,
    38950.5,
    null,
    null,
    { date: '2024-03-06 16:45:02', format: 'custom' },
    38905,
    0,
    0,
    -91,
  ],
];

describe('mt5XlsxReader: the history report saved as XLSX', () => {
  const file = readTradeFile(mt5Workbook(ROWS), [ctraderReader, mt5XlsxReader]);

  it('is detected from its content and reads the Positions table as the HTML import reads the same trades', () => {
    expect(file).toMatchObject({ format: 'mt5-xlsx', currency: 'USD', login: '51234567', profitColumn: 'gross' });
    expect(file.positions.map((p) => p.position)).toEqual(['2001', '2003', '2005', '2007']);
    expect(file.positions[0]).toEqual<FilePosition>({
      position: '2001',
      symbol: 'EURUSD',
      side: 'buy',
      volume: '1',
      volumeUnit: 'lots',
      // The server's wall clock: the report states no offset.
      openedAt: { local: '2024-03-04 09:15:03', offsetMinutes: null },
      closedAt: { local: '2024-03-04 11:42:37', offsetMinutes: null },
      openPrice: '1.08512',
      closePrice: '1.0865',
      commission: '-7',
      swap: '0',
      fee: '0',
      profit: '138',
      net: '131',
      rows: [8],
    });
    expect(file.positions[3]).toMatchObject({ openedAt: { local: '2024-03-06 13:20:18' }, closedAt: { local: '2024-03-06 16:45:02' } });
    // The file's own totals: commission -13.10, swap -5.45, profit -236.00.
    const total = (money: (p: FilePosition) => string) => file.positions.reduce((s, p) => s + Number(money(p)), 0).toFixed(2);
    expect([total((p) => p.commission), total((p) => p.swap), total((p) => p.profit)]).toEqual(['-13.10', '-5.45', '-236.00']);
  });

  it('refuses a row it cannot read naming the sheet row, the column and the value', () => {
    const bad = ROWS.map((r) => [...r]);
    bad[1]![3] = 'sell stop';
    const e = refusal(() => readTradeFile(mt5Workbook(bad), [mt5XlsxReader]));
    expect(e.detail).toEqual({ row: 9, column: 'Type', value: 'sell stop' });
    const date = ROWS.map((r) => [...r]);
    date[2]![8] = '06/03/2024 00:02';
    expect(refusal(() => readTradeFile(mt5Workbook(date), [mt5XlsxReader])).detail).toMatchObject({ row: 10, column: 'Time' });
  });

  it('is not taken for a workbook without a Positions table under its title', () => {
    const other = writeXlsx([{ rows: [['Positions'], ['Symbol', 'Qty']] }]);
    expect(refusal(() => readTradeFile(other, [mt5XlsxReader])).detail.header).toEqual(['Positions']);
  });

  it('checks the Deals table’s balance after each deal, refusing the file at the deal where it stops adding up', () => {
    const deals: XlsxCell[][] = [
      ['2024.03.04 08:00:12', 1001, null, 'balance', null, null, null, null, 0, 0, 0, 10000, 10000, 'Deposit'],
      ['2024.03.04 09:15:03', 1002, 'EURUSD', 'buy', 'in', 1, 1.08512, 2001, -3.5, 0, 0, 0, 9996.5],
      ['2024.03.04 11:42:37', 1003, 'EURUSD', 'sell', 'out', 1, 1.0865, 2002, -3.5, -1.5, 0, 138, 10129.5],
      [null, null, null, null, null, null, null, null, -7, -1.5, 0, 10138, 10129.5],
    ];
    expect(readTradeFile(mt5Workbook(ROWS, '51234567', deals), [mt5XlsxReader]).positions).toHaveLength(4);
    const edited = deals.map((d) => [...d]);
    edited[2]![12] = 10131;
    const e = refusal(() => readTradeFile(mt5Workbook(ROWS, '51234567', edited), [mt5XlsxReader]));
    expect(e.code).toBe('unreadable_row');
    expect(e.detail).toEqual({ row: 21, column: 'Balance', value: '10131' });
    expect(e.message).toContain('10129.5');
  });

  it('takes each position’s fee from its deals, as the HTML import does: the entry by its order, the exit by its close', () => {
    const deals: XlsxCell[][] = [
      ['2024.03.04 08:00:12', 1001, null, 'balance', null, null, null, null, 0, 0, 0, 10000, 10000, 'Deposit'],
      ['2024.03.04 09:15:03', 1002, 'EURUSD', 'buy', 'in', 1, 1.08512, 2001, -3.5, -0.25, 0, 0, 9996.25],
      ['2024.03.04 11:42:37', 1003, 'EURUSD', 'sell', 'out', 1, 1.0865, 2002, -3.5, -1.5, 0, 138, 10129.25],
      ['2024.03.04 15:30:00', 1004, 'XAUUSD', 'sell', 'in', 0.5, 2115.4, 2003, -2, 0, 0, 0, 10127.25],
      // An exit of XAUUSD at another time than the position's close is not its fee.
      ['2024.03.05 10:05:40', 1005, 'XAUUSD', 'sell', 'out', 0.1, 2121.9, 2009, 0, -9, 0, 0, 10118.25],
      // The sell position's exit is a buy, at the close time the Positions table gives; a time Excel formatted reads alike.
      [{ date: '2024-03-05 10:05:41' }, 1006, 'XAUUSD', 'buy', 'out', 0.5, 2121.9, 2004, -2, -0.75, -4.25, -325, 9786.25],
    ];
    const file = readTradeFile(mt5Workbook(ROWS, '51234567', deals), [mt5XlsxReader]);
    expect(file.positions.map((p) => [p.position, p.fee, p.net])).toEqual([
      ['2001', '-1.75', '129.25'], // 138 − 7 − 0.25 − 1.5
      ['2003', '-0.75', '-334'], // −325 − 4 − 4.25 − 0.75
      ['2005', '0', '38.7'],
      ['2007', '0', '-91'],
    ]);
  });

  it('reads a Fee column where the Positions table has one', () => {
    const rows = mt5ReportSheet<XlsxCell>({
      positions: [['2024.03.04 09:15:03', 2001, 'EURUSD', 'buy', 1, 1.08512, null, null, '2024.03.04 11:42:37', 1.0865, -7, 0, 138]],
    });
    rows[6] = [...rows[6]!.slice(0, 11), 'Fee', ...rows[6]!.slice(11)];
    rows[7] = [...rows[7]!.slice(0, 11), -2.5, ...rows[7]!.slice(11)];
    const [position] = readTradeFile(writeXlsx([{ rows }]), [mt5XlsxReader]).positions;
    expect(position).toMatchObject({ commission: '-7', fee: '-2.5', swap: '0', profit: '138', net: '128.5' });
  });
});
