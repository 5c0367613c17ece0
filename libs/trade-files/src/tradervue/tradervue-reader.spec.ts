// The fixture (test/fixtures/tradervue/trades.csv) has the columns of Tradervue's longer trade export
// (tradervue-reader.ts names the sources), with synthetic trades: two stocks and one ES futures contract.
import { readFileSync } from 'node:fs';
import { readTradeFile } from '../read-trade-file.js';
import { decodeText } from '../text/decode.js';
import type { FilePosition } from '../types.js';
import { tradervueReader } from './tradervue-reader.js';
import { bytes, refusal, layoutEvidence } from '../../test/spec-helpers.js';

const fixture = () => decodeText(readFileSync(new URL('../../test/fixtures/tradervue/trades.csv', import.meta.url)));
const read = (text: string) => readTradeFile(bytes(text), [tradervueReader]);

describe(`tradervueReader: the trade export (layout: ${layoutEvidence('tradervue/trades.csv')}, see test/fixtures/README.md)`, () => {
  it('reads every trade: L/S sides, gross P&L, commissions and fees apart, net to the cent', () => {
    const file = read(fixture());
    expect(file).toMatchObject({ format: 'tradervue', profitColumn: 'gross' });
    expect(file.platform).toBeUndefined();
    expect(file.positions).toEqual<FilePosition[]>([
      {
        position: 'AAPL@2026-03-02 09:42:38',
        symbol: 'AAPL',
        side: 'buy',
        volume: '100',
        volumeUnit: 'units',
        openedAt: { local: '2026-03-02 09:42:38', offsetMinutes: null },
        closedAt: { local: '2026-03-02 09:55:15', offsetMinutes: null },
        openPrice: '241.5',
        closePrice: '242.35',
        commission: '-1',
        swap: '0',
        fee: '-1',
        profit: '85',
        net: '83',
        rows: [2],
      },
      {
        position: 'TSLA@2026-03-02 10:05:00',
        symbol: 'TSLA',
        side: 'sell',
        volume: '50',
        volumeUnit: 'units',
        openedAt: { local: '2026-03-02 10:05:00', offsetMinutes: null },
        closedAt: { local: '2026-03-02 10:31:12', offsetMinutes: null },
        openPrice: '410.2',
        closePrice: '404.9',
        commission: '-2',
        swap: '0',
        fee: '-0.55',
        profit: '265',
        net: '262.45',
        rows: [3],
      },
      {
        position: 'ESH6@2026-03-03 09:30:01',
        symbol: 'ESH6',
        side: 'buy',
        volume: '2',
        volumeUnit: 'contracts',
        openedAt: { local: '2026-03-03 09:30:01', offsetMinutes: null },
        closedAt: { local: '2026-03-03 09:45:00', offsetMinutes: null },
        openPrice: '6010.25',
        closePrice: '6004.5',
        commission: '-5',
        swap: '0',
        fee: '-4',
        profit: '-575',
        net: '-584',
        rows: [4],
      },
    ]);
  });

  it('reads the short export (no net, no costs): gross is net', () => {
    const short = fixture()
      .trim()
      .split('\n')
      .map((l) => l.split(',').slice(0, 13).join(','))
      .join('\n');
    expect(read(short).positions.map((p) => [p.position, p.profit, p.net, p.commission])).toEqual([
      ['AAPL@2026-03-02 09:42:38', '85', '85', '0'],
      ['TSLA@2026-03-02 10:05:00', '265', '265', '0'],
      ['ESH6@2026-03-03 09:30:01', '-575', '-575', '0'],
    ]);
  });

  it('a negative fee is a credit (a rebate), as Tradervue writes it', () => {
    const rebate = read(fixture().replace(',262.45,2.00,0.55,', ',263.55,2.00,-0.55,'));
    expect(rebate.positions[1]).toMatchObject({ commission: '-2', fee: '0.55', profit: '265', net: '263.55' });
  });

  it('two trades opened in the same second get ids of their own', () => {
    const lines = fixture().trim().split('\n');
    const twice = read([...lines, (lines[1] ?? '').replace('2026-03-02 09:55:15', '2026-03-02 09:58:00')].join('\n'));
    expect(twice.positions.map((p) => p.position)).toContain('AAPL@2026-03-02 09:42:38#2');
  });

  it('refuses a row it cannot read, naming the line, the column and the value', () => {
    const time = refusal(() => read(fixture().replace('2026-03-02 10:31:12', '31/02/2026 10:31')));
    expect(time.detail).toEqual({ row: 3, column: 'Close Datetime', value: '31/02/2026 10:31' });
    const side = refusal(() => read(fixture().replace(',S,50,', ',X,50,')));
    expect(side.detail).toEqual({ row: 3, column: 'Side', value: 'X' });
    const volume = refusal(() => read(fixture().replace(',S,50,', ',S,-50,')));
    expect(volume.detail).toEqual({ row: 3, column: 'Volume', value: '-50' });
  });
});
