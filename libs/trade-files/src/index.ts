export type { FilePosition, FileTime, ProfitBasis, ReadTradeFileOptions, TradeFile, TradeFileFormat, TradeFileReader } from './types.js';
export { readAmount } from './text/amount.js';
export { CsvTable, readCsvRows, type CsvRow } from './text/csv-table.js';
export { decodeText } from './text/decode.js';
export { TradeFileError, MAX_TRADE_FILE_BYTES, MAX_TRADE_FILE_ROWS, MAX_TRADE_FILE_COLUMNS, type TradeFileErrorCode } from './errors.js';
export { readTradeFile, type ReadTradeFileRequest } from './read-trade-file.js';
export { ctraderReader } from './ctrader/ctrader-reader.js';
export { ninjatraderReader } from './ninjatrader/ninjatrader-reader.js';
