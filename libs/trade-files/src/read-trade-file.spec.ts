import { readTradeFile } from './read-trade-file.js';
import type { FilePosition, TradeFileReader } from './types.js';
import { bytes, refusal } from '../test/spec-helpers.js';

/** A reader that recognises files whose first cell is `Marker` and answers with no positions. */
const marker: TradeFileReader = {
  format: 'ctrader',
  sniff: (rows) => rows[0]?.cells[0] === 'Marker',
  read: () => ({ format: 'ctrader', currency: null, profitColumn: 'gross', positions: [] }),
};

describe('readTradeFile', () => {
  it('picks the reader from the content, with or without a BOM and in UTF-16', () => {
    expect(readTradeFile(bytes('Marker,b\r\n1,2\r\n'), [marker]).format).toBe('ctrader');
    expect(readTradeFile(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('Marker,b\n')]), [marker]).format).toBe('ctrader');
    const le = new Uint8Array(Uint16Array.from('Marker;b\n', (c) => c.charCodeAt(0)).buffer);
    const utf16 = new Uint8Array([0xff, 0xfe, ...le]);
    expect(readTradeFile(utf16, [marker]).format).toBe('ctrader');
  });

  it('refuses a file no reader knows, naming the formats and the header it found', () => {
    const e = refusal(() => readTradeFile(bytes('Symbol,Qty,Price\nES,1,5000\n'), [marker]));
    expect(e.code).toBe('not_a_trade_file');
    expect(e.message).toContain('ctrader');
    expect(e.detail.header).toEqual(['Symbol', 'Qty', 'Price']);
  });

  it('refuses a forced format it does not read, and binary content', () => {
    expect(refusal(() => readTradeFile(bytes('Marker\n'), [marker], { format: 'topstepx' })).message).toContain('topstepx');
    expect(refusal(() => readTradeFile(new Uint8Array([0x50, 0x4b, 0x03, 0x00, 0x00]), [marker])).code).toBe('not_a_trade_file');
  });

  it('refuses a file over the byte bound before reading it', () => {
    expect(refusal(() => readTradeFile(bytes('Marker,b\n'.repeat(10)), [marker], { maxBytes: 20 })).code).toBe('too_large');
  });
});

describe('the delimiter', () => {
  it('comes from the first lines that have one, not from a title line above the table', () => {
    const file = readTradeFile(bytes('"History"\r\nMarker;b;c\r\n1;2;3\r\n'), [
      { ...marker, sniff: (rows) => rows[1]?.cells.join('|') === 'Marker|b|c' },
    ]);
    expect(file.format).toBe('ctrader');
  });
});

describe('impossible rows, whichever reader read them', () => {
  const position = (over: Partial<FilePosition>): FilePosition => ({
    position: '1',
    symbol: 'ES',
    side: 'buy',
    volume: '1',
    volumeUnit: 'contracts',
    openedAt: { local: '2026-03-02 10:00:00', offsetMinutes: null },
    closedAt: { local: '2026-03-02 11:00:00', offsetMinutes: null },
    openPrice: '5000',
    closePrice: '5001',
    commission: '0',
    swap: '0',
    fee: '0',
    profit: '50',
    net: '50',
    rows: [2],
    ...over,
  });
  const readerOf = (positions: FilePosition[]): TradeFileReader => ({
    ...marker,
    read: () => ({ format: 'ctrader', currency: null, profitColumn: 'gross', positions }),
  });
  const refusedRow = (positions: FilePosition[]) => refusal(() => readTradeFile(bytes('Marker\n'), [readerOf(positions)])).detail;

  it('refuses a close before its open (an offset compared as written), a volume that is not positive and an id twice', () => {
    expect(refusedRow([position({ closedAt: { local: '2026-03-02 09:59:59', offsetMinutes: null } })])).toMatchObject({
      row: 2,
      column: 'close time',
    });
    // 11:00 at UTC+3 is 08:00 UTC, before 10:00 UTC.
    expect(
      refusedRow([
        position({
          openedAt: { local: '2026-03-02 10:00:00', offsetMinutes: 0 },
          closedAt: { local: '2026-03-02 11:00:00', offsetMinutes: 180 },
        }),
      ]),
    ).toMatchObject({ column: 'close time' });
    expect(refusedRow([position({ volume: '0', rows: [7] })])).toMatchObject({ row: 7, column: 'volume', value: '0' });
    expect(refusedRow([position({}), position({ rows: [3] })])).toMatchObject({ row: 3, column: 'id', value: '1' });
  });

  it('passes a file of possible rows unchanged', () => {
    expect(readTradeFile(bytes('Marker\n'), [readerOf([position({})])]).positions).toHaveLength(1);
  });
});
