import { StatementError } from '../errors.js';
import { columnAfter, columnIndex } from '../html/sections.js';
import { bannerOf, filledTexts, gridOf, valueAfterLabel, type Row } from '../html/table-rows.js';
import { Decimal, formatMoney, isMoney, parseMoney, parseQuantity } from '../money.js';
import { isMtTime, normaliseMtTime } from '../time.js';
import type { Transaction } from '../types.js';

export interface Mt4Line {
  transaction: Transaction;
  amounts: { commission: Decimal; taxes: Decimal; swap: Decimal; profit: Decimal };
  /** A closed trade's round trip, for its position; null for balance and credit rows. */
  trade: Mt4Trade | null;
}

export interface Mt4Trade {
  side: 'buy' | 'sell';
  openedAt: string;
  volume: Decimal;
  openPrice: { value: Decimal; text: string };
  closePrice: { value: Decimal; text: string };
  stopLoss: string | null;
  takeProfit: string | null;
  /** The magic number newer builds write on the short row under the trade. */
  magic: string | null;
}

export interface Mt4ClosedSection {
  lines: Mt4Line[];
  /** The column sums MT4 writes under the rows; null if absent. */
  totals: { commission: Decimal; taxes: Decimal; swap: Decimal; profit: Decimal } | null;
  /** The "Closed P/L:" figure that ends the section. */
  closedPnl: Decimal;
  end: number;
}

const REQUIRED = [
  'ticket',
  'open time',
  'type',
  'size',
  'item',
  'price',
  's / l',
  't / p',
  'close time',
  'commission',
  'taxes',
  'swap',
  'profit',
] as const;
const NEXT_SECTIONS = ['open trades:', 'working orders:', 'summary:', 'details:'];

export const netOfLine = (l: Mt4Line): Decimal => l.amounts.commission.plus(l.amounts.taxes).plus(l.amounts.swap).plus(l.amounts.profit);

/**
 * "Closed Transactions:" from its header row to the "Closed P/L:" line. Rows are: closed trades (14 cells;
 * the ticket cell's title holds the comment), `balance`/`credit` operations (ticket, time, type, the
 * comment across ten cells, the amount), cancelled pending orders (skipped: no money), on newer builds a
 * short row after a trade with its magic number and comment, then the column totals.
 */
export function readClosedTransactions(rows: readonly Row[], headerAt: number): Mt4ClosedSection {
  const header = rows[headerAt];
  if (!header) throw new StatementError('truncated', 'The MT4 statement ends right after "Closed Transactions:".');
  const columns = columnIndex(gridOf(header));
  const missing = REQUIRED.filter((c) => !columns.has(c));
  if (missing.length > 0) {
    throw new StatementError(
      'malformed',
      `The MT4 "Closed Transactions" table lacks the column(s) ${missing.join(', ')}. Only English-language statements are read: ` +
        'switch the terminal to English (View → Languages) and save the statement again.',
    );
  }
  const at = (grid: readonly string[], name: (typeof REQUIRED)[number]): string => grid[columns.get(name) as number] ?? '';
  // The second "Price", after Close Time, is where the trade closed.
  const closePriceAt = columnAfter(gridOf(header), 'price', columns.get('close time'));
  if (closePriceAt === undefined) {
    throw new StatementError('malformed', 'The MT4 "Closed Transactions" table lacks the close Price column (after Close Time).');
  }
  const closePrice = (grid: readonly string[]): string => grid[closePriceAt] ?? '';

  const lines: Mt4Line[] = [];
  let totals: Mt4ClosedSection['totals'] = null;
  let last: Mt4Line | null = null;
  for (let i = headerAt + 1; i < rows.length; i++) {
    const row = rows[i] as Row;
    const closed = valueAfterLabel(row, 'Closed P/L:');
    if (closed !== null) return { lines, totals, closedPnl: parseMoney(closed, 'Closed Transactions, Closed P/L'), end: i + 1 };
    const banner = bannerOf(row)?.toLowerCase();
    if (banner !== undefined && NEXT_SECTIONS.includes(banner)) break;

    const grid = gridOf(row);
    const texts = filledTexts(row);
    const type = at(grid, 'type').toLowerCase();
    const ticket = at(grid, 'ticket');
    const where = `MT4 ticket ${ticket || '(no number)'}`;

    if ((type === 'buy' || type === 'sell') && !texts.some((t) => t.toLowerCase() === 'cancelled')) {
      last = readTrade(row, grid, at, closePrice(grid), where);
      lines.push(last);
    } else if (type === 'balance' || type === 'credit') {
      last = null;
      lines.push(readBalanceLine(row, grid, at, type, where));
    } else if (isMtTime(at(grid, 'open time'))) {
      // A pending order that was cancelled or deleted (buy limit, sell stop…): it never moved money.
      last = null;
      if (!texts.some((t) => ['cancelled', 'deleted', 'expired'].includes(t.toLowerCase()))) {
        throw new StatementError('malformed', `${where}: unknown row type "${at(grid, 'type')}" in Closed Transactions.`);
      }
    } else if (last && row.cells[0]?.text === '' && row.cells.length <= 3 && texts.length > 0) {
      // Newer builds: the trade's magic number and comment on a short row under it.
      const comment = texts.filter((t) => !/^\d+$/.test(t)).join(' ');
      if (comment !== '') last.transaction.comment = comment;
      // MQL's magic is an integer of at most 20 digits (ulong); anything longer is not one.
      if (last.trade) last.trade.magic = texts.find((t) => /^\d{1,20}$/.test(t)) ?? null;
      last = null;
    } else if (
      ticket === '' &&
      ['commission', 'swap', 'profit'].every(
        (c) => isMoney(grid[columns.get(c) as number] ?? '') && (grid[columns.get(c) as number] ?? '') !== '',
      )
    ) {
      totals = {
        commission: parseMoney(at(grid, 'commission'), 'Closed Transactions totals'),
        taxes: parseMoney(at(grid, 'taxes'), 'Closed Transactions totals'),
        swap: parseMoney(at(grid, 'swap'), 'Closed Transactions totals'),
        profit: parseMoney(at(grid, 'profit'), 'Closed Transactions totals'),
      };
      last = null;
    }
    // Anything else ("No transactions", spacers) carries no money.
  }
  throw new StatementError(
    'truncated',
    'The MT4 statement stops inside "Closed Transactions" (no "Closed P/L:" line): the file is incomplete.',
  );
}

type ColumnReader = (grid: readonly string[], name: (typeof REQUIRED)[number]) => string;

/** S / L and T / P as written; MT4 writes 0 for a level that was not set. */
function level(raw: string, where: string): string | null {
  const price = parseQuantity(raw, where, 'price');
  return price === null || price.value.isZero() ? null : price.text;
}

function readTrade(row: Row, grid: readonly string[], at: ColumnReader, closePrice: string, where: string): Mt4Line {
  const amounts = {
    commission: parseMoney(at(grid, 'commission'), `${where}, Commission`),
    taxes: parseMoney(at(grid, 'taxes'), `${where}, Taxes`),
    swap: parseMoney(at(grid, 'swap'), `${where}, Swap`),
    profit: parseMoney(at(grid, 'profit'), `${where}, Profit`),
  };
  const title = row.cells[0]?.title?.trim();
  const volume = parseQuantity(at(grid, 'size'), `${where}, Size`, 'volume');
  const openPrice = parseQuantity(at(grid, 'price'), `${where}, Price`, 'price');
  const exitPrice = parseQuantity(closePrice, `${where}, close Price`, 'price');
  if (volume === null || volume.value.isZero() || openPrice === null || exitPrice === null) {
    throw new StatementError('malformed', `${where}: a closed trade needs its Size and both Prices.`);
  }
  return {
    transaction: {
      kind: 'trade',
      ticket: at(grid, 'ticket'),
      // MT4 shows a trade once, when closed: its money hits the balance at the close time.
      time: normaliseMtTime(at(grid, 'close time'), `${where}, Close Time`),
      symbol: at(grid, 'item') || null,
      profit: formatMoney(amounts.profit),
      commission: formatMoney(amounts.commission),
      swap: formatMoney(amounts.swap),
      fee: formatMoney(amounts.taxes),
      comment: title ? title : null,
      entry: 'out',
    },
    amounts,
    trade: {
      side: at(grid, 'type').toLowerCase() === 'sell' ? 'sell' : 'buy',
      openedAt: normaliseMtTime(at(grid, 'open time'), `${where}, Open Time`),
      volume: volume.value,
      openPrice,
      closePrice: exitPrice,
      stopLoss: level(at(grid, 's / l'), `${where}, S / L`),
      takeProfit: level(at(grid, 't / p'), `${where}, T / P`),
      magic: null,
    },
  };
}

function readBalanceLine(row: Row, grid: readonly string[], at: ColumnReader, type: 'balance' | 'credit', where: string): Mt4Line {
  const amount = parseMoney(at(grid, 'profit'), `${where}, amount`);
  const zero = new Decimal(0);
  // The comment spans the columns between Type and Profit ("Deposit", "Withdrawal", "Bonus"…).
  const ticket = at(grid, 'ticket');
  const comment = row.cells
    .filter((c) => !c.hidden)
    .slice(3, -1)
    .map((c) => c.text)
    .join(' ')
    .trim();
  const kind = type === 'credit' ? 'credit' : amount.isZero() ? 'other-balance' : amount.isNegative() ? 'withdrawal' : 'deposit';
  return {
    transaction: {
      kind,
      ticket,
      time: normaliseMtTime(at(grid, 'open time'), `${where}, Time`),
      symbol: null,
      profit: formatMoney(amount),
      commission: formatMoney(zero),
      swap: formatMoney(zero),
      fee: formatMoney(zero),
      comment: comment === '' ? null : comment,
      entry: null,
    },
    amounts: { commission: zero, taxes: zero, swap: zero, profit: amount },
    trade: null,
  };
}
