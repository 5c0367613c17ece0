export type { FilePosition, FileTime, ProfitBasis, ReadTradeFileOptions, TradeFile, TradeFileFormat, TradeFileReader } from './types.js';
export { readAmount } from './text/amount.js';
export { CsvTable, readCsvRows, type CsvRow } from './text/csv-table.js';
export { decodeText } from './text/decode.js';
export {
  TradeFileError,
  MAX_TRADE_FILE_BYTES,
  MAX_TRADE_FILE_ROWS,
  MAX_TRADE_FILE_COLUMNS,
  type TradeFileErrorCode,
  type TradeFileErrorDetail,
  type TradeFileReason,
  type TradeFileReasonParams,
  type TradeFileWhy,
  type ExpectedKind,
} from './errors.js';
export { readTradeFile, headerOf, type ReadTradeFileRequest } from './read-trade-file.js';
export { readXlsxSheets, isZip, MAX_XLSX_SHEETS, MAX_XLSX_INFLATED_BYTES, type XlsxSheet } from './xlsx/read-xlsx.js';
export { mt5XlsxReader } from './mt5-xlsx/mt5-xlsx-reader.js';
export { mappedReader, findMappedHeader, MAPPED_COLUMNS, type CsvMapping } from './mapped/mapped-reader.js';
export { ctraderReader } from './ctrader/ctrader-reader.js';
export { ninjatraderReader } from './ninjatrader/ninjatrader-reader.js';
export { tradovatePerformanceReader } from './tradovate/tradovate-performance-reader.js';
export { tradovateFillsReader, createTradovateFillsReader } from './tradovate/tradovate-fills-reader.js';
export { topstepxReader } from './topstepx/topstepx-reader.js';
export { dxtradeReader } from './dxtrade/dxtrade-reader.js';
export { dxtradeFillsReader } from './dxtrade/dxtrade-fills-reader.js';
export { matchtraderReader } from './matchtrader/matchtrader-reader.js';
export { tradelockerReader, createTradelockerReader } from './tradelocker/tradelocker-reader.js';
export { tradezellaReader } from './tradezella/tradezella-reader.js';
export { tradervueReader } from './tradervue/tradervue-reader.js';
export { parseContract, type ContractSymbol, type ParseContractOptions } from './futures/contract-symbol.js';
export {
  CONTRACTS,
  extendContracts,
  parseContractTable,
  installContracts,
  activeContracts,
  contractSpecOf,
  ContractTableError,
  type ContractSpec,
  type ContractTable,
} from './futures/contract-specs.js';
export {
  checkFuturesPnl,
  findFuturesPnlMismatches,
  type FuturesPnlCheck,
  type FuturesPnlMismatch,
  type FuturesPnlReport,
} from './futures/futures-pnl.js';
export { futuresNotices, noticeText, type ImportNotice, type ImportNoticeCode } from './notices.js';
