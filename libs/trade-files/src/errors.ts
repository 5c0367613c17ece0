/** Why a file was refused. Every reader throws these, never returns part of a file. */
export type TradeFileErrorCode = 'not_a_trade_file' | 'unreadable_row' | 'too_large' | 'limit_exceeded' | 'bad_mapping';

export interface TradeFileErrorDetail {
  /** 1-based line in the file. */
  row?: number;
  /** The column's header text as the file wrote it. */
  column?: string;
  value?: string;
  /** For `not_a_trade_file` on a CSV: the header line the reader found, so the caller can suggest a mapping. */
  header?: string[];
}

export class TradeFileError extends Error {
  constructor(
    readonly code: TradeFileErrorCode,
    message: string,
    readonly detail: TradeFileErrorDetail = {},
  ) {
    super(message);
    this.name = 'TradeFileError';
  }
}

/** Bounds a crafted file cannot pass (the same order as MetaTrader statements'). */
export const MAX_TRADE_FILE_BYTES = 16 * 1024 * 1024;
export const MAX_TRADE_FILE_ROWS = 200_000;
export const MAX_TRADE_FILE_COLUMNS = 200;
