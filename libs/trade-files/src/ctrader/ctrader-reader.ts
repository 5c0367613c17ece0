/*
 * cTrader's History export (CSV). Layout facts, from public sources (read for facts, no code taken):
 * - the issue 41 brief and /work/shared/reference/platforms-planfit-anchors.md: user-chosen, reorderable columns; the
 *   clock offset in the time headers (`Opening time (UTC+3)`); `0.5 Lots`; a space between thousands (`1 049.40`);
 *   section titles, a totals row and a summary block around the table;
 * - open-source journals' cTrader statement fixtures (found by code search for "Opening time (UTC"): a `Deals`/`History`
 *   title line, headers `ID`, `Symbol`, `Opening Direction`, `Closing Direction`, `Opening time (UTC+8)`,
 *   `Closing Time (UTC+8)`, `Entry price`, `Closing price`, `Closing Quantity`, `Commissions`, `Swap`, `Pips`,
 *   `Gross EUR`, `Net USD` / `Net €` / `Net (USD)`, `Balance USD`, `Channel`; cells such as `13.8 Lots`, `1 428 Lots`,
 *   `20 Aug 2026 21:56:13.342` or day-first `02/03/2026 14:47:44.584`; every cell quoted; a totals row of empty cells
 *   but the summed money (`,,,,,,,,,,-66.56,,275.87,,`); then `Positions`, `Orders` and `Summary` blocks;
 * - cTrader Automate's HistoricalTrade (help.ctrader.com/ctrader-algo/references/Trading/History/HistoricalTrade/):
 *   GrossProfit is before swaps and commissions, NetProfit includes them; one position closes in several trades.
 * `Deal ID` and `Order ID` are not position IDs: only `ID`/`Position ID` groups partial closes.
 */
import Decimal from 'decimal.js';
import { TradeFileError } from '../errors.js';
import { CsvTable, headerKey, type CsvRow } from '../text/csv-table.js';
import type { FilePosition, FileTime, ReadTradeFileOptions, TradeFile, TradeFileReader } from '../types.js';
import { currencyFromHeader, offsetFromHeader, quantityUnit, readCtraderTime } from './ctrader-values.js';
import { mergePartialCloses, type ClosingRow } from './merge-partial-closes.js';
import { RowCells } from '../text/row-cells.js';

const OPENING_TIME = /^opening\s*time\b/i;
const CLOSING_TIME = /^closing\s*time\b/i;

/** The header row of a History table: a symbol, a direction and a closing time, within the first 40 lines. */
function isHistoryHeader(cells: readonly string[]): boolean {
  const keys = new Set(cells.map(headerKey));
  return keys.has('symbol') && (keys.has('openingdirection') || keys.has('closingdirection')) && cells.some((c) => CLOSING_TIME.test(c));
}

interface Columns {
  id: number | null;
  symbol: number;
  /** The opening direction, or the closing one (the opposite side) where the user hid the first. */
  direction: { index: number; closing: boolean };
  openedAt: Column;
  closedAt: Column;
  entryPrice: number;
  closingPrice: number;
  quantity: number;
  quantityUnit: 'lots' | 'units';
  commission: number | null;
  swap: number | null;
  /** Gross, net or both: the other is derived from the costs. */
  money: { gross: Column; net: Column | null } | { gross: null; net: Column };
}

interface Column {
  index: number;
  text: string;
}

function columnsOf(table: CsvTable): Columns {
  const missing: string[] = [];
  const need = <T>(value: T | null, name: string): T => {
    if (value === null) missing.push(name);
    return value as T;
  };
  const lots = table.column('Closing Quantity', 'Quantity');
  const units = table.column('Closing Volume', 'Volume');
  const opening = table.column('Opening Direction');
  const closing = table.column('Closing Direction');
  const gross = table.columnMatching(/^gross\b/i);
  const net = table.columnMatching(/^net\b/i);
  const columns: Columns = {
    id: table.column('ID', 'Position ID', 'Position'),
    symbol: need(table.column('Symbol'), 'Symbol'),
    direction: need(
      opening !== null ? { index: opening, closing: false } : closing !== null ? { index: closing, closing: true } : null,
      'Opening Direction',
    ),
    openedAt: need(table.columnMatching(OPENING_TIME), 'Opening time'),
    closedAt: need(table.columnMatching(CLOSING_TIME), 'Closing time'),
    entryPrice: need(table.column('Entry Price', 'Opening Price'), 'Entry price'),
    closingPrice: need(table.column('Closing Price'), 'Closing price'),
    quantity: need(lots ?? units, 'Closing Quantity'),
    quantityUnit: lots === null ? 'units' : 'lots',
    commission: table.column('Commissions', 'Commission'),
    swap: table.column('Swap', 'Swaps'),
    money: need(gross !== null ? { gross, net } : net !== null ? { gross: null, net } : null, 'Net or Gross'),
  };
  if (missing.length > 0) {
    throw new TradeFileError(
      'not_a_trade_file',
      `This cTrader History export lacks the column(s) ${missing.join(', ')}. Show them in the History tab's column ` +
        'settings and export again.',
      { header: table.header.cells },
      { reason: 'missing_columns', params: { columns: missing.join(', ') } },
    );
  }
  return columns;
}

export const ctraderReader: TradeFileReader = {
  format: 'ctrader',
  sniff: (rows) => rows.slice(0, 40).some((r) => isHistoryHeader(r.cells)),
  read: (rows, options) => readHistory(rows, options),
};

function readHistory(rows: readonly CsvRow[], options: ReadTradeFileOptions): TradeFile {
  const start = rows.slice(0, 40).findIndex((r) => isHistoryHeader(r.cells));
  const header = rows[start];
  if (header === undefined)
    throw new TradeFileError(
      'not_a_trade_file',
      'No cTrader History table header was found in the first 40 lines.',
      {},
      {
        reason: 'no_header',
        params: { export: 'cTrader History' },
      },
    );
  const table = new CsvTable(header, rows.slice(start + 1));
  const columns = columnsOf(table);
  const read = new RowCells(table, options);
  const closings: ClosingRow[] = [];
  let totals: CsvRow | null = null;
  for (const row of table.rows) {
    if (row.cells.every((c) => c === '')) continue;
    if (isSectionTitle(row)) break;
    if (isTotalsRow(row, columns)) {
      totals = row;
      break;
    }
    closings.push({ position: readClosing(row, columns, read), idColumn: columns.id === null ? '' : table.headerText(columns.id) });
  }
  if (totals !== null) checkTotals(totals, closings, columns, read);
  const currencyHeader = columns.money.net?.text ?? columns.money.gross?.text ?? '';
  return {
    format: 'ctrader',
    currency: currencyFromHeader(currencyHeader),
    profitColumn: columns.money.gross === null ? 'net' : 'gross',
    positions: mergePartialCloses(closings),
  };
}

/** `Positions`, `Orders`, `Summary`, `Transactions`: one word or phrase alone on its line starts the next block. */
function isSectionTitle(row: CsvRow): boolean {
  const [first = '', ...rest] = row.cells;
  return /^[A-Za-z][A-Za-z &]*$/.test(first) && rest.every((c) => c === '');
}

/** The totals row: no symbol, no direction, no time; only sums (and a `Totals` label in some versions). */
function isTotalsRow(row: CsvRow, c: Columns): boolean {
  const cell = (i: number | null) => (i === null ? '' : (row.cells[i] ?? ''));
  return cell(c.symbol) === '' && cell(c.direction.index) === '' && cell(c.closedAt.index) === '' && cell(c.openedAt.index) === '';
}

function readClosing(row: CsvRow, c: Columns, read: RowCells): FilePosition {
  const symbol = read.text(row, c.symbol);
  const side = sideOf(read, row, c.direction);
  const quantityCell = read.text(row, c.quantity);
  const volume = read.amount(row, c.quantity, 'a quantity');
  const unit = quantityUnit(quantityCell, c.quantityUnit);
  if (unit === null || new Decimal(volume).lte(0)) return read.fail(row, c.quantity, 'a positive quantity in lots or units');
  const commission = negativeCost(read.optionalAmount(row, c.commission));
  const swap = read.optionalAmount(row, c.swap);
  const costs = new Decimal(commission).plus(swap);
  let gross: Decimal;
  let net: Decimal;
  const { money } = c;
  if (money.gross !== null) {
    gross = new Decimal(read.amount(row, money.gross.index, 'an amount'));
    net = gross.plus(costs);
    // Both columns shown: they must agree with the costs, or some cost is missing from the file.
    if (money.net !== null && !new Decimal(read.amount(row, money.net.index, 'an amount')).equals(net)) {
      read.fail(row, money.net.index, `Gross + Commissions + Swap (${net.toFixed()})`);
    }
  } else {
    net = new Decimal(read.amount(row, money.net.index, 'an amount'));
    gross = net.minus(costs);
  }
  const openedAt = timeOf(read, row, c.openedAt);
  const closedAt = timeOf(read, row, c.closedAt);
  const id = c.id === null ? '' : read.cell(row, c.id);
  return {
    position: id !== '' ? id : `${symbol} ${openedAt.local} ${closedAt.local} line ${row.line}`,
    symbol,
    side,
    volume,
    volumeUnit: unit,
    openedAt,
    closedAt,
    openPrice: read.amount(row, c.entryPrice, 'a price'),
    closePrice: read.amount(row, c.closingPrice, 'a price'),
    commission,
    swap,
    fee: '0',
    profit: gross.toFixed(),
    net: net.toFixed(),
    rows: [row.line],
  };
}

/** cTrader writes commissions negative; a file that writes them positive still means a cost. */
function negativeCost(amount: string): string {
  return new Decimal(amount).abs().negated().toFixed().replace(/^-0$/, '0');
}

/** The file's own totals under the money columns must equal what was read, or rows were lost or misread. */
function checkTotals(totals: CsvRow, closings: readonly ClosingRow[], c: Columns, read: RowCells): void {
  // Commissions are compared by size: they are read as costs whatever sign the file gave them.
  const checks: [number | null, (p: FilePosition) => string, boolean][] = [
    [c.money.net?.index ?? null, (p) => p.net, false],
    [c.money.gross?.index ?? null, (p) => p.profit, false],
    [c.commission, (p) => p.commission, true],
    [c.swap, (p) => p.swap, false],
  ];
  for (const [index, money, bySize] of checks) {
    if (index === null || (totals.cells[index] ?? '') === '') continue;
    const stated = new Decimal(read.amount(totals, index, 'a total'));
    const summed = closings.reduce((sum, { position }) => sum.plus(money(position)), new Decimal(0));
    if (bySize ? !stated.abs().equals(summed.abs()) : !stated.equals(summed)) {
      throw new TradeFileError(
        'unreadable_row',
        `Line ${totals.line}: the file's total ${read.header(index)} is ${stated.toFixed()} but its rows sum to ` +
          `${summed.toFixed()}; the export looks cut or edited.`,
        { row: totals.line, column: read.header(index), value: totals.cells[index] ?? '' },
        { reason: 'total_mismatch', params: { total: stated.toFixed(), sum: summed.toFixed() } },
      );
    }
  }
}

function sideOf(read: RowCells, row: CsvRow, { index, closing }: Columns['direction']): 'buy' | 'sell' {
  const value = read.cell(row, index).toLowerCase();
  if (value !== 'buy' && value !== 'sell') return read.fail(row, index, 'Buy or Sell');
  // A closing Sell closed a Buy position.
  return (value === 'buy') !== closing ? 'buy' : 'sell';
}

/** The wall clock in the cell and the offset its column's header states (`Closing time (UTC+3)`). */
function timeOf(read: RowCells, row: CsvRow, column: Column): FileTime {
  const local = readCtraderTime(read.cell(row, column.index)) ?? read.fail(row, column.index, 'a date and time');
  return { local, offsetMinutes: offsetFromHeader(column.text) };
}
