// The fixtures (test/fixtures/ctrader/) are laid out as cTrader's History export writes it, with synthetic numbers: a
// quoted `"History"` title line, headers such as `Opening time (UTC+3)` carrying the clock's offset, `0.2 Lots`,
// `1 049.40` with a space between thousands, `14 Mar 2026 09:15:02.118`, a totals row of empty cells but the summed
// money, then the `Summary` block. Source of the layout: open-source journals' cTrader statement fixtures (code search
// for "Opening time (UTC") and cTrader Automate's HistoricalTrade reference, as ctrader-reader.ts lists them. Whether
// cTrader writes a UTF-8 BOM was not confirmed; the reader takes the file either way.
import { readFileSync } from 'node:fs';
import Decimal from 'decimal.js';
import { ninjatraderReader } from '../ninjatrader/ninjatrader-reader.js';
import { readTradeFile } from '../read-trade-file.js';
import { readCsvRows } from '../text/csv-table.js';
import { decodeText } from '../text/decode.js';
import type { FilePosition } from '../types.js';
import { ctraderReader } from './ctrader-reader.js';
import { bytes, refusal } from '../../test/spec-helpers.js';

const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/${name}`, import.meta.url));
const text = (name: string) => decodeText(fixture(name));
const readCtrader = (data: Uint8Array) => readTradeFile(data, [ctraderReader, ninjatraderReader]);

/** The totals row the file itself writes, by header text (the reader must agree with it). */
function fileTotal(csv: string, header: string): string {
  const rows = readCsvRows(csv);
  const head = rows.find((r) => r.cells.includes(header))!;
  const totals = rows.find((r) => r.line > head.line && r.cells[head.cells.indexOf('Symbol')] === '')!;
  return totals.cells[head.cells.indexOf(header)]!;
}

const sum = (positions: FilePosition[], money: (p: FilePosition) => string) => Decimal.sum(...positions.map(money)).toFixed(2);

describe('ctraderReader: the History export', () => {
  const file = readCtrader(fixture('ctrader/history-utc3.csv'));

  it('reads every position with its money to the cent and the offset its headers state', () => {
    expect(file.format).toBe('ctrader');
    expect(file.currency).toBe('USD');
    expect(file.profitColumn).toBe('gross');
    expect(file.positions).toEqual<FilePosition[]>([
      {
        // Two closing rows (lines 3 and 5) of position 1001: one position, volume-weighted closing price.
        position: '1001',
        symbol: 'EURUSD',
        side: 'buy',
        volume: '0.5',
        volumeUnit: 'lots',
        openedAt: { local: '2026-03-14 09:15:02', offsetMinutes: 180 },
        closedAt: { local: '2026-03-14 11:20:10', offsetMinutes: 180 },
        openPrice: '1.085',
        closePrice: '1.08692',
        commission: '-3.5',
        swap: '0',
        fee: '0',
        profit: '96',
        net: '92.5',
        rows: [3, 5],
      },
      {
        position: '1002',
        symbol: 'XAUUSD',
        side: 'sell',
        volume: '0.5',
        volumeUnit: 'lots',
        openedAt: { local: '2026-03-13 16:40:00', offsetMinutes: 180 },
        closedAt: { local: '2026-03-16 02:05:31', offsetMinutes: 180 },
        openPrice: '2168.4',
        closePrice: '2189.4',
        commission: '-3.5',
        swap: '-6.25',
        fee: '0',
        profit: '-1050',
        net: '-1059.75',
        rows: [4],
      },
      {
        position: '1003',
        symbol: 'US30',
        side: 'buy',
        volume: '2',
        volumeUnit: 'lots',
        openedAt: { local: '2026-03-12 22:59:59', offsetMinutes: 180 },
        closedAt: { local: '2026-03-13 01:00:00', offsetMinutes: 180 },
        openPrice: '38950.5',
        closePrice: '39012',
        commission: '0',
        swap: '-0.84',
        fee: '0',
        profit: '123',
        net: '122.16',
        rows: [6],
      },
    ]);
  });

  it("sums to the file's own totals row, and stops before the summary block", () => {
    const csv = text('ctrader/history-utc3.csv');
    expect(sum(file.positions, (p) => p.net)).toBe(fileTotal(csv, 'Net USD'));
    expect(sum(file.positions, (p) => p.profit)).toBe(fileTotal(csv, 'Gross USD').replace(' ', ''));
    expect(sum(file.positions, (p) => p.commission)).toBe(fileTotal(csv, 'Commissions'));
    expect(sum(file.positions, (p) => p.swap)).toBe(fileTotal(csv, 'Swap'));
    for (const p of file.positions) {
      expect(new Decimal(p.profit).plus(p.commission).plus(p.swap).plus(p.fee).toFixed()).toBe(p.net);
    }
  });

  it('maps reordered, user-chosen columns by header text: closing direction only, net only, day-first dates, euro', () => {
    const reordered = readCtrader(fixture('ctrader/history-reordered-eur.csv'));
    expect(reordered.currency).toBe('EUR');
    expect(reordered.profitColumn).toBe('net');
    expect(reordered.positions).toEqual<FilePosition[]>([
      {
        position: '5001',
        symbol: 'BTCUSD',
        side: 'buy', // closed by a Sell
        volume: '0.09',
        volumeUnit: 'lots',
        openedAt: { local: '2026-03-02 09:12:05', offsetMinutes: 0 },
        closedAt: { local: '2026-03-02 14:47:44', offsetMinutes: 0 },
        openPrice: '65377.26',
        closePrice: '66783.49',
        commission: '-1.83',
        swap: '0',
        fee: '0',
        profit: '126.56',
        net: '124.73',
        rows: [2],
      },
      {
        position: '5002',
        symbol: 'EURUSD',
        side: 'sell',
        volume: '0.4',
        volumeUnit: 'lots',
        openedAt: { local: '2026-03-05 23:58:01', offsetMinutes: 0 },
        closedAt: { local: '2026-03-06 11:43:59', offsetMinutes: 0 },
        openPrice: '1.15643',
        closePrice: '1.1581',
        commission: '-1',
        swap: '0',
        fee: '0',
        profit: '-66.8',
        net: '-67.8',
        rows: [3],
      },
    ]);
  });

  it('reads offsets with minutes and west of UTC, a volume column in units, and a file without offsets', () => {
    const csv = [
      'ID,Symbol,Opening Direction,Opening time (UTC-4),Closing time (UTC+5:30),Entry price,Closing price,Closing Volume,Net USD',
      // 09:00 at UTC−4 is 13:00 UTC; 20:00 at UTC+5:30 is 14:30 UTC.
      '7,EURUSD,Sell,2026-03-10 09:00:00,2026-03-10 20:00:00,1.1000,1.0990,"10 000",10.00',
      '',
    ].join('\r\n');
    const [p] = readCtrader(bytes(csv)).positions;
    expect(p!.openedAt).toEqual({ local: '2026-03-10 09:00:00', offsetMinutes: -240 });
    expect(p!.closedAt).toEqual({ local: '2026-03-10 20:00:00', offsetMinutes: 330 });
    expect([p!.volume, p!.volumeUnit, p!.profit]).toEqual(['10000', 'units', '10']);
    const silent = readCtrader(bytes(csv.replace('(UTC-4)', '').replace('(UTC+5:30)', ''))).positions[0]!;
    expect([silent.openedAt.offsetMinutes, silent.closedAt.offsetMinutes]).toEqual([null, null]);
  });

  it.each([
    ['a quantity with an unknown unit', '0.3 Lots', '0.3 Lotz', 5, 'Closing Quantity'],
    ['a date it cannot read', '14 Mar 2026 10:01:45.903', '31 Feb 2026 10:01:45.903', 5, 'Closing time (UTC+3)'],
    ['a direction that is neither Buy nor Sell', '"1002","XAUUSD","Sell"', '"1002","XAUUSD","Short"', 4, 'Opening Direction'],
    ['a net that is not gross plus costs', '"63.90"', '"64.90"', 5, 'Net USD'],
    ['an amount it cannot read', '"-1 050.00"', '"-1 05.00"', 4, 'Gross USD'],
  ])('refuses %s naming the line, the column and the value', (_, from, to, row, column) => {
    const csv = text('ctrader/history-utc3.csv');
    expect(csv.includes(from)).toBe(true);
    const e = refusal(() => readCtrader(bytes(csv.replace(from, to))));
    expect(e.code).toBe('unreadable_row');
    expect(e.detail).toMatchObject({ row, column });
    expect(e.message).toContain(`Line ${row}`);
  });

  it('refuses a file whose rows no longer sum to its own totals (a row cut out)', () => {
    const csv = text('ctrader/history-utc3.csv');
    const cut = csv
      .split('\r\n')
      .filter((l) => !l.startsWith('"1003"'))
      .join('\r\n');
    const e = refusal(() => readCtrader(bytes(cut)));
    expect(e.code).toBe('unreadable_row');
    expect(e.detail).toMatchObject({ row: 6, column: 'Net USD', value: '-845.09' });
    expect(e.message).toContain('-967.25');
  });

  it('refuses one position ID used for two different positions', () => {
    const csv = text('ctrader/history-utc3.csv').replace('"1003","US30"', '"1001","US30"');
    const e = refusal(() => readCtrader(bytes(csv)));
    expect(e.detail).toMatchObject({ row: 6, column: 'ID', value: '1001' });
  });

  it('names the missing columns when the user hid one the positions need', () => {
    const csv = text('ctrader/history-reordered-eur.csv').replace('"Opening time (UTC+0)"', '"Label"');
    const e = refusal(() => readCtrader(bytes(csv)));
    expect(e.code).toBe('not_a_trade_file');
    expect(e.message).toContain('Opening time');
    expect(e.detail.header).toContain('Label');
  });

  it("is not NinjaTrader's and NinjaTrader's Trades export is not its", () => {
    const cTrader = readCsvRows(text('ctrader/history-utc3.csv'));
    const ninja = readCsvRows(text('ninjatrader/trades.csv'));
    expect(ctraderReader.sniff(cTrader)).toBe(true);
    expect(ninjatraderReader.sniff(cTrader)).toBe(false);
    expect(ctraderReader.sniff(ninja)).toBe(false);
    expect(refusal(() => readTradeFile(fixture('ninjatrader/trades.csv'), [ctraderReader])).code).toBe('not_a_trade_file');
  });
});
