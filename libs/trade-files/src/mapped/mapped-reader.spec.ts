import { bytes, refusal } from '../../test/spec-helpers.js';
import { readTradeFile } from '../read-trade-file.js';
import { writeXlsx } from '../xlsx/write-xlsx.js';
import type { CsvMapping } from './mapped-reader.js';
import { readMappedTime } from './mapped-time.js';

// A broker's own trade log that no reader knows: its header, its number and date forms, chosen by the trader.
const LOG =
  'Trade log for account 7001\n' +
  'Ticket,Instrument,Direction,Qty,Entry Time,Exit Time,Entry,Exit,Fees,Rollover,P/L\n' +
  '91,EURUSD,Long,0.50,3/2/2026 9:05:00 AM,3/2/2026 1:15:30 PM,1.08500,1.08720,3.50,0.00,110.00\n' +
  '92,XAUUSD,Short,"1,000",3/3/2026 11:59:59 PM,3/4/2026 12:00:01 AM,2168.40,2189.40,-7.00,-6.25,"-1,050.00"\n' +
  ',,,,,,,,10.50,-6.25,-940.00\n';

const MAPPING: CsvMapping = {
  id: 'Ticket',
  symbol: 'instrument',
  side: 'Direction',
  volume: 'Qty',
  openTime: 'Entry Time',
  closeTime: 'Exit Time',
  openPrice: 'Entry',
  closePrice: 'Exit',
  commission: 'Fees',
  swap: 'Rollover',
  profit: 'P/L',
};

describe('a CSV read through a column mapping', () => {
  it('reads each trade by the headers the trader named, money to the cent, costs kept apart', () => {
    const file = readTradeFile(bytes(LOG), [], { mapping: MAPPING });
    expect(file).toMatchObject({ format: 'mapped', profitColumn: 'gross', header: LOG.split('\n')[1]?.split(',') });
    expect(file.positions).toEqual([
      {
        position: '91',
        symbol: 'EURUSD',
        side: 'buy',
        volume: '0.5',
        volumeUnit: 'lots',
        openedAt: { local: '2026-03-02 09:05:00', offsetMinutes: null },
        closedAt: { local: '2026-03-02 13:15:30', offsetMinutes: null },
        openPrice: '1.085',
        closePrice: '1.0872',
        // Written positive or negative, a fee is a cost.
        commission: '-3.5',
        swap: '0',
        fee: '0',
        profit: '110',
        net: '106.5',
        rows: [3],
      },
      expect.objectContaining({
        position: '92',
        side: 'sell',
        volume: '1000',
        openedAt: { local: '2026-03-03 23:59:59', offsetMinutes: null },
        closedAt: { local: '2026-03-04 00:00:01', offsetMinutes: null },
        commission: '-7',
        swap: '-6.25',
        profit: '-1050',
        net: '-1063.25',
      }),
    ]);
  });

  it('reads a net profit column back to gross, and builds ids from the row when the file has none', () => {
    const { id: _id, ...noId } = MAPPING;
    const twice = LOG.replace(/^92,.*$/m, (row) => `${row}\n${row}`);
    const file = readTradeFile(bytes(twice), [], { mapping: { ...noId, profitIs: 'net' } });
    expect(file.profitColumn).toBe('net');
    expect(file.positions.map((p) => [p.position, p.profit, p.net])).toEqual([
      ['EURUSD buy 0.5 2026-03-02 09:05:00 2026-03-02 13:15:30', '113.5', '110'],
      ['XAUUSD sell 1000 2026-03-03 23:59:59 2026-03-04 00:00:01', '-1036.75', '-1050'],
      // The same trade twice in one file stays two trades, and the same two in the next file.
      ['XAUUSD sell 1000 2026-03-03 23:59:59 2026-03-04 00:00:01 #2', '-1036.75', '-1050'],
    ]);
  });

  it('refuses a mapping that names a header the file lacks (bad_mapping, naming it) before any row', () => {
    const e = refusal(() => readTradeFile(bytes(LOG), [], { mapping: { ...MAPPING, swap: 'Swap', volume: 'Lots' } }));
    expect(e.code).toBe('bad_mapping');
    expect(e.message).toContain('"Lots", "Swap"');
    expect(e.detail.column).toBe('Lots');
    expect(e.detail.header).toEqual(LOG.split('\n')[1]?.split(','));
  });

  it('refuses a cell it cannot read naming the line, the column as the file heads it, and the value', () => {
    const e = refusal(() => readTradeFile(bytes(LOG.replace('Short', 'Flat')), [], { mapping: MAPPING }));
    expect(e.detail).toEqual({ row: 4, column: 'Direction', value: 'Flat' });
    const date = refusal(() => readTradeFile(bytes(LOG.replace('3/2/2026 1:15:30 PM', '13:15 2/3')), [], { mapping: MAPPING }));
    expect(date.detail).toEqual({ row: 3, column: 'Exit Time', value: '13:15 2/3' });
  });

  it('reads an XLSX of the same table alike', () => {
    const rows = LOG.trim()
      .split('\n')
      .map((line) => line.match(/("[^"]*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, '').replace(/"/g, '')))
      .map((cells) => cells.slice(0, 11).map((c) => (c === '' ? null : c)));
    const fromXlsx = readTradeFile(writeXlsx([{ rows }]), [], { mapping: MAPPING });
    expect(fromXlsx.positions).toEqual(readTradeFile(bytes(LOG), [], { mapping: MAPPING }).positions);
  });
});

describe('readMappedTime', () => {
  it.each([
    ['2026-03-02 15:52:10', false, { local: '2026-03-02 15:52:10', offsetMinutes: null }],
    ['2026-03-02T15:52:10.123+09:00', false, { local: '2026-03-02 15:52:10', offsetMinutes: 540 }],
    ['2026-03-02T06:52:10Z', false, { local: '2026-03-02 06:52:10', offsetMinutes: 0 }],
    ['2026.03.02 15:52', false, { local: '2026-03-02 15:52:00', offsetMinutes: null }],
    ['3/2/2026 12:05:00 AM', false, { local: '2026-03-02 00:05:00', offsetMinutes: null }],
    ['02/03/2026 15:52:10', true, { local: '2026-03-02 15:52:10', offsetMinutes: null }],
    ['2 Mar 2026 15:52:10', false, { local: '2026-03-02 15:52:10', offsetMinutes: null }],
    ['2026-03-02', false, { local: '2026-03-02 00:00:00', offsetMinutes: null }],
  ])('%s (day first: %s)', (raw, dayFirst, expected) => {
    expect(readMappedTime(raw, dayFirst)).toEqual(expected);
  });

  it.each(['2026-02-30 10:00', '13/2/2026 10:00', '3/2/2026 13:00 PM', 'yesterday'])('%s is not a time', (raw) => {
    expect(readMappedTime(raw, false)).toBeNull();
  });
});

describe('a mapped CSV that gives balances', () => {
  // Newest first, as many platforms list them: the balance runs in the order the trades closed.
  const withBalance =
    'Ticket,Instrument,Direction,Qty,Entry Time,Exit Time,Entry,Exit,Fees,P/L,Balance\n' +
    '92,XAUUSD,Short,1,2026-03-03 10:00,2026-03-04 09:00,2168.4,2189.4,7.00,-1050.00,"9,049.50"\n' +
    '91,EURUSD,Long,0.5,2026-03-02 09:05,2026-03-02 13:15,1.085,1.0872,3.50,110.00,"10,106.50"\n';
  const mapping: CsvMapping = { ...MAPPING, swap: undefined, balance: 'Balance' };

  it('reads when each balance is the one before plus the trade’s net', () => {
    expect(readTradeFile(bytes(withBalance), [], { mapping }).positions).toHaveLength(2);
  });

  it('refuses the file at the trade whose balance does not add up, naming the row and the column', () => {
    const e = refusal(() => readTradeFile(bytes(withBalance.replace('"9,049.50"', '"9,094.50"')), [], { mapping }));
    expect(e.detail).toEqual({ row: 2, column: 'Balance', value: '9,094.50' });
  });
});
