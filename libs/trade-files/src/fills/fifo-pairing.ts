import Decimal from 'decimal.js';
import type { FilePosition } from '../types.js';

/** One execution as a fills export lists it. */
export interface Fill {
  id: string;
  /** Fills pair only within one account and one contract month. */
  account: string;
  contract: string;
  side: 'buy' | 'sell';
  /** Whole contracts, positive. */
  quantity: Decimal;
  price: string;
  /** Sort key: 'YYYY-MM-DD HH:MM:SS' then milliseconds (all fills of a file share one clock). */
  local: string;
  millis: number;
  /** The clock's UTC offset where the file states it (Tradovate's UTC machine time), else null. */
  offsetMinutes: number | null;
  /** The fill's commission, negative or zero. */
  commission: Decimal;
  line: number;
  /**
   * What the file says the fill did to the position (DXtrade's `Position effect`), where it says it: an opening fill
   * never closes (a hedging account holds both sides of one instrument), a closing fill never opens. Absent: the
   * fill closes whatever the other side holds and the rest opens (a netting account, Tradovate).
   */
  effect?: 'open' | 'close';
  /** The realised profit the file writes on a closing fill (DXtrade's `Closed P&L`), shared over its pairs like commission. */
  profit?: Decimal;
  /**
   * The file's order of execution for fills of one time and no ordered ids, where it is not the line order (a file
   * that lists the newest fill first); the line otherwise.
   */
  sequence?: number;
}

/** A quantity of one opening fill closed by one later fill of the other side. */
export interface FillPair {
  open: Fill;
  close: Fill;
  quantity: Decimal;
  /** Each fill's commission in proportion to the quantity of it this pair uses, to the cent (negative or zero). */
  openCommission: Decimal;
  closeCommission: Decimal;
  /** The closing fill's stated profit in proportion to the quantity of it this pair uses, to the cent; null when it has none. */
  closeProfit: Decimal | null;
}

export interface FifoResult {
  /** In the order they closed. */
  pairs: FillPair[];
  /** Fills (or parts of them) still open at the end of the file: a position the export window cut. */
  open: { fill: Fill; quantity: Decimal }[];
  /** Closing fills (or parts of them) that found nothing open: the position opened before the export window. */
  unopened: { fill: Fill; quantity: Decimal }[];
}

/**
 * Pairs fills first in, first out, as Tradovate's own Performance report does: per account and contract, in time
 * order, each fill first closes the oldest open quantity of the other side; what is left of it opens (a fill that
 * crosses zero closes the old position and opens the reverse one). A fill that is split across pairs (partial
 * closes, an entry filled in parts) lends each pair its share of its commission, the last share taking the remainder
 * so the shares add up to the fill's commission to the cent. Where the file says which fills open and which close
 * (`effect`), an opening fill only opens and a closing fill only closes the oldest lot of the other side: what it
 * finds nothing open for is `unopened`, not a new position.
 */
export function pairFillsFifo(fills: readonly Fill[]): FifoResult {
  const ordered = [...fills].sort(byExecution);
  const queues = new Map<string, { fill: Fill; left: Decimal }[]>();
  const commissions = new Shares((fill) => fill.commission);
  const profits = new Shares((fill) => fill.profit ?? new Decimal(0));
  const pairs: FillPair[] = [];
  const unopened: FifoResult['unopened'] = [];
  for (const fill of ordered) {
    const key = JSON.stringify([fill.account, fill.contract]);
    const queue = queues.get(key) ?? [];
    queues.set(key, queue);
    let left = fill.quantity;
    // The oldest lot of the other side: without effects a queue only ever holds one side, so that is its head; with
    // them (a hedging account) the first of the other side.
    const oldest = (): number => {
      if (fill.effect === 'open') return -1;
      if (fill.effect === 'close') return queue.findIndex((lot) => lot.fill.side !== fill.side);
      return queue[0] !== undefined && queue[0].fill.side !== fill.side ? 0 : -1;
    };
    for (let at = oldest(), lot = queue[at]; lot !== undefined && left.gt(0); at = oldest(), lot = queue[at]) {
      const quantity = Decimal.min(lot.left, left);
      pairs.push({
        open: lot.fill,
        close: fill,
        quantity,
        openCommission: commissions.take(lot.fill, quantity),
        closeCommission: commissions.take(fill, quantity),
        closeProfit: fill.profit === undefined ? null : profits.take(fill, quantity),
      });
      lot.left = lot.left.minus(quantity);
      left = left.minus(quantity);
      if (lot.left.isZero()) queue.splice(at, 1);
    }
    if (left.gt(0) && fill.effect === 'close') unopened.push({ fill, quantity: left });
    else if (left.gt(0)) queue.push({ fill, left });
  }
  const open = [...queues.values()].flatMap((q) => q.map((lot) => ({ fill: lot.fill, quantity: lot.left })));
  return { pairs, open, unopened };
}

/**
 * One amount per fill (its commission, its stated profit) handed out in proportion to the quantity each pair takes,
 * to the cent, the last share taking the remainder so the shares add up to the fill's amount exactly.
 */
class Shares {
  private readonly left = new Map<Fill, { quantity: Decimal; amount: Decimal }>();
  constructor(private readonly amountOf: (fill: Fill) => Decimal) {}

  take(fill: Fill, quantity: Decimal): Decimal {
    const whole = this.amountOf(fill);
    const left = this.left.get(fill) ?? { quantity: fill.quantity, amount: whole };
    const share = quantity.equals(left.quantity)
      ? left.amount
      : whole.times(quantity).dividedBy(fill.quantity).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    this.left.set(fill, { quantity: left.quantity.minus(quantity), amount: left.amount.minus(share) });
    return share;
  }
}

/**
 * Time order; within one millisecond the lower numeric fill id (ids grow with time); then, in a file that says which
 * fills open, the opening fill first (a file written to the minute puts a trade's open and close in one minute, and
 * the close can only close what is open); then the file's own order.
 */
function byExecution(a: Fill, b: Fill): number {
  if (a.local !== b.local) return a.local < b.local ? -1 : 1;
  if (a.millis !== b.millis) return a.millis - b.millis;
  if (/^\d+$/.test(a.id) && /^\d+$/.test(b.id) && a.id !== b.id) return BigInt(a.id) < BigInt(b.id) ? -1 : 1;
  if (a.effect !== undefined && b.effect !== undefined && a.effect !== b.effect) return a.effect === 'open' ? -1 : 1;
  return (a.sequence ?? a.line) - (b.sequence ?? b.line);
}

/**
 * A pair as a closed position: its open and close instants and prices, each fill's commission share, the profit the
 * reader worked out (stated, or priced from the contract), net = profit + commission + swap, and the two lines first to
 * last. What differs by platform (the position's id and symbol, the side's name, the volume unit, the profit, a swap)
 * is the reader's.
 */
export function positionOfPair(
  pair: FillPair,
  own: { position: string; symbol: string; side: 'buy' | 'sell'; volumeUnit: FilePosition['volumeUnit']; profit: Decimal; swap?: Decimal },
): FilePosition {
  const { open, close } = pair;
  const commission = pair.openCommission.plus(pair.closeCommission);
  const swap = own.swap ?? new Decimal(0);
  return {
    position: own.position,
    symbol: own.symbol,
    side: own.side,
    volume: pair.quantity.toFixed(),
    volumeUnit: own.volumeUnit,
    openedAt: { local: open.local, offsetMinutes: open.offsetMinutes },
    closedAt: { local: close.local, offsetMinutes: close.offsetMinutes },
    openPrice: open.price,
    closePrice: close.price,
    commission: commission.toFixed(),
    swap: swap.toFixed(),
    fee: '0',
    profit: own.profit.toFixed(),
    net: own.profit.plus(commission).plus(swap).toFixed(),
    rows: open.line < close.line ? [open.line, close.line] : [close.line, open.line],
  };
}
