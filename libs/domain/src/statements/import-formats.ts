import {
  ctraderReader,
  decodeText,
  dxtradeReader,
  dxtradeFillsReader,
  matchtraderReader,
  isZip,
  mt5XlsxReader,
  ninjatraderReader,
  readTradeFile,
  topstepxReader,
  tradelockerReader,
  tradervueReader,
  tradezellaReader,
  tradovateFillsReader,
  tradovatePerformanceReader,
  type CsvMapping,
  type TradeFile,
  type TradeFileFormat,
  type TradeFileReader,
} from '@propfolio/trade-files';

/** The trade exports import_statement reads besides MetaTrader's statements, in the order detection tries them. */
export const TRADE_FILE_READERS: readonly TradeFileReader[] = [
  ctraderReader,
  ninjatraderReader,
  tradovatePerformanceReader,
  tradovateFillsReader,
  topstepxReader,
  mt5XlsxReader,
  dxtradeReader,
  dxtradeFillsReader,
  matchtraderReader,
  tradelockerReader,
  tradezellaReader,
  tradervueReader,
];

/** Every format import_statement reads: MetaTrader's two statements, then the other platforms' exports. */
export const IMPORT_FORMATS = ['mt5', 'mt4', ...TRADE_FILE_READERS.map((r) => r.format), 'mapped'] as const;
export type ImportFormat = 'mt5' | 'mt4' | TradeFileFormat;

/** Journals whose exports carry trades made elsewhere: their platform is `other` unless the file names one. */
const JOURNAL_FORMATS: ReadonlySet<ImportFormat> = new Set(['tradezella', 'tradervue']);

/** The platform a format comes from (Tradovate's two exports are one platform, DXtrade's two too; a journal's export, `other`). */
export function platformOfFormat(format: ImportFormat): string {
  if (JOURNAL_FORMATS.has(format)) return 'other';
  if (format === 'mt5-xlsx') return 'mt5';
  if (format === 'mapped') return 'other';
  if (format === 'dxtrade-fills') return 'dxtrade';
  return format.startsWith('tradovate') ? 'tradovate' : format;
}

/** A platform as its maker writes it, for sentences. */
export const PLATFORM_NAMES: Readonly<Record<string, string>> = {
  mt5: 'MetaTrader 5',
  mt4: 'MetaTrader 4',
  ctrader: 'cTrader',
  ninjatrader: 'NinjaTrader',
  tradovate: 'Tradovate',
  topstepx: 'TopstepX',
  dxtrade: 'DXtrade',
  matchtrader: 'Match-Trader',
  tradelocker: 'TradeLocker',
  tradezella: 'TradeZella',
  tradervue: 'Tradervue',
  rithmic: 'Rithmic',
};

/** What the CPU pool is sent to read a trade export: the bytes, and a forced format or a column mapping. */
export interface TradeFileRequest {
  bytes: Uint8Array;
  format?: TradeFileFormat;
  mapping?: CsvMapping;
}

/** Reads a trade export (the CPU pool's job; pure). */
export function readTradeFileBytes(request: TradeFileRequest): TradeFile {
  const { format, mapping } = request;
  return readTradeFile(request.bytes, TRADE_FILE_READERS, {
    ...(format === undefined || format === 'mapped' ? {} : { format }),
    ...(mapping === undefined ? {} : { mapping }),
  });
}

/**
 * Whether the bytes are a MetaTrader statement (HTML) rather than another platform's export (CSV), from the first
 * 4 KB: MT5 writes UTF-16LE, whose ASCII has a zero high byte even when its BOM was stripped; otherwise the text
 * shows HTML tags. A forced format decides by itself.
 */
export function isMetaTraderFile(bytes: Uint8Array, format: ImportFormat | undefined): boolean {
  if (format !== undefined) return format === 'mt5' || format === 'mt4';
  // An XLSX workbook (a ZIP) goes to the trade-file readers, MT5's report saved as XLSX among them.
  if (isZip(bytes)) return false;
  const head = bytes.subarray(0, 4096);
  const bom16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  if (!bom16 && head.includes(0)) return true;
  return /<(!doctype|html|head|body|table|tr)\b/i.test(decodeText(head));
}
