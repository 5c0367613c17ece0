/*
 * An XLSX workbook as the rows a CSV reader gets: each sheet's rows, each cell as the text a CSV export of the same
 * table would hold. cTrader writes its History export as XLSX too, and MT5 saves its history report as one
 * ("Open XML"); both carry the same headers as their CSV and HTML, so the platform readers read them unchanged.
 *
 * The ZIP is opened with fflate (chosen over read-excel-file, which is asynchronous and brings an XML DOM, and over
 * the npm `xlsx` package, frozen at 0.18.5 with open advisories): only the parts named by the workbook are
 * inflated, each at most its declared size, the sum bounded; the part XML is read by ./sheet-xml.ts.
 */
import Decimal from 'decimal.js';
import { unzipSync, type UnzipFileInfo } from 'fflate';
import { MAX_TRADE_FILE_COLUMNS, MAX_TRADE_FILE_ROWS, TradeFileError } from '../errors.js';
import type { CsvRow } from '../text/csv-table.js';
import { readDateStyles, readRelationships, readSharedStrings, readSheetRows, readWorkbook, type RawCell } from './sheet-xml.js';

/** Sheets read from one workbook (exports have one; a report saved with extra sheets has a few). */
export const MAX_XLSX_SHEETS = 8;
/** Inflated bytes read from one workbook, all parts together: a crafted ZIP cannot make more than this. */
export const MAX_XLSX_INFLATED_BYTES = 96 * 1024 * 1024;
const MAX_SHARED_STRINGS = 2_000_000;

/** A ZIP archive's local file header magic, `PK\x03\x04`: how an XLSX starts. */
export function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

export interface XlsxSheet {
  name: string;
  rows: CsvRow[];
}

const WORKBOOK = 'xl/workbook.xml';

function refused(message: string): TradeFileError {
  return new TradeFileError('not_a_trade_file', message, {}, { reason: 'workbook_damaged' });
}

/**
 * The workbook's sheets (at most MAX_XLSX_SHEETS, in its order) as rows of text cells. A ZIP that is not a workbook,
 * a cut or crafted one, is refused as not a trade file; one past the row, column or size bounds as over the limit.
 */
export function readXlsxSheets(bytes: Uint8Array): XlsxSheet[] {
  const entries = listEntries(bytes);
  const named = new Map([...entries.keys()].map((name) => [name.toLowerCase(), name]));
  const find = (path: string): string | undefined => named.get(path.toLowerCase());
  const workbookPath = find(WORKBOOK);
  if (workbookPath === undefined) throw refused('The file is a ZIP archive but not an Excel workbook (no xl/workbook.xml).');
  const wanted = new Set<string>([workbookPath]);
  for (const p of ['xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', 'xl/styles.xml']) {
    const found = find(p);
    if (found !== undefined) wanted.add(found);
  }
  const parts = inflate(bytes, wanted, entries);
  const text = (path: string): string | null => {
    const name = find(path);
    const data = name === undefined ? undefined : parts.get(name);
    return data === undefined ? null : new TextDecoder('utf-8').decode(data);
  };
  const workbook = readWorkbook(text(WORKBOOK) ?? '');
  const rels = readRelationships(text('xl/_rels/workbook.xml.rels') ?? '', 'xl');
  const sheetPaths = workbook.sheets.slice(0, MAX_XLSX_SHEETS).map((s) => ({ name: s.name, path: find(rels.get(s.rel) ?? '') }));
  if (sheetPaths.length === 0 || sheetPaths.some((s) => s.path === undefined)) {
    throw refused('The Excel workbook names a sheet it does not contain; save it again from the platform.');
  }
  const sheetParts = inflate(bytes, new Set(sheetPaths.map((s) => s.path ?? '')), entries, sumOf(parts));
  const strings = guard(() => readSharedStrings(text('xl/sharedStrings.xml') ?? '', MAX_SHARED_STRINGS));
  const dateStyles = readDateStyles(text('xl/styles.xml') ?? '');
  const cellText = cellReader(strings, dateStyles, workbook.date1904);
  return sheetPaths.map(({ name, path }) => {
    const xml = new TextDecoder('utf-8').decode(sheetParts.get(path ?? ''));
    const raw = guard(() => readSheetRows(xml, { rows: MAX_TRADE_FILE_ROWS, columns: MAX_TRADE_FILE_COLUMNS }));
    const rows: CsvRow[] = [];
    for (const r of raw) {
      const width = r.cells.reduce((w, c) => Math.max(w, c.column + 1), 0);
      const cells = new Array<string>(width).fill('');
      for (const c of r.cells) cells[c.column] = cellText(c, r.row);
      // A blank line of a CSV is dropped; so is a row of empty (formatted) cells.
      if (cells.some((c) => c !== '')) rows.push({ line: r.row, cells });
    }
    return { name, rows };
  });
}

/** Entry name → declared inflated size, from the ZIP's central directory, without inflating anything. */
function listEntries(bytes: Uint8Array): Map<string, number> {
  const entries = new Map<string, number>();
  try {
    unzipSync(bytes, {
      filter: (file: UnzipFileInfo) => {
        entries.set(file.name, file.originalSize);
        return false;
      },
    });
  } catch (e) {
    throw refused(`The file starts as a ZIP archive (an Excel workbook) but cannot be opened: ${(e as Error).message}.`);
  }
  return entries;
}

function sumOf(parts: ReadonlyMap<string, Uint8Array>): number {
  let sum = 0;
  for (const p of parts.values()) sum += p.length;
  return sum;
}

/** Inflates the `wanted` entries, refusing before it starts when their declared sizes pass the bound. */
function inflate(
  bytes: Uint8Array,
  wanted: ReadonlySet<string>,
  entries: ReadonlyMap<string, number>,
  already = 0,
): Map<string, Uint8Array> {
  let declared = already;
  for (const name of wanted) declared += entries.get(name) ?? 0;
  if (declared > MAX_XLSX_INFLATED_BYTES) {
    throw new TradeFileError(
      'limit_exceeded',
      `The workbook's sheets hold ${declared} bytes of XML; at most ${MAX_XLSX_INFLATED_BYTES} are read. Export a shorter period.`,
      {},
      { reason: 'workbook_too_large', params: { max: MAX_XLSX_INFLATED_BYTES } },
    );
  }
  try {
    return new Map(Object.entries(unzipSync(bytes, { filter: (f) => wanted.has(f.name) })));
  } catch (e) {
    throw refused(`The Excel workbook cannot be opened: ${(e as Error).message}. Save it again from the platform.`);
  }
}

/** Runs a part reader, turning its bounds (RangeError) and malformations (Error) into the file's refusal. */
function guard<T>(read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof TradeFileError) throw e;
    if (e instanceof RangeError) {
      throw new TradeFileError(
        'limit_exceeded',
        `The workbook has ${e.message}; export a shorter period.`,
        {},
        { reason: 'workbook_too_large' },
      );
    }
    throw refused(`The Excel workbook is damaged or cut (${(e as Error).message}). Save it again from the platform.`);
  }
}

/** A decimal as Excel writes one that needs no rounding: no exponent, no trailing zero after the point. */
const PLAIN_NUMBER = /^-?(0|[1-9]\d*)(\.\d*[1-9])?$/;

const MS_PER_DAY = 86_400_000;
/** Serial day 0 of the 1900 system is 1899-12-30 (Excel counts a 29 Feb 1900 that never was); of 1904, 1904-01-01. */
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);

/** A serial date as wall clock 'YYYY-MM-DD HH:MM:SS' (the clock the file wrote; no zone), fractions of a second dropped. */
export function serialToWallClock(serial: number, date1904: boolean): string | null {
  if (!Number.isFinite(serial) || serial < 0 || serial > 2_958_465) return null;
  const ms = (date1904 ? EPOCH_1904 : EPOCH_1900) + Math.round(serial * MS_PER_DAY);
  const iso = new Date(ms - (ms % 1000)).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/**
 * How a cell reads as CSV text: strings as written; a number in a date format as its wall clock; another number as
 * its decimal, rounded to the 15 significant digits Excel shows (writers that print doubles with 17 turn 1049.4
 * into 1049.4000000000001); booleans as TRUE/FALSE; an error as written (#N/A). Cut or bad values refuse the file.
 */
function cellReader(strings: readonly string[], dateStyles: readonly boolean[], date1904: boolean): (cell: RawCell, row: number) => string {
  return (cell, row) => {
    const value = cell.value;
    switch (cell.type) {
      case 's': {
        const s = strings[Number(value)];
        if (s === undefined) throw refused(`Row ${row}: a cell names shared string ${value}, which the workbook does not have.`);
        return s.trim();
      }
      case 'inlineStr':
      case 'str':
        return value.trim();
      case 'b':
        return value === '1' ? 'TRUE' : 'FALSE';
      case 'e':
        return value;
      case 'd':
        // An ISO 8601 date cell (strict OOXML): as wall clock.
        return value
          .replace('T', ' ')
          .replace(/(\.\d+)?Z?$/, '')
          .slice(0, 19);
      default: {
        if (value === '') return '';
        // Most cells are plain decimals of at most 15 digits, as written: no need to parse them.
        if (dateStyles[cell.style] !== true && PLAIN_NUMBER.test(value) && value.replace(/[-.]/g, '').replace(/^0+/, '').length <= 15) {
          return value;
        }
        let n: Decimal;
        try {
          n = new Decimal(value);
        } catch {
          throw refused(`Row ${row}: a number cell holds ${JSON.stringify(value.slice(0, 40))}.`);
        }
        if (dateStyles[cell.style] === true) return serialToWallClock(n.toNumber(), date1904) ?? value;
        return n.toSignificantDigits(15).toFixed();
      }
    }
  };
}
