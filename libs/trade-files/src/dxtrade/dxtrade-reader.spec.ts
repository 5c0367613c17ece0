// The fixture (test/fixtures/dxtrade/closed-positions.csv) follows DXtrade's closed positions as dxtrade-reader.ts
// describes them (no public sample of the CSV was found: the columns are DXtrade's API fields in header form), with
// synthetic numbers: EURUSD 0.5 lot from 1.08412 to 1.08655 makes 121.50; XAUUSD 0.2 lot short loses 5.75 × 20 oz.
import { readFileSync } from 'node:fs';
import { readTradeFile } from '../read-trade-file.js';
import { decodeText } from '../text/decode.js';
import type { FilePosition } from '../types.js';
import { dxtradeReader } from './dxtrade-reader.js';
import { bytes, refusal, layoutEvidence } from '../../test/spec-helpers.js';

const fixture = () => decodeText(readFileSync(new URL('../../test/fixtures/dxtrade/closed-positions.csv', import.meta.url)));
const read = (text: string) => readTradeFile(bytes(text), [dxtradeReader]);

describe(`dxtradeReader: closed positions (layout: ${layoutEvidence('dxtrade/closed-positions.csv')}, see test/fixtures/README.md)`, () => {
  it('reads every position with its costs apart, gross P&L and net to the cent', () => {
    const file = read(fixture());
    expect(file).toMatchObject({ format: 'dxtrade', profitColumn: 'gross', currency: null });
    expect(file.positions).toEqual<FilePosition[]>([
      {
        position: 'DX-40211',
        symbol: 'EURUSD',
        side: 'buy',
        volume: '0.5',
        volumeUnit: 'lots',
        openedAt: { local: '2026-03-02 09:15:04', offsetMinutes: null },
        closedAt: { local: '2026-03-02 11:40:51', offsetMinutes: null },
        openPrice: '1.08412',
        closePrice: '1.08655',
        commission: '-3.5',
        swap: '0',
        fee: '0',
        profit: '121.5',
        net: '118',
        rows: [2],
      },
      {
        position: 'DX-40215',
        symbol: 'XAUUSD',
        side: 'sell',
        volume: '0.2',
        volumeUnit: 'lots',
        openedAt: { local: '2026-03-02 14:02:10', offsetMinutes: null },
        closedAt: { local: '2026-03-03 08:30:00', offsetMinutes: null },
        openPrice: '2915.4',
        closePrice: '2921.15',
        commission: '-1.4',
        swap: '-2.36',
        fee: '0',
        profit: '-115',
        net: '-118.76',
        rows: [3],
      },
      {
        position: 'DX-40219',
        symbol: 'US30',
        side: 'buy',
        volume: '1',
        volumeUnit: 'lots',
        openedAt: { local: '2026-03-03 15:31:00', offsetMinutes: null },
        closedAt: { local: '2026-03-03 15:58:12', offsetMinutes: null },
        openPrice: '43120.5',
        closePrice: '43088',
        commission: '0',
        swap: '0',
        fee: '0',
        profit: '-32.5',
        net: '-32.5',
        rows: [4],
      },
    ]);
  });

  it('reads columns by header text in any order, an offset where the time has one, and a net-only file', () => {
    const lines = fixture().trim().split('\n');
    const reordered = lines.map((l) => {
      const c = l.split(',');
      return [c[11], c[4], c[6], c[1], c[0], c[2], c[3], c[5], c[7], c[8], c[9]].join(',');
    });
    reordered[1] = (reordered[1] ?? '').replace('2026-03-02 09:15:04', '2026-03-02T09:15:04+02:00');
    const file = read(reordered.join('\n'));
    expect(file.profitColumn).toBe('net');
    expect(file.positions[0]).toMatchObject({
      position: 'DX-40211',
      openedAt: { local: '2026-03-02 09:15:04', offsetMinutes: 120 },
      profit: '121.5',
      net: '118',
    });
    expect(file.positions.map((p) => p.profit)).toEqual(['121.5', '-115', '-32.5']);
  });

  it('reads DXtrade’s own words for the money columns (financing for swap, closed P&L)', () => {
    const words = fixture().replace('Commission,Swap,P&L,Net P&L', 'Total Commissions,Total Financing,Closed P&L,Net Closed P&L');
    expect(read(words).positions[1]).toMatchObject({ commission: '-1.4', swap: '-2.36', profit: '-115', net: '-118.76' });
  });

  it('refuses a row it cannot read, naming the line, the column and the value', () => {
    const side = refusal(() => read(fixture().replace(',Sell,', ',Flat,')));
    expect(side.detail).toEqual({ row: 3, column: 'Side', value: 'Flat' });
    const time = refusal(() => read(fixture().replace('2026-03-03 08:30:00', '03.2026 08:30')));
    expect(time.detail).toEqual({ row: 3, column: 'Close Time', value: '03.2026 08:30' });
    expect(time.message).toContain('Line 3');
    // Net P&L that is not P&L with its costs: the file contradicts itself.
    const net = refusal(() => read(fixture().replace(',121.50,118.00', ',121.50,119.00')));
    expect(net.detail).toEqual({ row: 2, column: 'Net P&L', value: '119.00' });
  });
});
