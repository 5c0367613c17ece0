// The fixture (test/fixtures/dxtrade/fills.csv) follows DXtrade's fills export as dxtrade-fills-reader.ts describes it,
// with synthetic numbers: EURUSD 1 lot bought at 1.08412 and sold in two parts (0.4 at 1.08512 makes 40.00; 0.6 at
// 1.08312 loses 60.00); on XAUUSD a hedging account opens 0.2 short and 0.1 long in one minute and closes each
// (0.2 × 100 oz × 6.25 = 125.00; 0.1 × 100 oz × −6.60 = −66.00); a US30 buy is still open at the end of the file.
import { readFileSync } from 'node:fs';
import { readTradeFile } from '../read-trade-file.js';
import { decodeText } from '../text/decode.js';
import type { FilePosition } from '../types.js';
import { dxtradeFillsReader } from './dxtrade-fills-reader.js';
import { dxtradeReader } from './dxtrade-reader.js';
import { bytes, refusal, layoutEvidence } from '../../test/spec-helpers.js';

const text = (name: string) => decodeText(readFileSync(new URL(`../../test/fixtures/dxtrade/${name}`, import.meta.url)));
const read = (csv: string) => readTradeFile(bytes(csv), [dxtradeReader, dxtradeFillsReader]);
const wall = (local: string) => ({ local, offsetMinutes: null });

/** The fixture's lines as [header, ...rows], to rewrite one and join them again. */
const lines = () => text('fills.csv').trimEnd().split('\n');

const EXPECTED: FilePosition[] = [
  {
    // One position, closed in two exits: 0.4 at 1.08512 (+40.00) and 0.6 at 1.08312 (−60.00).
    position: '70001',
    symbol: 'EURUSD',
    side: 'buy',
    volume: '1',
    volumeUnit: 'lots',
    openedAt: wall('2026-03-13 09:15:00'),
    closedAt: wall('2026-03-13 10:05:00'),
    openPrice: '1.08412',
    // (0.4 × 1.08512 + 0.6 × 1.08312) / 1
    closePrice: '1.08392',
    // The opening fill's −3.50 and the closing fills' −1.40 and −2.10.
    commission: '-7',
    swap: '0',
    fee: '0',
    profit: '-20',
    net: '-27',
    rows: [2, 3, 4],
  },
  {
    position: '70004',
    symbol: 'XAUUSD',
    side: 'sell',
    volume: '0.2',
    volumeUnit: 'lots',
    openedAt: wall('2026-03-14 14:02:00'),
    closedAt: wall('2026-03-14 15:30:00'),
    openPrice: '2315.4',
    closePrice: '2309.15',
    commission: '-2.8',
    swap: '0',
    fee: '0',
    profit: '125',
    net: '122.2',
    rows: [5, 7],
  },
  {
    // The buy of line 6 opened beside the short (Opening): it is not a close of it.
    position: '70005',
    symbol: 'XAUUSD',
    side: 'buy',
    volume: '0.1',
    volumeUnit: 'lots',
    openedAt: wall('2026-03-14 14:02:00'),
    closedAt: wall('2026-03-14 15:31:00'),
    openPrice: '2315.6',
    closePrice: '2309',
    commission: '-1.4',
    swap: '0',
    fee: '0',
    profit: '-66',
    net: '-67.4',
    rows: [6, 8],
  },
];

describe(`dxtradeFillsReader: DXtrade's fills (layout: ${layoutEvidence('dxtrade/fills.csv')}, see test/fixtures/README.md)`, () => {
  it('is detected from its header and pairs opening and closing fills first in, first out, per symbol', () => {
    const file = read(text('fills.csv'));
    expect(file).toMatchObject({ format: 'dxtrade-fills', profitColumn: 'gross', currency: null });
    // A day above 12 (13/03/26) shows the dates are day first: nothing to check.
    expect(file.notices).toEqual([]);
    // The US30 buy of line 9 is still open at the end of the file: no position, as Tradovate's fills.
    expect(file.positions).toEqual(EXPECTED);
  });

  it('reads the columns by their header, in any order, and a history listed newest first alike', () => {
    const [header = '', ...rows] = lines();
    const cells = (line: string) => line.split(',');
    const order = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0];
    const reorder = (line: string) => order.map((i) => cells(line)[i]).join(',');
    const reordered = [reorder(header), ...rows.map(reorder).reverse()].join('\r\n');
    // Reversed, the file's lines number the other way round; the positions are the same trades.
    const renumber = (n: number) => 11 - n;
    expect(read(reordered).positions).toEqual(EXPECTED.map((p) => ({ ...p, rows: p.rows.map(renumber).sort((a, b) => a - b) })));
  });

  it('takes a sell written with a negative volume, and a close before the file opened nothing', () => {
    const [header = '', ...rows] = lines();
    const negative = [header, ...rows.map((r) => r.replace(/,Sell,(\w+),0\./, ',Sell,$1,-0.'))].join('\n');
    expect(read(negative).positions).toEqual(EXPECTED);
    // Without the EURUSD buy of line 2, its two closes close what was opened before the export: no position.
    const cut = [header, ...rows.slice(1)].join('\n');
    expect(read(cut).positions.map((p) => p.position)).toEqual(['70004', '70005']);
  });

  it('reads dates month first when a row shows it; none that tells: day first, and says so', () => {
    const [header = '', ...rows] = lines();
    const mdy = [header, ...rows.map((r) => r.replace(/^(\d\d)\/(\d\d)\//, '$2/$1/'))].join('\n');
    expect(read(mdy).positions).toEqual(EXPECTED);
    expect(read(mdy).notices).toEqual([]);
    // In February the days 13 to 15 become 01 to 03: nothing tells, so day first, with the first date named.
    const untold = [header, ...rows.map((r) => r.replace(/^1([345])\/03\/26/, '0$1/02/26'))].join('\n');
    const file = read(untold);
    expect(file.positions[0]?.openedAt).toEqual(wall('2026-02-03 09:15:00'));
    expect(file.notices).toEqual([{ code: 'date_order', params: { date: '03/02/26', read: '2026-02-03' } }]);
  });

  it('refuses what it cannot read, naming the line, the column and the value', () => {
    const [header = '', ...rows] = lines();
    const withRow = (i: number, row: string) => [header, ...rows.map((r, j) => (j === i ? row : r))].join('\n');
    const effect = refusal(() => read(withRow(1, (rows[1] ?? '').replace('Closing', 'Reduce'))));
    expect(effect.detail).toEqual({ row: 3, column: 'Position effect', value: 'Reduce' });
    const pnl = refusal(() => read(withRow(1, (rows[1] ?? '').replace(',40.00,', ',,'))));
    expect(pnl.detail).toEqual({ row: 3, column: 'Closed P&L', value: '' });
    // 13/03 says day first; 03/13 on a later row says month first.
    const both = refusal(() => read(withRow(2, (rows[2] ?? '').replace('13/03/26', '03/13/26'))));
    expect(both.detail).toEqual({ row: 4, column: 'Date and Time', value: '03/13/26 10:05' });
  });

  it('the closed-positions layout is still read by the closed-positions reader', () => {
    expect(read(text('closed-positions.csv')).format).toBe('dxtrade');
    expect(dxtradeFillsReader.sniff([])).toBe(false);
  });
});
