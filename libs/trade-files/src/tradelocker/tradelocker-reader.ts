/*
 * TradeLocker's order history (Orders History, exported as CSV): one row per order, filled or not; a position is the
 * filled orders that share its position id, paired first in, first out as Tradovate's fills are. Layout facts, and
 * where they came from:
 * - the issue 41 brief and /work/shared/reference/platforms-planfit-anchors.md: TradeLocker's REST API returns order
 *   history rows as arrays whose column meanings come from its `/trade/config` endpoint (`ordersHistoryConfig`);
 * - open-source TradeLocker clients and their test doubles (code search for "ordersHistoryConfig"): the columns
 *   `id`, `tradableInstrumentId`, `routeId`, `qty`, `side`, `type`, `status`, `filledQty`, `avgPrice`, `price`,
 *   `stopPrice`, `validity`, `expireDate`, `createdDate`, `lastModified`, `isOpen`, `positionId`, `stopLoss`,
 *   `takeProfit`, `strategyId` (some brokers add `profit`, `fee`, `commission`, `swap`); `side` `buy`/`sell`;
 *   `status` `Filled`, `Cancelled`, `Rejected`, …; times as Unix milliseconds; the back office's Order History shows
 *   the same as `Time, Account ID, Order ID, Position ID, Side, Instrument, Lot Size, Amount (Lots), Price, Type,
 *   Status` (partners.tradelocker.com), read too: there an order counts when its status is `Filled`, for its amount
 *   at its price.
 * A sample of the web terminal's own CSV download was NOT found: this reads the config's column ids or the same
 * words as headers (`Filled Qty`, `Avg Price`, `Position ID`, `Last Modified`; headers compare loosely), the
 * instrument by name (`Instrument`/`Symbol`) or id. Times in Unix milliseconds are UTC; ISO times are read with
 * their offset, else in the import's fileTimeZone (default UTC, with a warning). An order history has no profit
 * unless the broker's config adds one: the closing orders' `profit` where the file has it, else the price move times
 * the contract's point value for a futures symbol; any other position is refused naming its closing row.
 */
import Decimal from 'decimal.js';
import { TradeFileError } from '../errors.js';
import { mergePartialCloses } from '../ctrader/merge-partial-closes.js';
import { activeContracts, contractSpecOf, type ContractTable } from '../futures/contract-specs.js';
import { readClock } from '../position-rows/clock.js';
import { RowCells } from '../text/row-cells.js';
import { CsvTable, type CsvRow } from '../text/csv-table.js';
import { pairFillsFifo, positionOfPair, type Fill, type FillPair } from '../fills/fifo-pairing.js';
import type { FilePosition, TradeFile, TradeFileReader } from '../types.js';

/** The order history with the config's columns (a filled quantity and an average fill price per order). */
const SIGNATURE = ['Position ID', 'Side', 'Filled Qty', 'Avg Price', 'Status'];
/** The back office's Order History (one row per order, its amount in lots and its price; filled ones by status). */
const OFFICE_SIGNATURE = ['Order ID', 'Position ID', 'Side', 'Instrument', 'Amount (Lots)', 'Price', 'Status'];

interface Columns {
  id: number;
  position: number;
  instrument: number;
  side: number;
  filled: number;
  /** Whether `filled` is the order's filled quantity (else its amount, counted when its status is Filled). */
  filledQuantity: boolean;
  price: number;
  status: number;
  time: number;
  profit: number | null;
  commission: number | null;
  fee: number | null;
  swap: number | null;
}

/** The order-history reader pricing futures from `contracts` where the file has no profit. */
export function createTradelockerReader(contracts?: ContractTable): TradeFileReader {
  const find = (rows: readonly CsvRow[]) => CsvTable.find([...rows], SIGNATURE, 10) ?? CsvTable.find([...rows], OFFICE_SIGNATURE, 10);
  return {
    format: 'tradelocker',
    sniff: (rows) => find(rows) !== null,
    read: (rows, options) => {
      const table = find(rows);
      if (table === null) {
        throw new TradeFileError(
          'not_a_trade_file',
          'No TradeLocker order history header was found.',
          {},
          {
            reason: 'no_header',
            params: { export: 'TradeLocker order history' },
          },
        );
      }
      return readOrders(table, new RowCells(table, options), contracts ?? activeContracts());
    },
  };
}

export const tradelockerReader: TradeFileReader = createTradelockerReader();

function columnsOf(table: CsvTable): Columns {
  const required = (...names: string[]): number => {
    const i = table.column(...names);
    if (i !== null) return i;
    throw new TradeFileError(
      'not_a_trade_file',
      `This TradeLocker order history lacks the ${names[0] ?? ''} column.`,
      { header: table.header.cells },
      { reason: 'missing_columns', params: { columns: names[0] ?? '' } },
    );
  };
  return {
    id: required('id', 'Order ID'),
    position: required('Position ID'),
    instrument: required('Instrument', 'Symbol', 'tradableInstrumentId'),
    side: required('Side'),
    filled: table.column('Filled Qty') ?? required('Amount (Lots)', 'Amount'),
    filledQuantity: table.column('Filled Qty') !== null,
    price: table.column('Avg Price', 'Avg Fill Price') ?? required('Price'),
    status: required('Status'),
    time: required('Last Modified', 'Time', 'Created Date'),
    profit: table.column('Profit', 'P&L', 'Realized P&L', 'pnl'),
    commission: table.column('Commission'),
    fee: table.column('Fee', 'Fees'),
    swap: table.column('Swap'),
  };
}

function readOrders(table: CsvTable, cells: RowCells, contracts: ContractTable): TradeFile {
  const c = columnsOf(table);
  const byLine = new Map<number, CsvRow>();
  const fills: Fill[] = table.rows
    // An order that filled any quantity is an execution, whatever its status says now (one filled in part and then
    // cancelled reads `Cancelled`); cancelled, rejected and working orders with nothing filled are not.
    .filter(
      (row) =>
        row.cells.some((cell) => cell !== '') &&
        (c.filledQuantity || cells.cell(row, c.status).toLowerCase() === 'filled') &&
        !['', '0'].includes(cells.cell(row, c.filled)) &&
        cells.amountOrNull(row, c.filled) !== '0',
    )
    .map((row) => {
      byLine.set(row.line, row);
      const side = cells.cell(row, c.side).toLowerCase();
      if (side !== 'buy' && side !== 'sell') cells.fail(row, c.side, 'buy or sell');
      const quantity = new Decimal(cells.amount(row, c.filled, 'a filled quantity'));
      if (!quantity.gt(0)) cells.fail(row, c.filled, 'a positive filled quantity');
      const time =
        readClock(cells.cell(row, c.time), { slashed: 'dmy' }) ??
        cells.fail(row, c.time, 'a time (Unix milliseconds or YYYY-MM-DD HH:MM:SS)');
      return {
        id: cells.text(row, c.id),
        account: cells.text(row, c.position),
        contract: cells.text(row, c.instrument),
        side,
        quantity,
        price: cells.price(row, c.price),
        local: time.local,
        millis: 0,
        offsetMinutes: time.offsetMinutes,
        commission: cells.cost(row, c.commission).plus(cells.cost(row, c.fee)),
        line: row.line,
      };
    });
  const { pairs } = pairFillsFifo(fills);
  // A closing order's profit and swap belong to the position once, shared over its pairs by quantity.
  const closedBy = new Map<Fill, Decimal>();
  for (const pair of pairs) closedBy.set(pair.close, (closedBy.get(pair.close) ?? new Decimal(0)).plus(pair.quantity));
  const share = (pair: FillPair, column: number | null): Decimal => {
    const row = byLine.get(pair.close.line);
    if (column === null || row === undefined || ['', '-'].includes(cells.cell(row, column))) return new Decimal(0);
    const total = new Decimal(cells.amount(row, column, 'an amount'));
    return total.times(pair.quantity).dividedBy(closedBy.get(pair.close) ?? pair.quantity);
  };
  const parts = pairs.map((pair) => {
    const long = pair.open.side === 'buy';
    let profit: Decimal;
    if (c.profit !== null) {
      profit = share(pair, c.profit);
    } else {
      const spec = contractSpecOf(pair.close.contract, contracts);
      if (spec === null) {
        cells.failAt(
          pair.close.line,
          c.instrument,
          pair.close.contract,
          'a futures contract of a known root (this order history has no profit column to read the position by)',
        );
      }
      profit = new Decimal(pair.close.price)
        .minus(pair.open.price)
        .times(spec.pointValue)
        .times(pair.quantity)
        .times(long ? 1 : -1);
    }
    const swap = share(pair, c.swap);
    const futures = contractSpecOf(pair.close.contract, contracts) !== null;
    const position: FilePosition = {
      ...positionOfPair(pair, {
        position: pair.open.account,
        symbol: pair.close.contract,
        side: long ? 'buy' : 'sell',
        volumeUnit: futures ? 'contracts' : 'lots',
        profit,
        swap,
      }),
      // The opening order's line first, whichever comes first in the file: its first row is what a refusal names.
      rows: [pair.open.line, pair.close.line],
    };
    return { position, idColumn: cells.header(c.position) };
  });
  const positions = mergePartialCloses(parts).map(toCents);
  return { format: 'tradelocker', currency: null, profitColumn: 'gross', positions };
}

/**
 * A profit or swap shared over several pairs by quantity is summed back whole; rounding only what stays split. An
 * opening order shared by two pairs is one row of the position.
 */
function toCents(p: FilePosition): FilePosition {
  const round = (s: string) => {
    const d = new Decimal(s);
    return d.decimalPlaces() > 2 ? d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed() : d.toFixed();
  };
  const profit = round(p.profit);
  const swap = round(p.swap);
  const net = new Decimal(profit).plus(p.commission).plus(swap).plus(p.fee).toFixed();
  const rows = [...new Set(p.rows)].sort((a, b) => a - b);
  return { ...p, profit, swap, net, rows };
}
