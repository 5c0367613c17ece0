/*
 * Tradovate's Fills export (Reports → Fills, or the Fills tab's download, CSV) and its Orders export (read the same
 * way, see ORDERS below): one row per execution, no profit
 * column; positions come from pairing the fills first in, first out (pairFillsFifo) and the profit from the prices and
 * the contract's point value. Layout facts, from public sources (read for facts, no code taken):
 * - the issue 41 brief and /work/shared/reference/platforms-planfit-anchors.md: pair fills first in, first out;
 *   instruments like `MNQH6`; display times without an offset;
 * - open-source journals' audits of real Fills files (code search for "Fill ID, Order ID, Timestamp"): the header
 *   `_id,_orderId,_contractId,_timestamp,_tradeDate,_action,_qty,_price,_active,_accountId,Fill ID,Order ID,Timestamp,
 *   Date,Account,B/S,Quantity,Price,_priceFormat,_priceFormatType,_tickSize,Contract,Product,Product Description,
 *   commission` (an older file names the machine columns without the underscore: `id,orderId,…,active,account`);
 *   `B/S` written ` Buy`/` Sell` with a leading space; `_timestamp` in UTC with milliseconds
 *   (`2026-02-10 16:01:12.345Z`), `Timestamp` a month-first wall clock; `_price` may carry binary noise (1e-12) where
 *   `Price` is the exact display; `commission` per fill; fills with `_active` false are busted and not trades.
 * - the Orders export: TradeTally's Tradovate importer, written for a real Orders file a user attached to its issue #99
 *   (github.com/GeneBO98/tradetally, backend/src/utils/csv/parsers/tradovate.js, read 2026-11-29): the columns
 *   `orderId`, `B/S`, `Contract`, `Product`, `avgPrice`, `filledQty`, `Fill Time`, `Status`, `Text` (also `Order ID`,
 *   `Filled Qty`, `Avg Fill Price`, `decimalFillAvg`); `B/S` and `Status` padded with spaces; only `Filled` orders are
 *   executions; `Fill Time` month first (`11/25/2025 04:38:24`).
 * Columns are found by their exact header text here: the loose match would take `_price` for `Price`.
 */
import Decimal from 'decimal.js';
import { TradeFileError } from '../errors.js';
import { activeContracts, contractSpecOf, type ContractTable } from '../futures/contract-specs.js';
import { RowCells } from '../text/row-cells.js';
import { readFuturesTime } from '../futures/wall-clock.js';
import { CsvTable, type CsvRow } from '../text/csv-table.js';
import type { FilePosition, TradeFile, TradeFileReader } from '../types.js';
import { pairFillsFifo, positionOfPair, type Fill, type FillPair } from '../fills/fifo-pairing.js';

/**
 * The two exports that list executions: Fills (one row per fill) and Orders (one row per order; a filled order is
 * read as one fill of its filled quantity at its average fill price, the way journals that take Tradovate's Orders CSV
 * read it). Orders carry no commission and only the display wall clock.
 */
interface Layout {
  name: string;
  /** Headers that tell this export from the other (and from every other platform's). */
  signature: string[];
  columns(required: (...names: string[]) => number, optional: (...names: string[]) => number | null): Columns;
  /** Whether a row is an execution (a fill not busted; an order that filled). */
  executed(row: CsvRow, c: Columns, cells: RowCells): boolean;
}

const FILLS: Layout = {
  name: 'Fills',
  signature: ['Fill ID', 'B/S', 'Quantity', 'Price', 'Contract', 'Timestamp'],
  columns: (required, optional) => ({
    id: required('Fill ID', '_id', 'id'),
    // The UTC machine time where the file has it (exact to the millisecond); else the display wall clock.
    time: required('_timestamp', 'timestamp', 'Timestamp'),
    side: required('B/S', '_action', 'action'),
    quantity: required('Quantity', '_qty', 'qty'),
    price: required('Price', '_price', 'price'),
    contract: required('Contract'),
    account: optional('Account', '_accountId', 'account'),
    active: optional('_active', 'active'),
    commission: optional('commission', 'Commission'),
  }),
  executed: (row, c, cells) => c.active === null || cells.cell(row, c.active).toLowerCase() !== 'false',
};

const ORDERS: Layout = {
  name: 'Orders',
  signature: ['Order ID', 'B/S', 'Contract', 'Fill Time', 'Filled Qty', 'Avg Fill Price'],
  columns: (required, optional) => ({
    id: required('Order ID', 'orderId'),
    time: required('Fill Time'),
    side: required('B/S'),
    quantity: required('Filled Qty', 'filledQty'),
    // The display average; `avgPrice` is the machine float and may carry binary noise.
    price: required('Avg Fill Price', 'decimalFillAvg', 'avgPrice'),
    contract: required('Contract'),
    account: optional('Account'),
    active: null,
    commission: null,
  }),
  // Cancelled, rejected and working orders list no filled quantity (a partly filled then cancelled order does).
  executed: (row, c, cells) => !['', '0'].includes(cells.cell(row, c.quantity)),
};

function findTable(rows: readonly CsvRow[]): { table: CsvTable; layout: Layout } | null {
  for (const layout of [FILLS, ORDERS]) {
    const table = CsvTable.find([...rows], layout.signature, 5);
    if (table !== null) return { table, layout };
  }
  return null;
}

/** The Fills reader pricing contracts from `contracts` (the built-in table, or one extended by the operator). */
export function createTradovateFillsReader(contracts?: ContractTable): TradeFileReader {
  return {
    format: 'tradovate-fills',
    sniff: (rows) => findTable(rows) !== null,
    read: (rows) => readFills(rows, contracts ?? activeContracts()),
  };
}

export const tradovateFillsReader: TradeFileReader = createTradovateFillsReader();

interface Columns {
  id: number;
  time: number;
  side: number;
  quantity: number;
  price: number;
  contract: number;
  account: number | null;
  active: number | null;
  commission: number | null;
}

/** The first header that is exactly one of `names` (in the order given). */
function exactColumn(table: CsvTable, ...names: string[]): number | null {
  const header = table.header.cells.map((c) => c.replace(/^\uFEFF/, '').trim());
  for (const name of names) {
    const i = header.indexOf(name);
    if (i >= 0) return i;
  }
  return null;
}

function readFills(rows: readonly CsvRow[], contracts: ContractTable): TradeFile {
  const found = findTable(rows);
  if (found === null) {
    throw new TradeFileError(
      'not_a_trade_file',
      'No Tradovate Fills or Orders header was found.',
      {},
      {
        reason: 'no_header',
        params: { export: 'Tradovate Fills / Orders' },
      },
    );
  }
  const { table, layout } = found;
  const optional = (...names: string[]) => exactColumn(table, ...names);
  const required = (...names: string[]): number => {
    const i = optional(...names);
    if (i !== null) return i;
    throw new TradeFileError(
      'not_a_trade_file',
      `This Tradovate ${layout.name} export lacks the ${names[0]} column.`,
      { header: table.header.cells },
      { reason: 'missing_columns', params: { columns: names[0] ?? '' } },
    );
  };
  const columns = layout.columns(required, optional);
  const cells = new RowCells(table);
  const fills = table.rows
    .filter((r) => r.cells.some((c) => c !== '') && layout.executed(r, columns, cells))
    .map((row) => readFill(row, columns, cells));
  const { pairs } = pairFillsFifo(fills);
  const positions = pairs.map((pair) => positionOf(pair, contracts, columns, cells));
  return { format: 'tradovate-fills', currency: null, profitColumn: 'gross', positions };
}

function readFill(row: CsvRow, c: Columns, cells: RowCells): Fill {
  const side = cells.cell(row, c.side).toLowerCase();
  if (side !== 'buy' && side !== 'sell') cells.fail(row, c.side, 'Buy or Sell');
  const time = readFuturesTime(cells.cell(row, c.time)) ?? cells.fail(row, c.time, 'a date and time');
  return {
    id: cells.text(row, c.id),
    account: c.account === null ? '' : cells.cell(row, c.account),
    contract: cells.text(row, c.contract),
    side,
    quantity: new Decimal(cells.contracts(row, c.quantity)),
    price: cells.price(row, c.price),
    local: time.local,
    millis: time.millis,
    commission: cells.cost(row, c.commission),
    offsetMinutes: time.offsetMinutes,
    line: row.line,
  };
}

function positionOf(pair: FillPair, contracts: ContractTable, c: Columns, cells: RowCells): FilePosition {
  const { open, close, quantity } = pair;
  const spec = contractSpecOf(close.contract, contracts);
  if (spec === null) {
    cells.failAt(
      close.line,
      c.contract,
      close.contract,
      'a contract whose point value is known (add its root to the contract table to price this Fills export)',
    );
  }
  const long = open.side === 'buy';
  const profit = new Decimal(close.price)
    .minus(open.price)
    .times(spec.pointValue)
    .times(quantity)
    .times(long ? 1 : -1);
  return positionOfPair(pair, {
    // Named as the Performance report names the same pair, so either export of the same trading gives the same ids.
    position: long ? `${open.id}/${close.id}` : `${close.id}/${open.id}`,
    symbol: close.contract,
    side: long ? 'buy' : 'sell',
    volumeUnit: 'contracts',
    profit,
  });
}
