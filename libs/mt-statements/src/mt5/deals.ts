import { StatementError } from '../errors.js';
import { columnIndex } from '../html/sections.js';
import { gridOf, type Row } from '../html/table-rows.js';
import { Decimal, formatMoney, isMoney, parseMoney, parseQuantity } from '../money.js';
import { isMtTime, normaliseMtTime } from '../time.js';
import type { Transaction } from '../types.js';
import { dealEntry, dealKind } from './deal-kind.js';

export interface Mt5Deal {
  transaction: Transaction;
  /** The Balance column after the deal; null when the cell is empty. */
  balanceAfter: Decimal | null;
  /** The raw column amounts, for the totals check. */
  amounts: { commission: Decimal; fee: Decimal; swap: Decimal; profit: Decimal };
  /** A trade deal's lots, price and order ticket (an opening order's ticket is MT5's position id); null otherwise. */
  trade: { side: 'buy' | 'sell'; volume: Decimal; price: { value: Decimal; text: string }; order: string } | null;
}

export interface Mt5Totals {
  commission: Decimal;
  fee: Decimal;
  swap: Decimal;
  profit: Decimal;
  balance: Decimal | null;
}

export interface Mt5DealsTable {
  deals: Mt5Deal[];
  /** The totals row under the table; null when the table stops without one (a cut file). */
  totals: Mt5Totals | null;
  /** Index of the row after the table. */
  end: number;
}

const REQUIRED = ['time', 'deal', 'symbol', 'type', 'direction', 'volume', 'price', 'commission', 'swap', 'profit', 'balance'] as const;

function columnsOf(header: Row): Map<string, number> {
  const columns = columnIndex(gridOf(header));
  const missing = REQUIRED.filter((c) => !columns.has(c));
  if (missing.length > 0) {
    throw new StatementError(
      'malformed',
      `The MT5 Deals table lacks the column(s) ${missing.join(', ')}. Only English-language reports are read: ` +
        'switch the terminal to English (View → Languages) and save the report again.',
    );
  }
  return columns;
}

/**
 * Reads the Deals table from its header row to the totals row under it. Every deal becomes one
 * transaction: a trade deal keeps its commission, fee, swap and profit; a balance-type deal (empty
 * symbol, type balance/credit/charge/…) has its amount in Profit.
 */
export function readDealsTable(rows: readonly Row[], headerAt: number): Mt5DealsTable {
  const header = rows[headerAt];
  if (!header) throw new StatementError('truncated', 'The MT5 report ends right after the "Deals" heading.');
  const columns = columnsOf(header);
  const col = (grid: readonly string[], name: string): string => {
    const i = columns.get(name);
    return i === undefined ? '' : (grid[i] ?? '');
  };

  const deals: Mt5Deal[] = [];
  let i = headerAt + 1;
  for (; i < rows.length; i++) {
    const grid = gridOf(rows[i] as Row);
    const time = col(grid, 'time');
    if (isMtTime(time)) {
      deals.push(readDeal(grid, col));
      continue;
    }
    // The totals row: no time, the money columns filled (MT5 spans the first eight cells).
    const moneyCells = ['commission', 'swap', 'profit'].map((c) => col(grid, c));
    if (time === '' && moneyCells.every((c) => c !== '' && isMoney(c))) {
      const at = `the Deals totals row`;
      const balance = col(grid, 'balance');
      return {
        deals,
        totals: {
          commission: parseMoney(col(grid, 'commission'), at),
          fee: parseMoney(col(grid, 'fee'), at),
          swap: parseMoney(col(grid, 'swap'), at),
          profit: parseMoney(col(grid, 'profit'), at),
          balance: balance === '' ? null : parseMoney(balance, at),
        },
        end: i + 1,
      };
    }
    break; // a spacer or the next section: the table ended without its totals
  }
  return { deals, totals: null, end: i };
}

function readDeal(grid: readonly string[], col: (grid: readonly string[], name: string) => string): Mt5Deal {
  const ticket = col(grid, 'deal');
  const where = `MT5 deal ${ticket || '(no number)'}`;
  const amounts = {
    commission: parseMoney(col(grid, 'commission'), `${where}, Commission`),
    fee: parseMoney(col(grid, 'fee'), `${where}, Fee`),
    swap: parseMoney(col(grid, 'swap'), `${where}, Swap`),
    profit: parseMoney(col(grid, 'profit'), `${where}, Profit`),
  };
  const net = amounts.commission.plus(amounts.fee).plus(amounts.swap).plus(amounts.profit);
  const type = col(grid, 'type');
  const kind = dealKind(type, net);
  const entry = kind === 'trade' ? dealEntry(col(grid, 'direction')) : null;
  if (kind === 'trade' && entry === null) {
    throw new StatementError(
      'malformed',
      `${where}: a ${type} deal needs a Direction (in, out, inout, out by), found "${col(grid, 'direction')}".`,
    );
  }
  if (ticket === '') throw new StatementError('malformed', `A deal at ${col(grid, 'time')} has no deal number.`);
  const balance = col(grid, 'balance');
  const symbol = col(grid, 'symbol');
  const comment = col(grid, 'comment');
  let trade: Mt5Deal['trade'] = null;
  if (kind === 'trade') {
    const volume = parseQuantity(col(grid, 'volume'), `${where}, Volume`, 'volume');
    const price = parseQuantity(col(grid, 'price'), `${where}, Price`, 'price');
    if (volume === null || volume.value.isZero() || price === null) {
      throw new StatementError('malformed', `${where}: a ${type} deal needs its Volume and Price.`);
    }
    trade = { side: type.toLowerCase() === 'sell' ? 'sell' : 'buy', volume: volume.value, price, order: col(grid, 'order') };
  }
  return {
    transaction: {
      kind,
      ticket,
      time: normaliseMtTime(col(grid, 'time'), where),
      symbol: symbol === '' ? null : symbol,
      profit: formatMoney(amounts.profit),
      commission: formatMoney(amounts.commission),
      swap: formatMoney(amounts.swap),
      fee: formatMoney(amounts.fee),
      comment: comment === '' ? null : comment,
      entry,
    },
    balanceAfter: balance === '' ? null : parseMoney(balance, `${where}, Balance`),
    amounts,
    trade,
  };
}

export const netOf = (d: Mt5Deal): Decimal => d.amounts.commission.plus(d.amounts.fee).plus(d.amounts.swap).plus(d.amounts.profit);
