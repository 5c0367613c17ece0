/*
 * NinjaTrader 8's Trades grid export (Trade Performance or Account Performance → Trades → Export, CSV). Layout facts,
 * from public sources (read for facts, no code taken):
 * - the issue 41 brief and /work/shared/reference/platforms-planfit-anchors.md: `-$262.50` and `($75.90)`; Profit
 *   already net of costs; a trailing empty column; instruments like `MNQ MAR26`; times in the computer's local time;
 * - open-source journals' NinjaTrader test fixtures (code search for "Market pos." and "Cum. net profit"): the header
 *   `Trade number,Instrument,Account,Strategy,Market pos.,Qty,Entry price,Exit price,Entry time,Exit time,Entry name,
 *   Exit name,Profit,Cum. net profit,Commission,Clearing Fee,Exchange Fee,IP Fee,NFA Fee,MAE,MFE,ETD,Bars,` (older
 *   builds: `Quantity`, `Cum. profit`, no fee columns), every line ending in a comma; instruments `MNQ 12-26`;
 *   times `2/1/2024 2:00:00 PM`; money `$100.00`, `($2.00)`;
 * - ninjatrader.com/support/helpGuides/nt8/en-us/statistics_definitions.htm: a trade's Profit is the price difference
 *   times quantity and point value; NinjaTrader's forum (t-29933) says older versions left commissions out of it.
 * So the basis is checked where the file allows: `Cum. net profit` grows by each row's net, which tells a net Profit
 * from a gross one (see profitBasis). Each row is one round trip; the grid has no position ID, so rows never merge.
 */
import Decimal from 'decimal.js';
import { TradeFileError } from '../errors.js';
import { RowCells } from '../text/row-cells.js';
import { CsvTable, type CsvRow } from '../text/csv-table.js';
import type { FilePosition, FileTime, ProfitBasis, ReadTradeFileOptions, TradeFile, TradeFileReader } from '../types.js';
import { readNinjaTraderTime } from './ninjatrader-time.js';

const REQUIRED = ['Instrument', 'Market pos.', 'Entry price', 'Exit price', 'Entry time', 'Exit time', 'Profit'] as const;

function findTable(rows: readonly CsvRow[]): CsvTable | null {
  return CsvTable.find([...rows], [...REQUIRED]);
}

export const ninjatraderReader: TradeFileReader = {
  format: 'ninjatrader',
  sniff: (rows) => findTable(rows) !== null,
  read: (rows, options) => readTrades(rows, options),
};

interface Columns {
  tradeNumber: number | null;
  account: number | null;
  instrument: number;
  marketPosition: number;
  quantity: number;
  entryPrice: number;
  exitPrice: number;
  entryTime: number;
  exitTime: number;
  profit: number;
  cumNetProfit: number | null;
  commission: number | null;
  /** `Clearing Fee`, `Exchange Fee`, `IP Fee`, `NFA Fee`: every column whose header ends in Fee or Fees. */
  fees: number[];
}

/** One row as read, before the profit basis is known. */
interface TradeRow {
  row: CsvRow;
  profit: Decimal;
  /** Commission and fees, negative. */
  costs: Decimal;
  base: Omit<FilePosition, 'profit' | 'net'>;
}

function readTrades(rows: readonly CsvRow[], options: ReadTradeFileOptions): TradeFile {
  const table = findTable(rows);
  if (table === null) {
    throw new TradeFileError(
      'not_a_trade_file',
      'No NinjaTrader Trades header was found in the first 40 lines.',
      {},
      {
        reason: 'no_header',
        params: { export: 'NinjaTrader Trades' },
      },
    );
  }
  const quantity = table.column('Qty', 'Quantity');
  if (quantity === null) {
    throw new TradeFileError(
      'not_a_trade_file',
      'This NinjaTrader Trades export lacks the Qty column; show it and export again.',
      { header: table.header.cells },
      { reason: 'missing_columns', params: { columns: 'Qty' } },
    );
  }
  // CsvTable.find chose this header for holding every REQUIRED column.
  const found = (name: (typeof REQUIRED)[number]) => table.column(name) ?? -1;
  const columns: Columns = {
    tradeNumber: table.column('Trade number', 'Trade #'),
    account: table.column('Account'),
    instrument: found('Instrument'),
    marketPosition: found('Market pos.'),
    quantity,
    entryPrice: found('Entry price'),
    exitPrice: found('Exit price'),
    entryTime: found('Entry time'),
    exitTime: found('Exit time'),
    profit: found('Profit'),
    cumNetProfit: table.column('Cum. net profit'),
    commission: table.column('Commission'),
    fees: table.header.cells.flatMap((text, i) => (/\bfees?$/i.test(text.trim()) ? [i] : [])),
  };
  const read = new RowCells(table, options);
  const trades = table.rows.filter((r) => r.cells.some((c) => c !== '')).map((row) => readTrade(row, columns, read));
  const basis = profitBasis(trades, columns, read);
  return {
    format: 'ninjatrader',
    // The grid writes money with the computer's currency sign (`$`), which does not name the account's currency.
    currency: null,
    profitColumn: basis,
    positions: trades.map(({ profit, costs, base }) => {
      const gross = basis === 'net' ? profit.minus(costs) : profit;
      return { ...base, profit: gross.toFixed(), net: gross.plus(costs).toFixed() };
    }),
  };
}

function readTrade(row: CsvRow, c: Columns, read: RowCells): TradeRow {
  const instrument = read.text(row, c.instrument);
  const position = read.cell(row, c.marketPosition).toLowerCase();
  if (position !== 'long' && position !== 'short') read.fail(row, c.marketPosition, 'Long or Short');
  const volume = read.amount(row, c.quantity, 'a number of contracts');
  if (new Decimal(volume).lte(0)) read.fail(row, c.quantity, 'a positive number of contracts');
  const commission = cost(read.optionalAmount(row, c.commission));
  const fee = c.fees.reduce((sum, i) => sum.plus(cost(read.optionalAmount(row, i))), new Decimal(0));
  const openedAt = timeOf(read, row, c.entryTime);
  const closedAt = timeOf(read, row, c.exitTime);
  const tradeNumber = c.tradeNumber === null ? '' : read.cell(row, c.tradeNumber);
  const account = c.account === null ? '' : read.cell(row, c.account);
  return {
    row,
    profit: new Decimal(read.amount(row, c.profit, 'an amount')),
    costs: commission.plus(fee),
    base: {
      // Trade numbers count within one report; the account keeps two accounts' trade 1 apart.
      position:
        tradeNumber !== ''
          ? [account, tradeNumber].filter((s) => s !== '').join(' #')
          : `${instrument} ${openedAt.local} ${closedAt.local} line ${row.line}`,
      symbol: instrument,
      side: position === 'long' ? 'buy' : 'sell',
      volume,
      volumeUnit: 'contracts',
      openedAt,
      closedAt,
      openPrice: read.amount(row, c.entryPrice, 'a price'),
      closePrice: read.amount(row, c.exitPrice, 'a price'),
      commission: commission.toFixed(),
      swap: '0',
      fee: fee.toFixed(),
      rows: [row.line],
    },
  };
}

/** NinjaTrader writes costs as positive amounts; they are costs either way. */
function cost(amount: string): Decimal {
  return new Decimal(amount).abs().negated();
}

function timeOf(read: RowCells, row: CsvRow, i: number): FileTime {
  // The grid writes the computer's local time and no offset: the caller supplies the zone.
  return { local: readNinjaTraderTime(read.cell(row, i)) ?? read.fail(row, i, 'a date and time'), offsetMinutes: null };
}

/**
 * Profit is net in NinjaTrader 8's grid. Where the file shows `Cum. net profit` in the grid's own order, that running
 * net must grow by each row's Profit; if it grows instead by Profit less the row's costs, this file's Profit was gross
 * (commissions left out, as older versions did) and is read so. Without that column, or when neither fits (a grid
 * sorted by another column), Profit is taken as net.
 */
function profitBasis(trades: readonly TradeRow[], c: Columns, read: RowCells): ProfitBasis {
  const column = c.cumNetProfit;
  if (column === null || trades.every((t) => t.costs.isZero())) return 'net';
  const running: { trade: TradeRow; total: Decimal }[] = [];
  for (const trade of trades) {
    const value = read.amountOrNull(trade.row, column);
    if (value === null) return 'net';
    running.push({ trade, total: new Decimal(value) });
  }
  // The running total starts at zero with the report's first trade.
  const growsBy = (step: (t: TradeRow) => Decimal) => {
    let previous = new Decimal(0);
    return running.every(({ trade, total }) => {
      const grew = total.minus(previous).equals(step(trade));
      previous = total;
      return grew;
    });
  };
  if (growsBy((t) => t.profit)) return 'net';
  return growsBy((t) => t.profit.plus(t.costs)) ? 'gross' : 'net';
}
