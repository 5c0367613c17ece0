// The fixtures (test/fixtures/tradovate/) are laid out as Tradovate's Performance, Fills and Orders exports write them,
// with synthetic numbers: Performance's `symbol,_priceFormat,…,buyFillId,sellFillId,…,boughtTimestamp,soldTimestamp`
// with `$(30.00)` and `"$1,200.00"` and times without a zone, Fills' `_id,…,_timestamp,…,Fill ID,Order ID,Timestamp…`
// whose `_timestamp` is UTC (`…Z`) beside the local `Timestamp`, CRLF lines. Source of the layout: open-source journals' Tradovate importers and audits of real
// files (code search for "buyFillId,sellFillId" and "Fill ID, Order ID, Timestamp"), as the two readers list them.
import { readFileSync } from 'node:fs';
import Decimal from 'decimal.js';
import { extendContracts } from '../futures/contract-specs.js';
import { findFuturesPnlMismatches } from '../futures/futures-pnl.js';
import { readTradeFile } from '../read-trade-file.js';
import { topstepxReader } from '../topstepx/topstepx-reader.js';
import type { FilePosition, TradeFileReader } from '../types.js';
import { createTradovateFillsReader, tradovateFillsReader } from './tradovate-fills-reader.js';
import { tradovatePerformanceReader } from './tradovate-performance-reader.js';
import { bytes, refusal } from '../../test/spec-helpers.js';

const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/${name}`, import.meta.url));
const text = (name: string) => fixture(name).toString('utf8');
const FUTURES_READERS: TradeFileReader[] = [tradovatePerformanceReader, tradovateFillsReader, topstepxReader];
const read = (data: Uint8Array, readers = FUTURES_READERS) => readTradeFile(data, readers);

const contractsPosition = (p: Partial<FilePosition>): Partial<FilePosition> => ({ volumeUnit: 'contracts', swap: '0', ...p });

describe('tradovatePerformanceReader: the Performance export', () => {
  const file = read(fixture('tradovate/performance.csv'));

  it('reads every pair with its side from which fill came first, gross pnl to the cent, times without an offset', () => {
    expect(file.format).toBe('tradovate-performance');
    expect(file.profitColumn).toBe('gross');
    expect(file.currency).toBeNull();
    expect(file.positions).toEqual<FilePosition[]>([
      {
        position: '345678901201/345678901207',
        symbol: 'MNQH6',
        side: 'buy',
        volume: '2',
        volumeUnit: 'contracts',
        openedAt: { local: '2026-03-02 09:31:05', offsetMinutes: null },
        closedAt: { local: '2026-03-02 10:47:50', offsetMinutes: null },
        openPrice: '21450.25',
        closePrice: '21480.75',
        commission: '0',
        swap: '0',
        fee: '0',
        profit: '122',
        net: '122',
        rows: [2],
      },
      {
        // Sold at 11:02:10 before buying at 11:05:40: a short, `$(30.00)` a loss.
        position: '345678901215/345678901211',
        symbol: 'MNQH6',
        side: 'sell',
        volume: '1',
        volumeUnit: 'contracts',
        openedAt: { local: '2026-03-02 11:02:10', offsetMinutes: null },
        closedAt: { local: '2026-03-02 11:05:40', offsetMinutes: null },
        openPrice: '21490',
        closePrice: '21505',
        commission: '0',
        swap: '0',
        fee: '0',
        profit: '-30',
        net: '-30',
        rows: [3],
      },
      {
        position: '345678901230/345678901236',
        symbol: 'ESH6',
        side: 'buy',
        volume: '4',
        volumeUnit: 'contracts',
        openedAt: { local: '2026-03-03 14:00:00', offsetMinutes: null },
        closedAt: { local: '2026-03-03 14:20:15', offsetMinutes: null },
        openPrice: '6000.25',
        closePrice: '6006.25',
        commission: '0',
        swap: '0',
        fee: '0',
        profit: '1200',
        net: '1200',
        rows: [4],
      },
      {
        // Both fills in the same second: the sell fill's lower id says it came first.
        position: '345678901252/345678901251',
        symbol: 'MESH6',
        side: 'sell',
        volume: '1',
        volumeUnit: 'contracts',
        openedAt: { local: '2026-03-03 15:00:01', offsetMinutes: null },
        closedAt: { local: '2026-03-03 15:00:01', offsetMinutes: null },
        openPrice: '6010.5',
        closePrice: '6010.25',
        commission: '0',
        swap: '0',
        fee: '0',
        profit: '1.25',
        net: '1.25',
        rows: [5],
      },
    ]);
  });

  it('every pair of the file adds up against its contract; a pnl edited by hand is flagged with its row', () => {
    expect(findFuturesPnlMismatches(file)).toEqual({ mismatches: [], unchecked: [] });
    const edited = read(bytes(text('tradovate/performance.csv').replace('"$1,200.00"', '"$12,000.00"')));
    expect(findFuturesPnlMismatches(edited).mismatches).toEqual([
      expect.objectContaining({ position: '345678901230/345678901236', rows: [4], expected: '1200', difference: '10800' }),
    ]);
  });

  it('refuses a row it cannot read, naming the line, the column and the value', () => {
    const badTime = refusal(() => read(bytes(text('tradovate/performance.csv').replace('03/02/2026 10:47:50', '03/32/2026 10:47:50'))));
    expect(badTime.code).toBe('unreadable_row');
    expect(badTime.detail).toEqual({ row: 2, column: 'soldTimestamp', value: '03/32/2026 10:47:50' });
    const badPnl = refusal(() => read(bytes(text('tradovate/performance.csv').replace('$(30.00)', 'n/a'))));
    expect(badPnl.detail).toEqual({ row: 3, column: 'pnl', value: 'n/a' });
    expect(badPnl.message).toContain('Line 3');
    const badQty = refusal(() => read(bytes(text('tradovate/performance.csv').replace(',4,6000.25', ',1.5,6000.25'))));
    expect(badQty.detail).toEqual({ row: 4, column: 'qty', value: '1.5' });
    // Same second and ids that do not order the fills: nothing says which side opened.
    const tie = refusal(() => read(bytes(text('tradovate/performance.csv').replace('345678901252,345678901251', 'B-2,S-1'))));
    expect(tie.detail).toMatchObject({ row: 5, column: 'soldTimestamp' });
  });
});

describe('tradovateFillsReader: the Fills export paired first in, first out', () => {
  const file = read(fixture('tradovate/fills.csv'));
  const at = (local: string) => ({ local, offsetMinutes: 0 });

  it('pairs partial fills and a reversal FIFO, each pair priced from its contract, commissions shared to the cent', () => {
    expect(file.format).toBe('tradovate-fills');
    expect(file.profitColumn).toBe('gross');
    expect(file.positions).toEqual<FilePosition[]>([
      {
        // Line 10's buy of 2 opened first; line 8's sell of 1 closes one of them.
        position: '345678902401/345678902403',
        symbol: 'MNQH6',
        side: 'buy',
        volume: '1',
        volumeUnit: 'contracts',
        openedAt: at('2026-03-02 14:31:05'),
        closedAt: at('2026-03-02 14:40:00'),
        openPrice: '21450.25',
        closePrice: '21460.5',
        commission: '-0.74',
        swap: '0',
        fee: '0',
        profit: '20.5',
        net: '19.76',
        rows: [8, 10],
      },
      {
        // The sell of 3 (line 7) closes the rest of the first buy, then the second buy, then opens a short of 1.
        position: '345678902401/345678902404',
        symbol: 'MNQH6',
        side: 'buy',
        volume: '1',
        volumeUnit: 'contracts',
        openedAt: at('2026-03-02 14:31:05'),
        closedAt: at('2026-03-02 14:50:10'),
        openPrice: '21450.25',
        closePrice: '21470.25',
        commission: '-0.7',
        swap: '0',
        fee: '0',
        profit: '40',
        net: '39.3',
        rows: [7, 10],
      },
      {
        position: '345678902402/345678902404',
        symbol: 'MNQH6',
        side: 'buy',
        volume: '1',
        volumeUnit: 'contracts',
        openedAt: at('2026-03-02 14:31:05'),
        closedAt: at('2026-03-02 14:50:10'),
        openPrice: '21451',
        closePrice: '21470.25',
        commission: '-0.7',
        swap: '0',
        fee: '0',
        profit: '38.5',
        net: '37.8',
        rows: [7, 9],
      },
      {
        // The reversed short of 1, bought back on line 6; it takes the last 0.34 of the $1.00 commission.
        position: '345678902405/345678902404',
        symbol: 'MNQH6',
        side: 'sell',
        volume: '1',
        volumeUnit: 'contracts',
        openedAt: at('2026-03-02 14:50:10'),
        closedAt: at('2026-03-02 15:00:00'),
        openPrice: '21470.25',
        closePrice: '21465',
        commission: '-0.71',
        swap: '0',
        fee: '0',
        profit: '10.5',
        net: '9.79',
        rows: [6, 7],
      },
      {
        // The busted MES fill (line 4, _active false) is no trade.
        position: '345678902407/345678902406',
        symbol: 'MESH6',
        side: 'sell',
        volume: '1',
        volumeUnit: 'contracts',
        openedAt: at('2026-03-02 15:05:00'),
        closedAt: at('2026-03-02 15:10:00'),
        openPrice: '6000',
        closePrice: '6002.5',
        commission: '-0.7',
        swap: '0',
        fee: '0',
        profit: '-12.5',
        net: '-13.2',
        rows: [3, 5],
      },
    ]);
  });

  it("keeps every closed contract's commission: the shares of a split fill add up to the fill's commission", () => {
    // Fills fully closed: lines 3, 5, 6, 7, 8, 9, 10 (0.35 + 0.35 + 0.37 + 1.00 + 0.37 + 0.37 + 0.74).
    expect(Decimal.sum(...file.positions.map((p) => p.commission)).toFixed(2)).toBe('-3.55');
    // The buy on line 2 is still open at the end of the export: no position yet.
    expect(file.positions.flatMap((p) => p.rows)).not.toContain(2);
  });

  it('names its pairs as the Performance report names the same pairs, and they add up against their contracts', () => {
    expect(findFuturesPnlMismatches(file)).toEqual({ mismatches: [], unchecked: [] });
    expect(new Set(file.positions.map((p) => p.position)).size).toBe(file.positions.length);
  });

  it('reads the display wall clock (no offset) when the file has no UTC machine time', () => {
    const lines = text('tradovate/fills.csv').split('\r\n');
    const header = lines[0]!.split(',');
    const drop = header.indexOf('_timestamp');
    const without = lines
      .map((l) =>
        l
          .split(',')
          .filter((_, i) => i !== drop)
          .join(','),
      )
      .join('\r\n');
    const local = read(bytes(without));
    expect(local.positions[0]!.openedAt).toEqual({ local: '2026-03-02 08:31:05', offsetMinutes: null });
    // Both buys share 08:31:05 on the display clock; the lower fill id still opens first.
    expect(local.positions.map((p) => p.position)).toEqual(file.positions.map((p) => p.position));
  });

  it("refuses a contract whose point value is unknown, unless the operator's table has it", () => {
    const zn = text('tradovate/fills.csv').replaceAll('MESH6', 'ZNH6');
    const unknown = refusal(() => read(bytes(zn)));
    expect(unknown.code).toBe('unreadable_row');
    expect(unknown.detail).toEqual({ row: 3, column: 'Contract', value: 'ZNH6' });
    const withZn = createTradovateFillsReader(
      extendContracts({ ZN: { pointValue: '1000', tickSize: '0.015625', currency: 'USD', exchange: 'CBOT', name: '10-Year T-Note' } }),
    );
    const priced = read(bytes(zn), [withZn]);
    expect(priced.positions.at(-1)).toMatchObject(contractsPosition({ symbol: 'ZNH6', profit: '-2500', net: '-2500.7' }));
  });

  it('refuses a fill it cannot read, naming the line, the column and the value', () => {
    const side = refusal(() => read(bytes(text('tradovate/fills.csv').replace(' Sell,3,', ' Short,3,'))));
    expect(side.detail).toEqual({ row: 7, column: 'B/S', value: 'Short' });
    const price = refusal(() => read(bytes(text('tradovate/fills.csv').replace(',21460.50,-2', ',abc,-2'))));
    expect(price.detail).toEqual({ row: 8, column: 'Price', value: 'abc' });
  });
});

describe('tradovateFillsReader: the Orders export, each filled order one fill at its average price', () => {
  const file = read(fixture('tradovate/orders.csv'));
  const at = (local: string) => ({ local, offsetMinutes: null });
  const noCosts = { commission: '0', swap: '0', fee: '0' } as const;

  it('pairs the filled orders FIFO; cancelled and rejected orders without a fill are no executions', () => {
    expect(file.format).toBe('tradovate-fills');
    expect(file.positions).toEqual<FilePosition[]>([
      {
        position: '345678903301/345678903303',
        symbol: 'MNQH6',
        side: 'buy',
        volume: '1',
        volumeUnit: 'contracts',
        openedAt: at('2026-03-02 08:31:05'),
        closedAt: at('2026-03-02 08:40:00'),
        openPrice: '21450.25',
        closePrice: '21460.5',
        ...noCosts,
        profit: '20.5',
        net: '20.5',
        rows: [2, 3],
      },
      {
        position: '345678903301/345678903305',
        symbol: 'MNQH6',
        side: 'buy',
        volume: '1',
        volumeUnit: 'contracts',
        openedAt: at('2026-03-02 08:31:05'),
        closedAt: at('2026-03-02 08:50:10'),
        openPrice: '21450.25',
        closePrice: '21470.25',
        ...noCosts,
        profit: '40',
        net: '40',
        rows: [2, 5],
      },
      {
        // Line 6 sold 1 of 2 before it was cancelled: that contract is a short, bought back on line 7.
        position: '345678903307/345678903306',
        symbol: 'MESH6',
        side: 'sell',
        volume: '1',
        volumeUnit: 'contracts',
        openedAt: at('2026-03-02 09:05:00'),
        closedAt: at('2026-03-02 09:10:00'),
        openPrice: '6000',
        closePrice: '6002.5',
        ...noCosts,
        profit: '-12.5',
        net: '-12.5',
        rows: [6, 7],
      },
    ]);
  });

  it('refuses a filled order whose fill it cannot read, naming the line and the column', () => {
    const price = refusal(() => read(bytes(text('tradovate/orders.csv').replace(',1,6002.50,6002.50,', ',1,,6002.50,'))));
    expect(price.detail).toEqual({ row: 7, column: 'Avg Fill Price', value: '' });
  });
});

describe('sniffing: each futures reader knows only its own export', () => {
  it.each([
    ['tradovate/performance.csv', 'tradovate-performance'],
    ['tradovate/fills.csv', 'tradovate-fills'],
    ['tradovate/orders.csv', 'tradovate-fills'],
    ['topstepx/trades.csv', 'topstepx'],
  ])('%s is read as %s whatever the readers order', (name, format) => {
    expect(readTradeFile(fixture(name), FUTURES_READERS).format).toBe(format);
    expect(readTradeFile(fixture(name), [...FUTURES_READERS].reverse()).format).toBe(format);
  });

  it.each([
    // NinjaTrader 8's Trades grid, a cTrader History export.
    'Trade number,Instrument,Account,Strategy,Market pos.,Qty,Entry price,Exit price,Entry time,Exit time,Entry name,Exit name,Profit,Cum. net profit,Commission,MAE,MFE,ETD,Bars,\r\n1,MNQ MAR26,Sim101,,Long,1,21450.25,21460.50,3/2/2026 9:31:05 AM,3/2/2026 9:40:00 AM,Entry,Exit,$20.50,$20.50,$0.00,$0.00,$0.00,$0.00,1,\r\n',
    'Symbol,Opening direction,Opening time (UTC+3),Closing time (UTC+3),Entry price,Closing price,Closing Quantity,Net USD\r\nEURUSD,Buy,14/03/2026 09:15:02.120,14/03/2026 11:20:10.480,1.08500,1.08692,0.5 Lots,92.50\r\n',
    // Tradovate's Orders export without its fill columns (Filled Qty, Avg Fill Price): nothing says what executed.
    'orderId,Account,Order ID,B/S,Contract,Product,Status,Timestamp,Date,Quantity\r\n1,DEMO,1, Buy,MNQH6,MNQ, Working,03/02/2026 08:31:05,3/2/26,1\r\n',
  ])("refuses another platform's export with the header it found (%#)", (csv) => {
    const other = refusal(() => read(bytes(csv)));
    expect(other.code).toBe('not_a_trade_file');
    expect(other.detail.header).toEqual(csv.split('\r\n')[0]!.split(','));
  });
});
