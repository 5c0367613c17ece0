import { checkFilePositions } from './check-positions.js';
import { MAX_TRADE_FILE_BYTES, TradeFileError } from './errors.js';
import { readCsvRows } from './text/csv-table.js';
import { decodeText } from './text/decode.js';
import type { ReadTradeFileOptions, TradeFile, TradeFileFormat, TradeFileReader } from './types.js';

export interface ReadTradeFileRequest extends ReadTradeFileOptions {
  /** Read as this format, skipping detection (the import's `format`). */
  format?: TradeFileFormat;
  maxBytes?: number;
}

/**
 * Reads an export file with the first of `readers` whose sniff recognises its content (never its name), or with the
 * reader of `format` when one is forced. A file no reader recognises is refused naming the formats read and, for a
 * CSV, the header line found, so the caller can offer a column mapping. What it read is checked for impossible rows
 * (checkFilePositions) whichever reader read it.
 */
export function readTradeFile(bytes: Uint8Array, readers: readonly TradeFileReader[], request: ReadTradeFileRequest = {}): TradeFile {
  const maxBytes = request.maxBytes ?? MAX_TRADE_FILE_BYTES;
  if (bytes.length > maxBytes) {
    throw new TradeFileError('too_large', `The file is ${bytes.length} bytes; trade files over ${maxBytes} bytes are not read.`);
  }
  const text = decodeText(bytes);
  if (text.includes('\u0000')) throw new TradeFileError('not_a_trade_file', 'This is a binary file, not a CSV export.');
  const rows = readCsvRows(text);
  const forced = request.format === undefined ? undefined : readers.find((r) => r.format === request.format);
  if (request.format !== undefined && forced === undefined) {
    throw new TradeFileError('not_a_trade_file', `The format ${request.format} is not read here; formats read: ${formatsOf(readers)}.`);
  }
  const reader = forced ?? readers.find((r) => r.sniff(rows));
  if (reader === undefined) {
    const header = rows.find((r) => r.cells.some((c) => c !== ''))?.cells ?? [];
    throw new TradeFileError(
      'not_a_trade_file',
      `The file is none of the formats read (${formatsOf(readers)}). Its first line is: ${header.join(', ').slice(0, 300)}. ` +
        'Send a column mapping to import another CSV.',
      { header },
    );
  }
  return checkFilePositions(reader.read(rows, request));
}

function formatsOf(readers: readonly TradeFileReader[]): string {
  return readers.map((r) => r.format).join(', ');
}
