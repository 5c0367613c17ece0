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

/**
 * Why, as a code a client renders in the person's language with {@link TradeFileReasonParams} (the English message
 * stays for API callers and logs). Params by reason:
 * - `cell` { expected: a {@link ExpectedKind} }: a cell is not what its column holds (row, column, value in detail);
 * - `missing_columns` { columns }: the export lacks columns its reader needs (`mapping_columns`: the mapping's);
 * - `no_profit_column` { columns }; `no_header` { export }: the export's header row was not found;
 * - `unknown_format` { formats }; `format_not_read` { format, formats }; `not_csv`; `binary`; `workbook_damaged`;
 * - `too_large` { max } (bytes); `too_many_rows` { max }; `too_many_columns` { columns, max }; `workbook_too_large` { max };
 * - `closed_before_open` { open, close }; `volume_not_positive`; `duplicate_position` { position, line };
 *   `position_conflict` { position, line }: one id, two different positions;
 * - `balance_mismatch` { expected }; `total_mismatch` { total, sum }: the file does not add up (cut or edited).
 */
export type TradeFileReason =
  | 'cell'
  | 'missing_columns'
  | 'mapping_columns'
  | 'no_profit_column'
  | 'no_header'
  | 'unknown_format'
  | 'format_not_read'
  | 'not_csv'
  | 'binary'
  | 'workbook_damaged'
  | 'too_large'
  | 'too_many_rows'
  | 'too_many_columns'
  | 'workbook_too_large'
  | 'closed_before_open'
  | 'volume_not_positive'
  | 'duplicate_position'
  | 'position_conflict'
  | 'balance_mismatch'
  | 'total_mismatch';

export type TradeFileReasonParams = Readonly<Record<string, string | number>>;

/** What a cell should have held, for a `cell` refusal: a code per kind, so a client can say it in its language. */
export type ExpectedKind =
  'datetime' | 'time' | 'side' | 'amount' | 'price' | 'volume' | 'contracts' | 'filled' | 'contract' | 'net' | 'order' | 'other';

/** The reason with its params, as a refusal carries it. */
export interface TradeFileWhy {
  reason: TradeFileReason;
  params?: TradeFileReasonParams;
}

export class TradeFileError extends Error {
  readonly reason: TradeFileReason | null;
  readonly params: TradeFileReasonParams;

  constructor(
    readonly code: TradeFileErrorCode,
    message: string,
    readonly detail: TradeFileErrorDetail = {},
    why?: TradeFileWhy,
  ) {
    super(message);
    this.name = 'TradeFileError';
    this.reason = why?.reason ?? null;
    this.params = why?.params ?? {};
  }
}

/** Bounds a crafted file cannot pass (the same order as MetaTrader statements'). */
export const MAX_TRADE_FILE_BYTES = 16 * 1024 * 1024;
export const MAX_TRADE_FILE_ROWS = 200_000;
export const MAX_TRADE_FILE_COLUMNS = 200;
