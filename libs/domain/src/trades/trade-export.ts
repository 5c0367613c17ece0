import type { Decimal } from '../shared/money.js';

/** The account facts a CSV row carries next to its trade (the list's trade names only its account id). */
export interface ExportAccount {
  label: string;
  platform: string | null;
  currency: string;
}

/** The fields of a stored trade the export writes, with its account's facts. */
export interface ExportRow {
  position: string;
  symbol: string;
  side: string;
  volume: Decimal;
  openedAt: Date;
  closedAt: Date;
  openPrice: Decimal;
  closePrice: Decimal;
  stopLoss: Decimal | null;
  takeProfit: Decimal | null;
  commission: Decimal;
  swap: Decimal;
  fee: Decimal;
  profit: Decimal;
  net: Decimal;
  setup: string | null;
  tags: string[];
  note: string | null;
  plannedRisk: Decimal | null;
  account: ExportAccount;
}

/**
 * Excel opens a UTF-8 file without a byte order mark in the system's code page (Shift_JIS on a Japanese Windows),
 * which garbles every Japanese note and setup: the mark makes it read UTF-8.
 */
export const UTF8_BOM = '\uFEFF';

const HEADER = [
  'account',
  'platform',
  'position',
  'symbol',
  'side',
  'volume',
  'opened_at',
  'closed_at',
  'open_price',
  'close_price',
  'stop_loss',
  'take_profit',
  'commission',
  'swap',
  'fee',
  'profit',
  'net',
  'currency',
  'setup',
  'tags',
  'note',
  'r',
] as const;

const NUMBER = /^[+-]?\d+(\.\d+)?$/;
/** What a spreadsheet reads as the start of a formula (or, for TAB and CR, what hides one behind a blank). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell made safe and quoted: text a spreadsheet would run as a formula (a note "=HYPERLINK(…)", "@SUM(…)",
 * "-1R +cmd") gets a leading apostrophe, which shows the text as typed; a number ("-40") stays a number. Then
 * RFC 4180: a cell with a comma, a quote, a line break or a leading apostrophe is quoted, its quotes doubled.
 */
export function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = FORMULA_START.test(value) && !NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n']/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Exact decimal text of a stored amount, never through a float (toFixed: no exponent, as stored). */
const exact = (value: { toFixed(): string } | null): string | null => (value === null ? null : value.toFixed());

/** R as the list answers it: net ÷ plannedRisk to 2 decimals, when a planned risk > 0 was given. */
function rOf(trade: ExportRow): string | null {
  const risk = trade.plannedRisk;
  return risk === null || !risk.greaterThan(0) ? null : trade.net.dividedBy(risk).toDecimalPlaces(2).toFixed();
}

function csvLine(row: ExportRow): string {
  const cells = [
    row.account.label,
    row.account.platform,
    row.position,
    row.symbol,
    row.side,
    exact(row.volume),
    row.openedAt.toISOString(),
    row.closedAt.toISOString(),
    exact(row.openPrice),
    exact(row.closePrice),
    exact(row.stopLoss),
    exact(row.takeProfit),
    exact(row.commission),
    exact(row.swap),
    exact(row.fee),
    exact(row.profit),
    exact(row.net),
    row.account.currency,
    row.setup,
    row.tags.join(';'),
    row.note,
    rOf(row),
  ];
  return cells.map(csvCell).join(',');
}

/** The CSV file of some trades: the byte order mark, the header, one line per trade, CRLF line ends (RFC 4180). */
export function tradesCsv(rows: readonly ExportRow[]): string {
  return `${UTF8_BOM}${[HEADER.join(','), ...rows.map(csvLine)].join('\r\n')}\r\n`;
}
