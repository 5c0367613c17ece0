// The fixture (test/fixtures/tradezella/trades.csv) has the 60 columns of TradeZella's real trade export, in its
// order (tradezella-reader.ts names the sample), with synthetic trades: MNQ, ES and CL futures, times with the
// zone's abbreviation before (EST) and after (EDT) the US clock change of 8 March 2026.
import { readFileSync } from 'node:fs';
import { readTradeFile } from '../read-trade-file.js';
import { decodeText } from '../text/decode.js';
import type { FilePosition } from '../types.js';
import { tradezellaReader } from './tradezella-reader.js';
import { bytes, refusal, layoutEvidence } from '../../test/spec-helpers.js';

const fixture = () => decodeText(readFileSync(new URL('../../test/fixtures/tradezella/trades.csv', import.meta.url)));
const read = (text: string) => readTradeFile(bytes(text), [tradezellaReader]);

describe(`tradezellaReader: the trade export (layout: ${layoutEvidence('tradezella/trades.csv')}, see test/fixtures/README.md)`, () => {
  const file = read(fixture());

  it('reads every trade with its zone abbreviation as an offset, gross and net to the cent, costs apart', () => {
    expect(file).toMatchObject({ format: 'tradezella', profitColumn: 'gross', platform: 'tradovate' });
    expect(file.positions).toEqual<FilePosition[]>([
      {
        position: 'MNQ@2026-03-02 09:31:05',
        symbol: 'MNQ',
        side: 'buy',
        volume: '2',
        volumeUnit: 'contracts',
        openedAt: { local: '2026-03-02 09:31:05', offsetMinutes: -300 },
        closedAt: { local: '2026-03-02 09:44:40', offsetMinutes: -300 },
        openPrice: '21480.25',
        closePrice: '21492.75',
        commission: '-1.04',
        swap: '0',
        fee: '-0.7',
        profit: '50',
        net: '48.26',
        rows: [2],
      },
      {
        position: 'ES@2026-03-09 10:00:00',
        symbol: 'ES',
        side: 'sell',
        volume: '1',
        volumeUnit: 'contracts',
        openedAt: { local: '2026-03-09 10:00:00', offsetMinutes: -240 },
        closedAt: { local: '2026-03-09 10:20:30', offsetMinutes: -240 },
        openPrice: '6001.75',
        closePrice: '5998.5',
        commission: '-2.5',
        swap: '0',
        fee: '-1.4',
        profit: '162.5',
        net: '158.6',
        rows: [3],
      },
      {
        position: 'CL@2026-03-10 08:58:03',
        symbol: 'CL',
        side: 'buy',
        volume: '3',
        volumeUnit: 'contracts',
        openedAt: { local: '2026-03-10 08:58:03', offsetMinutes: -240 },
        closedAt: { local: '2026-03-10 09:00:01', offsetMinutes: -240 },
        openPrice: '64.5',
        closePrice: '64.41',
        commission: '0',
        swap: '0',
        fee: '0',
        profit: '-270',
        net: '-270',
        rows: [4],
      },
    ]);
  });

  it('skips a trade still open (no close date or time); a closed one without its close time is refused', () => {
    const open = read(fixture().replace('2026-03-10,09:00:01 EDT,', ',,'));
    expect(open.positions.map((p) => p.symbol)).toEqual(['MNQ', 'ES']);
    const cut = refusal(() => read(fixture().replace('2026-03-10,09:00:01 EDT,', '2026-03-10,,')));
    expect(cut.detail).toEqual({ row: 4, column: 'Close Time', value: '' });
  });

  it('names no platform when the account names do not, or name several', () => {
    expect(read(fixture().replaceAll('Tradovate Demo 50K', 'Main account')).platform).toBeNull();
    expect(read(fixture().replace('Tradovate Demo 50K', 'NinjaTrader Sim')).platform).toBeNull();
  });

  it('reads the columns wherever the user put them, and a time without a zone as the file clock', () => {
    const [header = '', ...rows] = fixture().trim().split('\n');
    const names = header.split(',');
    const keep = [
      'Net P&L',
      'Quantity',
      'Side',
      'Symbol',
      'Open Time',
      'Open Date',
      'Exit Price',
      'Entry Price',
      'Close Time',
      'Close Date',
    ];
    const pick = (line: string) => keep.map((k) => line.split(',')[names.indexOf(k)]).join(',');
    const picked = read([keep.join(','), ...rows.map(pick)].join('\n').replace('09:31:05 EST', '09:31:05'));
    expect(picked.profitColumn).toBe('net');
    expect(picked.positions[0]).toMatchObject({
      openedAt: { local: '2026-03-02 09:31:05', offsetMinutes: null },
      profit: '48.26',
      net: '48.26',
    });
  });

  it('refuses a row it cannot read, naming the line, the column and the value', () => {
    const zone = refusal(() => read(fixture().replace('10:20:30 EDT', '10:20:30 XYZ')));
    expect(zone.detail).toEqual({ row: 3, column: 'Close Date', value: '2026-03-09' });
    expect(zone.message).toContain('Line 3');
    const side = refusal(() => read(fixture().replace(',short,', ',flat,')));
    expect(side.detail).toEqual({ row: 3, column: 'Side', value: 'flat' });
    const net = refusal(() => read(fixture().replace(',48.26,', ',49.26,')));
    expect(net.detail).toEqual({ row: 2, column: 'Net P&L', value: '49.26' });
  });
});
