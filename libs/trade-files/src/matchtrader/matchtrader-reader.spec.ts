// The fixture (test/fixtures/matchtrader/closed-positions.csv) follows Match-Trader's closed positions export as
// matchtrader-reader.ts describes it (ID, Symbol, Open time, Volume, Side, Close time, Open price, Close Price, Stop
// loss, Take profit, Swap, Commission, Profit, Reason; ISO times without a zone), synthetic numbers, CRLF lines.
import { readFileSync } from 'node:fs';
import { readTradeFile } from '../read-trade-file.js';
import { decodeText } from '../text/decode.js';
import type { FilePosition } from '../types.js';
import { matchtraderReader } from './matchtrader-reader.js';
import { bytes, refusal, layoutEvidence } from '../../test/spec-helpers.js';

const fixture = () => decodeText(readFileSync(new URL('../../test/fixtures/matchtrader/closed-positions.csv', import.meta.url)));
const read = (text: string) => readTradeFile(bytes(text), [matchtraderReader]);

describe(`matchtraderReader: closed positions (layout: ${layoutEvidence('matchtrader/closed-positions.csv')}, see test/fixtures/README.md)`, () => {
  const file = read(fixture());

  it('reads every position: gross profit, commission and swap apart, partial closes of one ID as one position', () => {
    expect(file).toMatchObject({ format: 'matchtrader', profitColumn: 'gross' });
    expect(file.positions).toEqual<FilePosition[]>([
      {
        position: '5150001',
        symbol: 'GBPUSD',
        side: 'buy',
        volume: '1',
        volumeUnit: 'lots',
        openedAt: { local: '2026-03-09 07:01:15', offsetMinutes: null },
        closedAt: { local: '2026-03-09 09:44:02', offsetMinutes: null },
        openPrice: '1.27104',
        closePrice: '1.27331',
        commission: '-7',
        swap: '0',
        fee: '0',
        profit: '227',
        net: '220',
        rows: [2],
      },
      {
        position: '5150002',
        symbol: 'USDJPY',
        side: 'sell',
        volume: '0.3',
        volumeUnit: 'lots',
        openedAt: { local: '2026-03-09 12:00:00', offsetMinutes: null },
        closedAt: { local: '2026-03-10 08:15:30', offsetMinutes: null },
        openPrice: '149.25',
        closePrice: '149.58',
        commission: '-2.1',
        swap: '-1.85',
        fee: '0',
        profit: '-66.19',
        net: '-70.14',
        rows: [3],
      },
      {
        // Closed in two parts (0.1 at 2905.00, 0.2 at 2910.50): one position, the close price weighted by volume.
        position: '5150003',
        symbol: 'XAUUSD',
        side: 'buy',
        volume: '0.3',
        volumeUnit: 'lots',
        openedAt: { local: '2026-03-10 13:00:00', offsetMinutes: null },
        closedAt: { local: '2026-03-10 15:30:00', offsetMinutes: null },
        openPrice: '2900',
        closePrice: '2908.667',
        commission: '-2.1',
        swap: '0',
        fee: '0',
        profit: '260',
        net: '257.9',
        rows: [4, 5],
      },
    ]);
  });

  it('a totals row under the table (sums, no symbol, no times) is not a position', () => {
    const withTotals = read(`${fixture()},,,,,,,,,,-1.85,-11.20,470.81,\r\n`);
    expect(withTotals.positions.map((p) => p.position)).toEqual(['5150001', '5150002', '5150003']);
  });

  it('reads the day-first times Match-Trader writes in other locales', () => {
    const dayFirst = read(
      fixture().replace('2026-03-09T12:00:00', '09/03/2026 12:00:00').replace('2026-03-10T08:15:30', '10/03/2026 08:15:30'),
    );
    expect(dayFirst.positions[1]).toMatchObject({
      openedAt: { local: '2026-03-09 12:00:00', offsetMinutes: null },
      closedAt: { local: '2026-03-10 08:15:30', offsetMinutes: null },
    });
  });

  it('refuses a row it cannot read, naming the line, the column and the value', () => {
    const price = refusal(() => read(fixture().replace(',149.580,', ',1x9.580,')));
    expect(price.code).toBe('unreadable_row');
    expect(price.detail).toEqual({ row: 3, column: 'Close Price', value: '1x9.580' });
    const volume = refusal(() => read(fixture().replace(',0.30,SELL,', ',abc,SELL,')));
    expect(volume.detail).toEqual({ row: 3, column: 'Volume', value: 'abc' });
    const date = refusal(() => read(fixture().replace('2026-03-09T09:44:02.5', '2026-02-30T09:44:02')));
    expect(date.detail).toEqual({ row: 2, column: 'Close time', value: '2026-02-30T09:44:02' });
  });
});
