// The fixture (test/fixtures/topstepx/trades.csv) is laid out as TopstepX's Trades export writes it, with synthetic
// numbers: a UTF-8 BOM, the header `Id,ContractName,EnteredAt,ExitedAt,…,Commissions`, times `03/02/2026 10:10:08
// -05:00` (month first, each row's own offset), 9-decimal prices, CRLF lines. Source of the layout: help.topstepx.com
// (Trades), TradeZella's TopstepX import article and its sample, and open-source journals' fixtures, as
// topstepx-reader.ts lists them.
import { readFileSync } from 'node:fs';
import { findFuturesPnlMismatches } from '../futures/futures-pnl.js';
import { readTradeFile } from '../read-trade-file.js';
import { decodeText } from '../text/decode.js';
import { tradovateFillsReader } from '../tradovate/tradovate-fills-reader.js';
import { tradovatePerformanceReader } from '../tradovate/tradovate-performance-reader.js';
import type { FilePosition } from '../types.js';
import { topstepxReader } from './topstepx-reader.js';
import { bytes, refusal } from '../../test/spec-helpers.js';

const fixture = () => readFileSync(new URL('../../test/fixtures/topstepx/trades.csv', import.meta.url));
const read = (data: Uint8Array) => readTradeFile(data, [tradovatePerformanceReader, tradovateFillsReader, topstepxReader]);
/** The fixture as text with its BOM, edited, and back to bytes as TopstepX would write them. */
const edited = (edit: (csv: string) => string) => bytes(`\uFEFF${edit(decodeText(fixture()))}`);

describe('topstepxReader: the Trades export', () => {
  const file = read(fixture());

  it('starts with a BOM, as TopstepX writes it', () => {
    expect([...fixture().subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it("reads every trade with each row's own offset, 9-decimal prices exactly, gross PnL and both costs apart", () => {
    expect(file.format).toBe('topstepx');
    expect(file.profitColumn).toBe('gross');
    expect(file.positions).toEqual<FilePosition[]>([
      {
        position: '2815118967',
        symbol: 'MNQH6',
        side: 'sell',
        volume: '3',
        volumeUnit: 'contracts',
        openedAt: { local: '2026-03-02 10:10:08', offsetMinutes: -300 },
        closedAt: { local: '2026-03-02 10:10:48', offsetMinutes: -300 },
        openPrice: '21482.5',
        closePrice: '21448.75',
        commission: '-1.5',
        swap: '0',
        fee: '-1.11',
        profit: '202.5',
        net: '199.89',
        rows: [2],
      },
      {
        // No Commissions on this row: only the exchange fees are costs.
        position: '2815118975',
        symbol: 'ESH6',
        side: 'buy',
        volume: '2',
        volumeUnit: 'contracts',
        openedAt: { local: '2026-03-02 10:24:11', offsetMinutes: -300 },
        closedAt: { local: '2026-03-02 10:24:27', offsetMinutes: -300 },
        openPrice: '6001.75',
        closePrice: '5998.5',
        commission: '0',
        swap: '0',
        fee: '-2.8',
        profit: '-325',
        net: '-327.8',
        rows: [3],
      },
      {
        // After the US clocks changed (8 March 2026) the same export writes -04:00.
        position: '2815119040',
        symbol: 'MGCJ6',
        side: 'buy',
        volume: '1',
        volumeUnit: 'contracts',
        openedAt: { local: '2026-03-09 21:05:00', offsetMinutes: -240 },
        closedAt: { local: '2026-03-09 21:31:45', offsetMinutes: -240 },
        openPrice: '2950.1',
        closePrice: '2953.4',
        commission: '-0.5',
        swap: '0',
        fee: '-0.74',
        profit: '33',
        net: '31.76',
        rows: [4],
      },
    ]);
  });

  it('reads the older 11-column export (no TradeDuration, no Commissions) and CRLF line ends alike', () => {
    const older = read(
      edited((csv) =>
        csv
          .split('\n')
          .map((line) => line.split(',').slice(0, 11).join(','))
          .join('\r\n'),
      ),
    );
    expect(older.positions.map((p) => [p.position, p.commission, p.fee, p.net])).toEqual([
      ['2815118967', '0', '-1.11', '201.39'],
      ['2815118975', '0', '-2.8', '-327.8'],
      ['2815119040', '0', '-0.74', '32.26'],
    ]);
  });

  it('every trade adds up against its contract; a row whose PnL does not is flagged with its line', () => {
    expect(findFuturesPnlMismatches(file)).toEqual({ mismatches: [], unchecked: [] });
    // A wrong multiplier: the MNQ trade's PnL as if it were NQ.
    const wrong = read(edited((csv) => csv.replace(',202.500000000,', ',2025.000000000,')));
    expect(findFuturesPnlMismatches(wrong).mismatches).toEqual([
      { position: '2815118967', symbol: 'MNQH6', profit: '2025', rows: [2], expected: '202.5', difference: '1822.5', offTick: false },
    ]);
  });

  it('refuses a row it cannot read, naming the line, the column and the value', () => {
    const type = refusal(() => read(edited((csv) => csv.replace(',Long,', ',Buy,'))));
    expect(type.code).toBe('unreadable_row');
    expect(type.detail).toEqual({ row: 3, column: 'Type', value: 'Buy' });
    const time = refusal(() => read(edited((csv) => csv.replace('03/09/2026 21:31:45 -04:00', '03/09/2026 21:31:45 -4'))));
    expect(time.detail).toEqual({ row: 4, column: 'ExitedAt', value: '03/09/2026 21:31:45 -4' });
    expect(time.message).toContain('Line 4');
    const size = refusal(() => read(edited((csv) => csv.replace(',3,Short,', ',0,Short,'))));
    expect(size.detail).toEqual({ row: 2, column: 'Size', value: '0' });
  });
});
