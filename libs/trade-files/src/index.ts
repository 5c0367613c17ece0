export type { FilePosition, FileTime, ProfitBasis, TradeFile, TradeFileFormat } from './types.js';
export { TradeFileError, MAX_TRADE_FILE_BYTES, MAX_TRADE_FILE_ROWS, MAX_TRADE_FILE_COLUMNS, type TradeFileErrorCode } from './errors.js';
