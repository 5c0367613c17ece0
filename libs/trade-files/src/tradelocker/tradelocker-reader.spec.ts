// The fixture (test/fixtures/tradelocker/orders-history.csv) has TradeLocker's order-history columns as its
// `/trade/config` names them (tradelocker-reader.ts lists the sources), plus the instrument's name and the broker's
// profit, commission and swap columns, with synthetic orders: EURUSD bought 1.00 and sold in two parts, GBPUSD sold
// and bought back the next day, a cancelled order, and an XAUUSD buy still open at the end of the file.
import { readFileSync } from 'node:fs';
import { readTradeFile } from '../read-trade-file.js';
import { decodeText } from '../text/decode.js';
import type { FilePosition } from '../types.js';
import { tradelockerReader } from './tradelocker-reader.js';
import { bytes, refusal, layoutEvidence } from '../../test/spec-helpers.js';

const fixture = () => decodeText(readFileSync(new URL('../../test/fixtures/tradelocker/orders-history.csv', import.meta.url)));
const read = (text: string) => readTradeFile(bytes(text), [tradelockerReader]);
/** The fixture with the named columns dropped, as a broker whose config lacks them exports it. */
const without = (...names: string[]) => {
  const lines = fixture().trim().split('\n');
  const header = (lines[0] ?? '').split(',');
  const drop = new Set(names.map((n) => header.indexOf(n)));
  return lines
    .map((l) =>
      l
        .split(',')
        .filter((_, i) => !drop.has(i))
        .join(','),
    )
    .join('\n');
};

describe(`tradelockerReader: the order history (layout: ${layoutEvidence('tradelocker/orders-history.csv')}, see test/fixtures/README.md)`, () => {
  it('turns filled orders into positions by position id, first in first out, with the closing orders’ profit', () => {
    const file = read(fixture());
    expect(file).toMatchObject({ format: 'tradelocker', profitColumn: 'gross' });
    expect(file.positions).toEqual<FilePosition[]>([
      {
        // Closed in two orders (0.40 at 1.08620 and 0.60 at 1.08700): one position, the close weighted by volume.
        position: '700001',
        symbol: 'EURUSD',
        side: 'buy',
        volume: '1',
        volumeUnit: 'lots',
        openedAt: { local: '2026-03-02 08:00:00', offsetMinutes: 0 },
        closedAt: { local: '2026-03-02 11:00:00', offsetMinutes: 0 },
        openPrice: '1.085',
        closePrice: '1.08668',
        commission: '-5',
        swap: '0',
        fee: '0',
        profit: '168',
        net: '163',
        rows: [2, 3, 5],
      },
      {
        position: '700002',
        symbol: 'GBPUSD',
        side: 'sell',
        volume: '0.5',
        volumeUnit: 'lots',
        openedAt: { local: '2026-03-02 10:30:00', offsetMinutes: 0 },
        closedAt: { local: '2026-03-03 07:45:00', offsetMinutes: 0 },
        openPrice: '1.27',
        closePrice: '1.2715',
        commission: '-5',
        swap: '-1.2',
        fee: '0',
        profit: '-75',
        net: '-81.2',
        rows: [4, 7],
      },
    ]);
  });

  it('an order filled in part and then cancelled counts what it filled', () => {
    // The second close of 700001 filled 0.60 of 1.00 ordered before it was cancelled.
    const partly = read(
      fixture().replace('9100004,278,EURUSD,9001,0.60,sell,market,Filled', '9100004,278,EURUSD,9001,1.00,sell,market,Cancelled'),
    );
    expect(partly.positions[0]).toMatchObject({ position: '700001', volume: '1', profit: '168' });
  });

  it('reads the same words as headers, in any order', () => {
    const relabelled = fixture().replace(
      /^[^\n]*/,
      'Order ID,Instrument ID,Instrument,Route,Qty,Side,Type,Status,Filled Qty,Avg Price,Price,Stop Price,Validity,Expire Date,Created Date,Last Modified,Is Open,Position ID,Stop Loss,Take Profit,Strategy ID,Commission,Swap,Profit',
    );
    expect(read(relabelled).positions.map((p) => [p.position, p.net])).toEqual([
      ['700001', '163'],
      ['700002', '-81.2'],
    ]);
  });

  it('reads the back office’s Order History: filled orders by status, their amount in lots at their price', () => {
    const office = [
      'Time,Account ID,Order ID,Position ID,Side,Instrument,Lot Size,Amount (Lots),Price,Type,Status,Profit',
      '2026-03-02 08:00:00,L-1,9100001,700001,Buy,EURUSD,100000,1.00,1.08500,Market,Filled,0',
      '2026-03-02 08:30:00,L-1,9100008,700001,Sell,EURUSD,100000,1.00,1.09000,Limit,Cancelled,0',
      '2026-03-02 11:00:00,L-1,9100004,700001,Sell,EURUSD,100000,1.00,1.08700,Market,Filled,200.00',
    ].join('\n');
    expect(read(office).positions).toMatchObject([
      { position: '700001', side: 'buy', volume: '1', openPrice: '1.085', closePrice: '1.087', profit: '200', rows: [2, 4] },
    ]);
  });

  it('without a profit column, prices a futures position from its contract and refuses anything else by its row', () => {
    const futures = without('profit')
      .replaceAll(',EURUSD,', ',MNQH6,')
      .replace(',1.08500,', ',21480.25,')
      .replace(',1.08620,1.08620,', ',21490.25,21490.25,')
      .replace(',1.08700,', ',21500.75,')
      .replaceAll(',1.00,buy,', ',1,buy,')
      .replaceAll(',1.00,1.08500', ',1,21480.25');
    const refused = refusal(() => read(futures));
    // GBPUSD has no contract to price it by: its closing order (line 7) is named.
    expect(refused.detail).toEqual({ row: 7, column: 'Instrument', value: 'GBPUSD' });
    const onlyFutures = futures
      .split('\n')
      .filter((l) => !l.includes('GBPUSD'))
      .join('\n');
    const [mnq] = read(onlyFutures).positions;
    // 0.4 × (21490.25 − 21480.25) × $2 + 0.6 × (21500.75 − 21480.25) × $2 = 8 + 24.6.
    expect(mnq).toMatchObject({ position: '700001', symbol: 'MNQH6', volumeUnit: 'contracts', profit: '32.6', net: '27.6' });
  });

  it('refuses a filled order it cannot read, naming the line, the column and the value', () => {
    const side = refusal(() => read(fixture().replace(',0.50,sell,', ',0.50,short,')));
    expect(side.detail).toEqual({ row: 4, column: 'side', value: 'short' });
    const time = refusal(() => read(fixture().replace('1772442760000', 'yesterday')));
    expect(time.detail).toEqual({ row: 3, column: 'lastModified', value: 'yesterday' });
  });
});
