import { strToU8, zipSync } from 'fflate';
import { refusal } from '../../test/spec-helpers.js';
import { readTradeFile } from '../read-trade-file.js';
import type { TradeFileReader } from '../types.js';
import { MAX_XLSX_INFLATED_BYTES, readXlsxSheets, serialToWallClock } from './read-xlsx.js';
import { isDateFormat, readSharedStrings, readSheetRows } from './sheet-xml.js';
import { writeXlsx } from './write-xlsx.js';

describe('readXlsxSheets', () => {
  it('gives each sheet’s rows as the text a CSV of the same table holds, numbered as the sheet numbers them', () => {
    const book = writeXlsx([
      {
        name: 'History',
        rows: [
          ['History'],
          [],
          ['ID', 'Opened', 'Booked', 'Net', 'Lots', 'Flag'],
          ['1001', { date: '2026-03-14 09:15:02' }, { date: '2026-03-14 11:20:10', format: 'custom' }, 1049.4000000000001, 0.1, true],
          [' 1002 ', { date: '2026-03-15 23:59:59' }, null, -0.3, 1e-9, false],
        ],
      },
      { name: 'Summary', rows: [['Deposit'], [10000]] },
    ]);
    const [history, summary] = readXlsxSheets(book);
    expect(history?.name).toBe('History');
    expect(history?.rows).toEqual([
      { line: 1, cells: ['History'] },
      { line: 3, cells: ['ID', 'Opened', 'Booked', 'Net', 'Lots', 'Flag'] },
      { line: 4, cells: ['1001', '2026-03-14 09:15:02', '2026-03-14 11:20:10', '1049.4', '0.1', 'TRUE'] },
      { line: 5, cells: ['1002', '2026-03-15 23:59:59', '', '-0.3', '0.000000001', 'FALSE'] },
    ]);
    expect(summary?.rows).toEqual([
      { line: 1, cells: ['Deposit'] },
      { line: 2, cells: ['10000'] },
    ]);
  });

  it('reads inline strings and the 1904 date system alike', () => {
    const rows = [
      ['Symbol', 'Time'],
      ['EURUSD', { date: '2026-03-02 15:52:10' }],
    ];
    const book = writeXlsx([{ rows }], { inlineStrings: true, date1904: true });
    expect(readXlsxSheets(book)[0]?.rows[1]?.cells).toEqual(['EURUSD', '2026-03-02 15:52:10']);
  });

  it('feeds readTradeFile: the first sheet a reader recognises is read, detected by content', () => {
    const second: TradeFileReader = {
      format: 'ctrader',
      sniff: (rows) => rows[0]?.cells[0] === 'Marker',
      read: (rows) => ({ format: 'ctrader', currency: rows[1]?.cells[0] ?? null, profitColumn: 'gross', positions: [] }),
    };
    const book = writeXlsx([{ rows: [['Cover page']] }, { rows: [['Marker'], ['JPY']] }]);
    expect(readTradeFile(book, [second]).currency).toBe('JPY');
    const unknown = refusal(() => readTradeFile(writeXlsx([{ rows: [['Ticker', 'Qty']] }]), [second]));
    expect(unknown.code).toBe('not_a_trade_file');
    expect(unknown.detail.header).toEqual(['Ticker', 'Qty']);
  });

  it('refuses a ZIP that is no workbook, a workbook whose sheet is cut, and one naming a sheet it lacks', () => {
    const noWorkbook = zipSync({ 'word/document.xml': strToU8('<w:document/>') });
    expect(refusal(() => readXlsxSheets(noWorkbook)).message).toContain('not an Excel workbook');

    const cut = zipSync({
      'xl/workbook.xml': strToU8('<workbook><sheets><sheet name="A" sheetId="1" r:id="rId1"/></sheets></workbook>'),
      'xl/_rels/workbook.xml.rels': strToU8('<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>'),
      'xl/worksheets/sheet1.xml': strToU8('<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Sym'),
    });
    const e = refusal(() => readXlsxSheets(cut));
    expect(e.code).toBe('not_a_trade_file');
    expect(e.message).toContain('cut');

    const missing = zipSync({
      'xl/workbook.xml': strToU8('<workbook><sheets><sheet name="A" sheetId="1" r:id="rId9"/></sheets></workbook>'),
    });
    expect(refusal(() => readXlsxSheets(missing)).message).toContain('does not contain');
    expect(refusal(() => readXlsxSheets(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).code).toBe('not_a_trade_file');
  });

  it('refuses a crafted ZIP whose sheet would inflate past the bound, from its declared size, before inflating it', () => {
    const book = writeXlsx([{ rows: [['Symbol']] }]);
    // The central directory's record of the sheet: its uncompressed size (offset 24) set past the bound, as a
    // deflate bomb declares it (fflate inflates into a buffer of the declared size, never more).
    const view = new DataView(book.buffer, book.byteOffset, book.byteLength);
    const name = 'xl/worksheets/sheet1.xml';
    for (let at = 0; at < book.length - 46; at++) {
      if (view.getUint32(at, true) !== 0x02014b50) continue;
      const length = view.getUint16(at + 28, true);
      if (new TextDecoder().decode(book.subarray(at + 46, at + 46 + length)) === name)
        view.setUint32(at + 24, MAX_XLSX_INFLATED_BYTES + 1, true);
    }
    expect(refusal(() => readXlsxSheets(book)).code).toBe('limit_exceeded');
  });
});

describe('the sheet XML', () => {
  it('decodes entities, Excel’s _xHHHH_ escapes, rich text runs, and leaves out phonetic guides over Japanese', () => {
    const sst =
      '<sst><si><t>P&amp;L &lt;net&gt; &#x20AC;&#8364;</t></si><si><r><t>損益</t></r><r><t xml:space="preserve"> (円)</t></r>' +
      '<rPh sb="0" eb="2"><t>ソンエキ</t></rPh></si><si/><si><t>a_x000D_b</t></si></sst>';
    expect(readSharedStrings(sst, 10)).toEqual(['P&L <net> €€', '損益 (円)', '', 'a\rb']);
    expect(() => readSharedStrings(sst, 2)).toThrow(RangeError);
  });

  it('bounds rows and columns, counting only cells that hold a value', () => {
    const sheet = (cells: string) => `<worksheet><sheetData><row r="1">${cells}</row><row r="2"/></sheetData></worksheet>`;
    expect(() => readSheetRows(sheet('<c r="A1"><v>1</v></c>'), { rows: 1, columns: 5 })).toThrow(RangeError);
    expect(() => readSheetRows(sheet('<c r="F1"><v>1</v></c>'), { rows: 5, columns: 5 })).toThrow(RangeError);
    expect(readSheetRows(sheet('<c r="XFD1" s="1"/>'), { rows: 5, columns: 5 })).toHaveLength(2);
  });

  it('tells date formats from number formats', () => {
    expect(['yyyy.mm.dd hh:mm:ss', 'd-mmm-yy', '[$-409]h:mm AM/PM', 'mm:ss.0'].map(isDateFormat)).toEqual([true, true, true, true]);
    expect(['#,##0.00', '0.00" days"', '[Red]-#,##0.00', 'General', '\\d0'].map(isDateFormat)).toEqual([false, false, false, false, false]);
  });

  it('turns serial dates into the wall clock the file wrote, whatever zone the machine runs in', () => {
    expect(serialToWallClock(46083.66122685185, false)).toBe('2026-03-02 15:52:10');
    expect(serialToWallClock(61, false)).toBe('1900-03-01 00:00:00');
    expect(serialToWallClock(0.5, false)).toBe('1899-12-30 12:00:00');
    expect(serialToWallClock(-1, false)).toBeNull();
  });
});
