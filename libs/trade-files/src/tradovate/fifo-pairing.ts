import Decimal from 'decimal.js';

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
}

/** A quantity of one opening fill closed by one later fill of the other side. */
export interface FillPair {
  open: Fill;
  close: Fill;
  quantity: Decimal;
  /** Each fill's commission in proportion to the quantity of it this pair uses, to the cent (negative or zero). */
  openCommission: Decimal;
  closeCommission: Decimal;
}

export interface FifoResult {
  /** In the order they closed. */
  pairs: FillPair[];
  /** Fills (or parts of them) still open at the end of the file: a position the export window cut. */
  open: { fill: Fill; quantity: Decimal }[];
}

/**
 * Pairs fills first in, first out, as Tradovate's own Performance report does: per account and contract, in time
 * order, each fill first closes the oldest open quantity of the other side; what is left of it opens (a fill that
 * crosses zero closes the old position and opens the reverse one). A fill that is split across pairs (partial
 * closes, an entry filled in parts) lends each pair its share of its commission, the last share taking the remainder
 * so the shares add up to the fill's commission to the cent.
 */
export function pairFillsFifo(fills: readonly Fill[]): FifoResult {
  const ordered = [...fills].sort(byExecution);
  const queues = new Map<string, { fill: Fill; left: Decimal }[]>();
  const commissionLeft = new Map<Fill, { quantity: Decimal; commission: Decimal }>();
  const shareOf = (fill: Fill, quantity: Decimal): Decimal => {
    const left = commissionLeft.get(fill) ?? { quantity: fill.quantity, commission: fill.commission };
    const share = quantity.equals(left.quantity)
      ? left.commission
      : fill.commission.times(quantity).dividedBy(fill.quantity).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    commissionLeft.set(fill, { quantity: left.quantity.minus(quantity), commission: left.commission.minus(share) });
    return share;
  };
  const pairs: FillPair[] = [];
  for (const fill of ordered) {
    const key = JSON.stringify([fill.account, fill.contract]);
    const queue = queues.get(key) ?? [];
    queues.set(key, queue);
    let left = fill.quantity;
    for (let lot = queue[0]; lot !== undefined && lot.fill.side !== fill.side && left.gt(0); lot = queue[0]) {
      const quantity = Decimal.min(lot.left, left);
      pairs.push({
        open: lot.fill,
        close: fill,
        quantity,
        openCommission: shareOf(lot.fill, quantity),
        closeCommission: shareOf(fill, quantity),
      });
      lot.left = lot.left.minus(quantity);
      left = left.minus(quantity);
      if (lot.left.isZero()) queue.shift();
    }
    if (left.gt(0)) queue.push({ fill, left });
  }
  const open = [...queues.values()].flatMap((q) => q.map((lot) => ({ fill: lot.fill, quantity: lot.left })));
  return { pairs, open };
}

/** Time order; within one millisecond the lower numeric fill id (ids grow with time), then the file's own order. */
function byExecution(a: Fill, b: Fill): number {
  if (a.local !== b.local) return a.local < b.local ? -1 : 1;
  if (a.millis !== b.millis) return a.millis - b.millis;
  if (/^\d+$/.test(a.id) && /^\d+$/.test(b.id) && a.id !== b.id) return BigInt(a.id) < BigInt(b.id) ? -1 : 1;
  return a.line - b.line;
}
