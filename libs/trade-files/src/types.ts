import type { ImportNotice } from './notices.js';
import type { CsvRow } from './text/csv-table.js';

/**
 * What every reader of this library returns: the closed positions of one export file, with exact decimal money and
 * each time as the file wrote it plus the offset the file states (if any). Turning a wall-clock time into an instant
 * needs the file's time zone, which only the caller knows (an option, the account's platform default): the library
 * never guesses it and never reads the machine's zone.
 */

/** The formats this library reads; `format` in an import may force one. */
export type TradeFileFormat =
  | 'ctrader'
  | 'ninjatrader'
  | 'tradovate-performance'
  | 'tradovate-fills'
  | 'topstepx'
  | 'dxtrade'
  | 'dxtrade-fills'
  | 'matchtrader'
  | 'tradelocker'
  | 'tradezella'
  | 'tradervue'
  | 'mt5-xlsx'
  | 'mapped';

/** A time as the file wrote it: wall clock 'YYYY-MM-DD HH:MM:SS', and the UTC offset in minutes when the file says it. */
export interface FileTime {
  local: string;
  /** From the row or the column header (cTrader's `Opening time (UTC+3)`, TopstepX's `-05:00`); null when the file is silent. */
  offsetMinutes: number | null;
}

/** Which money column the file's profit was: before costs (`gross`) or after them (`net`, NinjaTrader's Profit). */
export type ProfitBasis = 'gross' | 'net';

export interface FilePosition {
  /** The file's own id of the position or trade where it has one, else a stable id built from the row's content. */
  position: string;
  /** As the file writes it (`EURUSD`, `MNQH6`, `MNQ MAR26`). */
  symbol: string;
  side: 'buy' | 'sell';
  /** Decimal string: lots for CFDs, contracts for futures (see {@link volumeUnit}). */
  volume: string;
  volumeUnit: 'lots' | 'contracts' | 'units';
  openedAt: FileTime;
  closedAt: FileTime;
  openPrice: string;
  closePrice: string;
  /** Costs as negative decimal strings ("-4.50"), "0" where the file has none. */
  commission: string;
  swap: string;
  fee: string;
  /** Realised profit before commission, swap and fee. */
  profit: string;
  /** profit + commission + swap + fee. */
  net: string;
  /** 1-based line numbers in the file this position came from (several for partial closes and paired fills). */
  rows: number[];
}

export interface TradeFile {
  format: TradeFileFormat;
  /** The account's currency where the file states it. */
  currency: string | null;
  /** What the file's own profit column was; the positions always carry both `profit` (gross) and `net`. */
  profitColumn: ProfitBasis;
  /** In the order the file lists them. */
  positions: FilePosition[];
  /** The account login where the file states it (MT5's report), so an import into another account is refused. */
  login?: string | null;
  /** The header row a column mapping was read by, so the caller can keep the mapping for files with the same header. */
  header?: string[];
  /** The platform the trades were made on where a journal's export names it (`tradovate`); absent otherwise. */
  platform?: string | null;
  /** What the reader could not tell from the file and assumed (DXtrade's date order), for the person to check. */
  notices?: ImportNotice[];
}

/** What a reader is told beyond the bytes. */
export interface ReadTradeFileOptions {
  /** The file writes amounts with a decimal comma (`1.049,40`); readers that can tell from the file ignore it. */
  decimalComma?: boolean;
}

/**
 * One platform's reader: `sniff` says from the parsed rows (never the file's name) whether the file is this
 * platform's export; `read` reads it or throws TradeFileError naming the row, column and value.
 */
export interface TradeFileReader {
  format: TradeFileFormat;
  sniff(rows: readonly CsvRow[]): boolean;
  read(rows: readonly CsvRow[], options: ReadTradeFileOptions): TradeFile;
}
