// The fixtures (test/fixtures/ninjatrader/) are laid out as NinjaTrader 8's Trades grid export writes it, with synthetic
// numbers: the header `Trade number,Instrument,…,Bars,` with every line ending in a comma, `MNQ MAR26`, times
// `3/2/2026 9:31:22 AM` in the computer's clock (no zone written), money `$42.82` and `($267.95)`, Profit net of
// costs. Source of the layout: open-source journals' NinjaTrader fixtures (code search for "Market pos." and
// "Cum. net profit") and NinjaTrader's statistics definitions page, as ninjatrader-reader.ts lists them.
import { readFileSync } from 'node:fs';
import Decimal from 'decimal.js';
import { ctraderReader } from '../ctrader/ctrader-reader.js';
import { readTradeFile } from '../read-trade-file.js';
import { readCsvRows } from '../text/csv-table.js';
import { decodeText } from '../text/decode.js';
import type { FilePosition } from '../types.js';
import { ninjatraderReader } from './ninjatrader-reader.js';
import { readNinjaTraderTime } from './ninjatrader-time.js';
import { bytes, refusal } from '../../test/spec-helpers.js';

const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/${name}`, import.meta.url));
const text = (name: string) => decodeText(fixture(name));
const readNinja = (data: Uint8Array) => readTradeFile(data, [ctraderReader, ninjatraderReader]);

describe('ninjatraderReader: the NinjaTrader 8 Trades grid export', () => {
  const file = readNinja(fixture('ninjatrader/trades.csv'));

  it('reads every trade with Profit as net, gross = net less the commission and the four fees', () => {
    expect(file.format).toBe('ninjatrader');
    expect(file.currency).toBeNull();
    expect(file.profitColumn).toBe('net');
    expect(file.positions).toEqual<FilePosition[]>([
      {
        position: 'APEX-1234-01 #1',
        symbol: 'MNQ MAR26',
        side: 'buy',
        volume: '2',
        volumeUnit: 'contracts',
        openedAt: { local: '2026-03-02 09:31:22', offsetMinutes: null },
        closedAt: { local: '2026-03-02 09:52:10', offsetMinutes: null },
        openPrice: '21450.25',
        closePrice: '21461.5',
        commission: '-0.98',
        swap: '0',
        fee: '-1.2',
        profit: '45',
        net: '42.82',
        rows: [2],
      },
      {
        position: 'APEX-1234-01 #2',
        symbol: 'MNQ MAR26',
        side: 'sell',
        volume: '5',
        volumeUnit: 'contracts',
        openedAt: { local: '2026-03-02 10:15:00', offsetMinutes: null },
        closedAt: { local: '2026-03-02 10:21:40', offsetMinutes: null },
        openPrice: '21470',
        closePrice: '21496.25',
        commission: '-2.45',
        swap: '0',
        fee: '-3',
        profit: '-262.5',
        net: '-267.95',
        rows: [3],
      },
      {
        position: 'APEX-1234-01 #3',
        symbol: 'ES JUN26',
        side: 'buy',
        volume: '1',
        volumeUnit: 'contracts',
        openedAt: { local: '2026-03-03 14:05:00', offsetMinutes: null },
        closedAt: { local: '2026-03-03 15:59:59', offsetMinutes: null },
        openPrice: '5612.25',
        closePrice: '5637.5',
        commission: '-2.1',
        swap: '0',
        fee: '-2.34',
        profit: '1262.5',
        net: '1258.06',
        rows: [4],
      },
    ]);
  });

  it("adds up to the file's own running total, Cum. net profit on the last row", () => {
    const rows = readCsvRows(text('ninjatrader/trades.csv'));
    const cum = rows[0]!.cells.indexOf('Cum. net profit');
    expect(rows.at(-1)!.cells[cum]).toBe('$1,032.93');
    expect(Decimal.sum(...file.positions.map((p) => p.net)).toFixed(2)).toBe('1032.93');
    for (const p of file.positions) {
      expect(new Decimal(p.profit).plus(p.commission).plus(p.fee).toFixed()).toBe(p.net);
    }
  });

  it('maps reordered columns of an older build by header text (Quantity, Cum. profit, no fees, -$ negatives)', () => {
    const reordered = readNinja(fixture('ninjatrader/trades-reordered.csv'));
    expect(reordered.profitColumn).toBe('net');
    expect(reordered.positions).toEqual<FilePosition[]>([
      {
        position: 'Sim101 #1',
        symbol: 'MNQ MAR26',
        side: 'sell',
        volume: '3',
        volumeUnit: 'contracts',
        openedAt: { local: '2026-03-04 09:58:40', offsetMinutes: null },
        closedAt: { local: '2026-03-04 10:02:11', offsetMinutes: null },
        openPrice: '21468.75',
        closePrice: '21512.25',
        commission: '-1.5',
        swap: '0',
        fee: '0',
        profit: '-261',
        net: '-262.5',
        rows: [2],
      },
      {
        position: 'Sim101 #2',
        symbol: 'MES MAR26',
        side: 'buy',
        volume: '2',
        volumeUnit: 'contracts',
        openedAt: { local: '2026-03-04 11:45:15', offsetMinutes: null },
        closedAt: { local: '2026-03-04 13:30:00', offsetMinutes: null },
        openPrice: '5622.5',
        closePrice: '5630',
        commission: '-2.5',
        swap: '0',
        fee: '0',
        profit: '75',
        net: '72.5',
        rows: [3],
      },
    ]);
  });

  it('reads Profit as gross when Cum. net profit grows by Profit less the costs (commission left out of Profit)', () => {
    const gross = text('ninjatrader/trades.csv')
      .replace('$42.82,$42.82', '$45.00,$42.82')
      .replace('($267.95),($225.13)', '($262.50),($225.13)')
      .replace('"$1,258.06","$1,032.93"', '"$1,262.50","$1,032.93"');
    const read = readNinja(bytes(gross));
    expect(read.profitColumn).toBe('gross');
    expect(read.positions.map((p) => [p.profit, p.net])).toEqual([
      ['45', '42.82'],
      ['-262.5', '-267.95'],
      ['1262.5', '1258.06'],
    ]);
  });

  it.each([
    ['a market position that is neither Long nor Short', ',Long,2,', ',Flat,2,', 2, 'Market pos.'],
    ['a date it cannot read', '3/2/2026 10:15:00 AM', '13/2/2026 10:15:00 AM', 3, 'Entry time'],
    ['a profit it cannot read', '($267.95)', '(267.95', 3, 'Profit'],
    ['a quantity of no contracts', ',Short,5,', ',Short,0,', 3, 'Qty'],
    ['a fee it cannot read', '$0.38', 'n/a', 2, 'Clearing Fee'],
  ])('refuses %s naming the line, the column and the value', (_, from, to, row, column) => {
    const csv = text('ninjatrader/trades.csv');
    expect(csv.includes(from)).toBe(true);
    const e = refusal(() => readNinja(bytes(csv.replace(from, to))));
    expect(e.code).toBe('unreadable_row');
    expect(e.detail).toMatchObject({ row, column });
    expect(e.message).toContain(`Line ${row}`);
  });

  it("is not cTrader's, and refuses a cTrader export forced as NinjaTrader", () => {
    expect(ninjatraderReader.sniff(readCsvRows(text('ninjatrader/trades.csv')))).toBe(true);
    expect(ninjatraderReader.sniff(readCsvRows(text('ctrader/history-utc3.csv')))).toBe(false);
    const e = refusal(() => readTradeFile(fixture('ctrader/history-utc3.csv'), [ninjatraderReader], { format: 'ninjatrader' }));
    expect(e.code).toBe('not_a_trade_file');
  });

  it('leaves a Tradovate Performance CSV to its own reader', () => {
    const tradovate = 'symbol,_priceFormat,qty,buyPrice,sellPrice,pnl,boughtTimestamp,soldTimestamp,duration\r\n';
    expect(refusal(() => readNinja(bytes(tradovate))).code).toBe('not_a_trade_file');
  });
});

describe('readNinjaTraderTime', () => {
  it.each([
    ['2/1/2024 2:00:00 PM', '2024-02-01 14:00:00'],
    ['12/31/2025 12:00:05 AM', '2025-12-31 00:00:05'],
    ['3/3/2026 12:30:00 PM', '2026-03-03 12:30:00'],
    ['3/3/2026 15:59:59', '2026-03-03 15:59:59'],
    ['01.02.2024 14:00:00', '2024-02-01 14:00:00'],
    ['2024-02-01 14:00:00', '2024-02-01 14:00:00'],
  ])('%s is %s', (raw, local) => {
    expect(readNinjaTraderTime(raw)).toBe(local);
  });

  it.each(['2/30/2024 1:00:00 PM', '2/1/2024 13:00:00 PM', '2/1/2024', 'yesterday'])('%s is not a time', (raw) => {
    expect(readNinjaTraderTime(raw)).toBeNull();
  });
});
