import { checkFilePositions } from './check-positions.js';
import { mappedReader, type CsvMapping } from './mapped/mapped-reader.js';
import { MAX_TRADE_FILE_BYTES, TradeFileError } from './errors.js';
import { readCsvRows, type CsvRow } from './text/csv-table.js';
import { decodeText } from './text/decode.js';
import { isZip, readXlsxSheets } from './xlsx/read-xlsx.js';
import type { ReadTradeFileOptions, TradeFile, TradeFileFormat, TradeFileReader } from './types.js';

export interface ReadTradeFileRequest extends ReadTradeFileOptions {
  /** Read as this format, skipping detection (the import's `format`). */
  format?: TradeFileFormat;
  /** Read through this column mapping, skipping detection: a CSV no reader knows. */
  mapping?: CsvMapping;
  maxBytes?: number;
}

/**
 * Reads an export file with the first of `readers` whose sniff recognises its content (never its name), or with the
 * reader of `format` when one is forced. A CSV (or TSV) is read as text; an XLSX workbook (a ZIP whose parts are a
 * workbook) as the rows of its sheets, each cell as the CSV of the same table would hold it, and the first sheet a
 * reader recognises is read. A file no reader recognises is refused naming the formats read and, for a table, the
 * header line found, so the caller can offer a column mapping. What it read is checked for impossible rows
 * (checkFilePositions) whichever reader read it.
 */
export function readTradeFile(bytes: Uint8Array, readers: readonly TradeFileReader[], request: ReadTradeFileRequest = {}): TradeFile {
  const maxBytes = request.maxBytes ?? MAX_TRADE_FILE_BYTES;
  if (bytes.length > maxBytes) {
    throw new TradeFileError(
      'too_large',
      `The file is ${bytes.length} bytes; trade files over ${maxBytes} bytes are not read.`,
      {},
      {
        reason: 'too_large',
        params: { max: maxBytes },
      },
    );
  }
  const tables = isZip(bytes) ? readXlsxSheets(bytes).map((s) => s.rows) : [textRows(bytes)];
  const forced =
    request.mapping !== undefined
      ? mappedReader(request.mapping)
      : request.format === undefined
        ? undefined
        : readers.find((r) => r.format === request.format);
  if (forced === undefined && request.format !== undefined) {
    throw new TradeFileError(
      'not_a_trade_file',
      `The format ${request.format} is not read here; formats read: ${formatsOf(readers)}.`,
      {},
      {
        reason: 'format_not_read',
        params: { format: request.format, formats: formatsOf(readers) },
      },
    );
  }
  for (const rows of tables) {
    const reader = forced === undefined ? readers.find((r) => r.sniff(rows)) : forced.sniff(rows) ? forced : undefined;
    if (reader !== undefined) return checkFilePositions(reader.read(rows, request));
  }
  const first = tables.find((rows) => rows.length > 0) ?? [];
  // A forced format reads the first sheet, and its reader says what it misses there.
  if (forced !== undefined) return checkFilePositions(forced.read(first, request));
  const header = headerOf(first);
  throw new TradeFileError(
    'not_a_trade_file',
    `The file is none of the formats read (${formatsOf(readers)}). Its first line is: ${header.join(', ').slice(0, 300)}. ` +
      'Send a column mapping to import another CSV.',
    { header },
    { reason: 'unknown_format', params: { formats: formatsOf(readers) } },
  );
}

/** The first line with a cell filled in: a table's header, as far as a file no reader knows can tell. */
export function headerOf(rows: readonly CsvRow[]): string[] {
  return rows.find((r) => r.cells.some((c) => c !== ''))?.cells ?? [];
}

function textRows(bytes: Uint8Array): CsvRow[] {
  const text = decodeText(bytes);
  if (text.includes('\u0000'))
    throw new TradeFileError('not_a_trade_file', 'This is a binary file, not a CSV export.', {}, { reason: 'binary' });
  return readCsvRows(text);
}

function formatsOf(readers: readonly TradeFileReader[]): string {
  return readers.map((r) => r.format).join(', ');
}
