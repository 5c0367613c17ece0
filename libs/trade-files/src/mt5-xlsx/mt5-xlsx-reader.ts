/*
 * MT5's history report saved as XLSX (Toolbox → History → Report → Open XML). Layout facts, from public sources (read
 * for facts, no code taken):
 * - /work/shared/reference/mt-formats.md §7 and platforms-planfit-anchors.md: the same report as the HTML one —
 *   a title, `Name:`/`Account:`/`Company:`/`Date:` lines (`51234567 (USD, Broker-Server, real, Hedge)`), then the
 *   sections Positions, Orders, Deals and Results, each a title alone in the first column above its header row;
 *   `Time` and `Price` headers repeat (open, then close); times are the server's wall clock `YYYY.MM.DD HH:MM:SS`;
 * - open-source journals that import it (TradeNote's MetaTrader 5 reader, pandas scripts found by code search):
 *   `Trade History Report` in A1, the `Account:` label with the login after it, times as text, money as numbers;
 * - libs/mt-statements (our HTML reader): the Positions header `Time, Position, Symbol, Type, Volume, Price, S / L,
 *   T / P, Time, Price, Commission, Swap, Profit`, a totals row of sums under it; Profit is before costs, Commission
 *   the entry's and exit's together; the Position id is the ticket of the order that opened it (the id the HTML
 *   import gives the same trade, so the two files of one account are one history).
 * The report has no offset: its times are the broker server's clock (the import's serverTimeZone).
 * Fees: the Positions table has Commission and Swap but no Fee; the Deals table has a Fee per deal (§7). A position's
 * fee is read as the HTML import reads it, from its deals: the `in` deal whose Order is the position id, and the
 * `out` / `out by` / `inout` deal of its symbol, on the other side, at the close time the Positions table gives (two
 * positions closed at one time take those deals in table order). A Positions table that does carry a Fee column is
 * read as it is.
 */
import Decimal from 'decimal.js';
import { TradeFileError } from '../errors.js';
import { wallClock } from '../ctrader/ctrader-values.js';
import { CsvTable, headerKey, type CsvRow } from '../text/csv-table.js';
import { RowCells } from '../text/row-cells.js';
import { checkRunningBalance, type BalanceStep } from '../text/running-balance.js';
import type { FilePosition, ReadTradeFileOptions, TradeFile, TradeFileReader } from '../types.js';

const HEADER = ['Time', 'Position', 'Symbol', 'Type', 'Volume', 'Price', 'S / L', 'T / P', 'Commission', 'Swap', 'Profit'];
const SCAN = 60;

/** The title row of a section: its name alone in the first cell. */
function sectionAt(rows: readonly CsvRow[], name: string, from = 0, to = rows.length): number {
  for (let i = from; i < Math.min(to, rows.length); i++) {
    const cells = rows[i]?.cells ?? [];
    if (headerKey(cells[0] ?? '') === headerKey(name) && cells.slice(1).every((c) => c === '')) return i;
  }
  return -1;
}

/** The Positions header row under its title, within the first rows. */
function positionsTable(rows: readonly CsvRow[]): CsvTable | null {
  const title = sectionAt(rows, 'Positions', 0, SCAN);
  if (title < 0) return null;
  return CsvTable.find(rows.slice(title + 1), HEADER, 2);
}

/** The login on the `Account:` line (`51234567 (USD, Broker-Server, real, Hedge)`), or null. */
function loginOf(rows: readonly CsvRow[], before: number): string | null {
  for (const row of rows.slice(0, before)) {
    const at = row.cells.findIndex((c) => headerKey(c) === 'account');
    if (at < 0) continue;
    const value = row.cells.slice(at + 1).find((c) => c !== '') ?? '';
    return /^(\d+)/.exec(value)?.[1] ?? null;
  }
  return null;
}

/** The currency on the `Account:` line, where it is stated. */
function currencyOf(rows: readonly CsvRow[], before: number): string | null {
  for (const row of rows.slice(0, before)) {
    const value = row.cells.find((c) => /^\d+\s*\(/.test(c));
    const code = value === undefined ? undefined : /\(\s*([A-Z]{3,5})\s*,/.exec(value)?.[1];
    if (code !== undefined) return code;
  }
  return null;
}

/** An MT5 time, `2024.03.04 09:15:03` (or a date cell Excel formatted, already `2024-03-04 09:15:03`). */
function readMtTime(raw: string): string | null {
  const m = /^(\d{4})[.-](\d{2})[.-](\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(raw.trim());
  if (m === null) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  return wallClock(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s));
}

export const mt5XlsxReader: TradeFileReader = {
  format: 'mt5-xlsx',
  sniff: (rows) => positionsTable(rows) !== null,
  read: (rows, options) => readReport(rows, options),
};

function readReport(rows: readonly CsvRow[], options: ReadTradeFileOptions): TradeFile {
  const table = positionsTable(rows);
  if (table === null) {
    throw new TradeFileError(
      'not_a_trade_file',
      'No Positions table was found: save the MT5 history report again (Report → Open XML).',
      {},
      { reason: 'no_header', params: { export: 'MT5 history report (Positions)' } },
    );
  }
  const read = new RowCells(table, options);
  const col = (name: string): number => table.column(name) ?? -1;
  const takeProfit = col('T / P');
  // The second Time and Price, after T / P, are the close's.
  const after = (name: string): number => table.header.cells.findIndex((c, i) => i > takeProfit && headerKey(c) === headerKey(name));
  const c = {
    openedAt: col('Time'),
    position: col('Position'),
    symbol: col('Symbol'),
    type: col('Type'),
    volume: col('Volume'),
    openPrice: col('Price'),
    closedAt: after('Time'),
    closePrice: after('Price'),
    commission: col('Commission'),
    swap: col('Swap'),
    fee: col('Fee'),
    profit: col('Profit'),
  };
  if (c.closedAt < 0 || c.closePrice < 0) {
    throw new TradeFileError(
      'not_a_trade_file',
      'The Positions table has no close Time and Price after T / P.',
      { header: table.header.cells },
      { reason: 'missing_columns', params: { columns: 'Time, Price' } },
    );
  }
  const start = rows.indexOf(table.header);
  const deals = dealsOf(rows, start, options);
  const fees = c.fee >= 0 ? null : new DealFees(deals);
  const positions: FilePosition[] = [];
  for (const row of table.rows) {
    // The totals row (sums only) or the next section (Orders) ends the table.
    if (read.cell(row, c.openedAt) === '' || sectionAt([row], 'Orders') === 0) break;
    positions.push(readPosition(row, c, read, fees));
  }
  checkRunningBalance(deals.map((d) => d.step));
  return {
    format: 'mt5-xlsx',
    currency: currencyOf(rows, start),
    profitColumn: 'gross',
    login: loginOf(rows, start),
    positions,
  };
}

/** A trade or balance deal of the Deals table, with its balance step and what ties it to a position. */
interface Deal {
  step: BalanceStep;
  time: string;
  symbol: string;
  type: string;
  direction: string;
  order: string;
  fee: Decimal;
}

/**
 * The Deals table's rows, where the report has one. Each states the balance after the deal: it must be the balance
 * before plus the deal's profit, commission, fee and swap (deposits and withdrawals included), or the file is refused
 * naming the deal's row, as the HTML report's import refuses it.
 */
function dealsOf(rows: readonly CsvRow[], from: number, options: ReadTradeFileOptions): Deal[] {
  const title = sectionAt(rows, 'Deals', from);
  const table = title < 0 ? null : CsvTable.find(rows.slice(title + 1), ['Time', 'Deal', 'Profit', 'Balance'], 2);
  if (table === null) return [];
  const read = new RowCells(table, options);
  const balance = table.column('Balance') ?? -1;
  const at = (name: string): number => table.column(name) ?? -1;
  const money = ['Commission', 'Fee', 'Swap', 'Profit'].map((name) => table.column(name));
  const deals: Deal[] = [];
  for (const row of table.rows) {
    // The totals row (no time) or the next section ends the table.
    const time = read.cell(row, at('Time'));
    if (!/^\d{4}[.-]/.test(time)) break;
    deals.push({
      step: {
        line: row.line,
        column: read.header(balance),
        written: read.cell(row, balance),
        balance: new Decimal(read.amount(row, balance, 'a balance')),
        change: money.reduce<Decimal>((sum, i) => sum.plus(read.optionalAmount(row, i)), new Decimal(0)),
      },
      time: readMtTime(time) ?? time,
      symbol: read.cell(row, at('Symbol')),
      type: read.cell(row, at('Type')).toLowerCase(),
      direction: read.cell(row, at('Direction')).toLowerCase(),
      order: read.cell(row, at('Order')),
      fee: new Decimal(read.optionalAmount(row, at('Fee'))),
    });
  }
  return deals;
}

/** The Deals table's fees by position, as the HTML import pairs deals with the Positions table. */
class DealFees {
  private readonly entries = new Map<string, Decimal>();
  private readonly exits = new Map<string, Decimal[]>();

  constructor(deals: readonly Deal[]) {
    for (const d of deals) {
      if (d.symbol === '' || (d.type !== 'buy' && d.type !== 'sell')) continue;
      if (d.direction === 'in') {
        this.entries.set(d.order, (this.entries.get(d.order) ?? new Decimal(0)).plus(d.fee));
      } else if (d.direction === 'out' || d.direction === 'out by' || d.direction === 'inout') {
        // An exit deal sells a buy position (and buys back a sell one).
        const key = DealFees.exitKey(d.time, d.symbol, d.type === 'buy' ? 'sell' : 'buy');
        this.exits.set(key, [...(this.exits.get(key) ?? []), d.fee]);
      }
    }
  }

  private static exitKey(time: string, symbol: string, side: string): string {
    return `${time} ${symbol} ${side}`;
  }

  /** The position's fee: its entry's, and the next unclaimed exit at its close time. */
  take(position: string, closedAt: string, symbol: string, side: 'buy' | 'sell'): Decimal {
    const entry = this.entries.get(position) ?? new Decimal(0);
    this.entries.delete(position);
    const exit = this.exits.get(DealFees.exitKey(closedAt, symbol, side))?.shift() ?? new Decimal(0);
    return entry.plus(exit);
  }
}

function readPosition(row: CsvRow, c: Record<string, number>, read: RowCells, fees: DealFees | null): FilePosition {
  const at = (name: string): number => c[name] ?? -1;
  const time = (name: string) => ({
    local: readMtTime(read.cell(row, at(name))) ?? read.fail(row, at(name), 'a time YYYY.MM.DD HH:MM:SS'),
    offsetMinutes: null,
  });
  const type = read.cell(row, at('type')).toLowerCase();
  if (type !== 'buy' && type !== 'sell') read.fail(row, at('type'), 'buy or sell');
  const volume = read.amount(row, at('volume'), 'a volume in lots');
  const profit = new Decimal(read.amount(row, at('profit'), 'an amount'));
  const commission = new Decimal(read.optionalAmount(row, at('commission')));
  const swap = new Decimal(read.optionalAmount(row, at('swap')));
  const position = read.text(row, at('position'));
  const symbol = read.text(row, at('symbol'));
  const closedAt = time('closedAt');
  const fee = fees === null ? new Decimal(read.optionalAmount(row, at('fee'))) : fees.take(position, closedAt.local, symbol, type);
  return {
    position,
    symbol,
    side: type,
    volume,
    volumeUnit: 'lots',
    openedAt: time('openedAt'),
    closedAt,
    openPrice: read.price(row, at('openPrice')),
    closePrice: read.price(row, at('closePrice')),
    commission: commission.toFixed(),
    swap: swap.toFixed(),
    fee: fee.toFixed(),
    profit: profit.toFixed(),
    net: profit.plus(commission).plus(swap).plus(fee).toFixed(),
    rows: [row.line],
  };
}
