import { StatementError } from '../errors.js';
import { columnAfter, columnIndex } from '../html/sections.js';
import { gridOf, type Row } from '../html/table-rows.js';
import { Decimal, parseQuantity } from '../money.js';
import { addEntry, addExit, finishPosition, openDraft, type Fill, type PositionDraft } from '../positions.js';
import { isMtTime, normaliseMtTime } from '../time.js';
import type { Position } from '../types.js';
import type { Mt5Deal } from './deals.js';

/** What the Positions table adds to the deals: when MT5 says a position closed, and its stop loss and take profit. */
export interface Mt5PositionRow {
  closedAt: string | null;
  stopLoss: string | null;
  takeProfit: string | null;
}

/**
 * The Positions table (closed positions: Time, Position, Symbol, Type, Volume, Price, S / L, T / P, Time, Price,
 * Commission, Swap, Profit) by position id. It is read for S/L, T/P and close times only: the money is the Deals
 * table's. A report without the table (or a layout we do not know) gives an empty map, never an error.
 */
export function readPositionsTable(rows: readonly Row[], headerAt: number): Map<string, Mt5PositionRow> {
  const found = new Map<string, Mt5PositionRow>();
  const header = rows[headerAt];
  if (!header) return found;
  const grid = gridOf(header);
  const columns = columnIndex(grid);
  const [positionAt, stopAt, takeAt] = [columns.get('position'), columns.get('s / l'), columns.get('t / p')];
  const closeAt = columnAfter(grid, 'time', takeAt);
  if (positionAt === undefined || stopAt === undefined || takeAt === undefined) return found;
  for (let i = headerAt + 1; i < rows.length; i++) {
    const cells = gridOf(rows[i] as Row);
    if (!isMtTime(cells[0] ?? '')) break; // the totals row or the next section
    const id = cells[positionAt] ?? '';
    const where = `MT5 position ${id}`;
    const level = (at: number): string | null => {
      const price = parseQuantity(cells[at] ?? '', where, 'price');
      return price === null || price.value.isZero() ? null : price.text;
    };
    const close = closeAt === undefined ? '' : (cells[closeAt] ?? '');
    found.set(id, {
      closedAt: isMtTime(close) ? normaliseMtTime(close, where) : null,
      stopLoss: level(stopAt),
      takeProfit: level(takeAt),
    });
  }
  return found;
}

/** How many open positions an exit may look past the oldest for one large enough: keeps pairing linear. */
const PAIRING_LOOKAHEAD = 16;

/**
 * Open positions of one symbol and side, oldest first. Closed ones stay in the array until the head passes
 * them, so removing one from the middle (a hedged position closed out of order) costs nothing.
 */
class OpenQueue {
  private readonly drafts: PositionDraft[] = [];
  private head = 0;
  private readonly closed = new Set<PositionDraft>();

  push(draft: PositionDraft): void {
    this.drafts.push(draft);
  }

  close(draft: PositionDraft): void {
    this.closed.add(draft);
    while (this.head < this.drafts.length && this.closed.has(this.drafts[this.head] as PositionDraft)) this.head++;
  }

  isOpen(draft: PositionDraft): boolean {
    return !this.closed.has(draft);
  }

  /** The oldest open position that can take `volume`, looking at most PAIRING_LOOKAHEAD deep; else the oldest. */
  pick(volume: Decimal): PositionDraft | undefined {
    let oldest: PositionDraft | undefined;
    let seen = 0;
    for (let i = this.head; i < this.drafts.length && seen < PAIRING_LOOKAHEAD; i++) {
      const draft = this.drafts[i] as PositionDraft;
      if (this.closed.has(draft)) continue;
      seen++;
      oldest ??= draft;
      if (draft.openLots.greaterThanOrEqualTo(volume)) return draft;
    }
    return oldest;
  }
}

const opposite = (side: 'buy' | 'sell'): 'buy' | 'sell' => (side === 'buy' ? 'sell' : 'buy');

/**
 * Closed positions from the Deals table. The table has no position column, so deals are paired the way the
 * account books them:
 * - an `in` deal opens a position whose id is the deal's Order (MT5 gives a position the ticket of the order that
 *   opened it); on a netting account it adds to the symbol's open position instead;
 * - an `out` / `out by` deal closes a position of its symbol on the other side: the one the Positions table says
 *   closed at that very time, else the oldest open one that has the lots (FIFO);
 * - an `inout` deal (netting reversal) closes the open position whole and opens the other side with the rest;
 *   its commission, fee and swap go to the exit, the new position's entry carries none.
 * Every deal's money stays at the deal's own time. Exits of a position opened before the report's period (no
 * entry in the file) and positions still open at its end are left out.
 */
export function buildMt5Positions(deals: readonly Mt5Deal[], table: ReadonlyMap<string, Mt5PositionRow>, netting: boolean): Position[] {
  const queues = new Map<string, OpenQueue>();
  const queueOf = (symbol: string, side: 'buy' | 'sell'): OpenQueue => {
    const key = `${side} ${symbol}`;
    const queue = queues.get(key) ?? new OpenQueue();
    queues.set(key, queue);
    return queue;
  };
  const byId = new Map<string, PositionDraft>();
  // Positions-table close time, side and symbol → the drafts it names, and how many of them were already used.
  const namedAt = new Map<string, { drafts: PositionDraft[]; used: number }>();
  const namedKey = (time: string, side: 'buy' | 'sell', symbol: string): string => `${time} ${side} ${symbol}`;
  /** The first still-open draft the Positions table says closed at this time (each draft is passed over once). */
  const named = (time: string, side: 'buy' | 'sell', symbol: string, queue: OpenQueue): PositionDraft | undefined => {
    const entry = namedAt.get(namedKey(time, side, symbol));
    if (!entry) return undefined;
    while (entry.used < entry.drafts.length && !queue.isOpen(entry.drafts[entry.used] as PositionDraft)) entry.used++;
    return entry.drafts[entry.used];
  };
  const positions: Position[] = [];

  const open = (deal: Mt5Deal, fill: Fill, side: 'buy' | 'sell', symbol: string): void => {
    const t = deal.transaction;
    const id = deal.trade?.order || t.ticket;
    const known = byId.get(id);
    if (known) {
      // One order filled in several deals (a partial fill): every deal adds to the position that order opened.
      if (known.symbol !== symbol || known.side !== side || known.openLots.isZero()) {
        throw new StatementError('malformed', `MT5 deal ${t.ticket} opens position ${id}, which the report already opened and closed.`);
      }
      addEntry(known, fill);
      return;
    }
    const row = table.get(id);
    const draft = openDraft(
      { id, symbol, side, comment: t.comment, magic: null, stopLoss: row?.stopLoss ?? null, takeProfit: row?.takeProfit ?? null },
      fill,
    );
    byId.set(id, draft);
    if (row?.closedAt) {
      const key = namedKey(row.closedAt, side, symbol);
      const entry = namedAt.get(key) ?? { drafts: [], used: 0 };
      entry.drafts.push(draft);
      namedAt.set(key, entry);
    }
    queueOf(symbol, side).push(draft);
  };
  const exit = (draft: PositionDraft, fill: Fill, comment: string | null): void => {
    addExit(draft, fill);
    if (!draft.openLots.isZero()) return;
    draft.comment ??= comment;
    queueOf(draft.symbol, draft.side).close(draft);
    positions.push(finishPosition(draft));
  };

  for (const deal of deals) {
    const t = deal.transaction;
    if (t.kind !== 'trade' || deal.trade === null) continue;
    const { side } = deal.trade;
    const symbol = t.symbol ?? '';
    if (symbol === '') throw new StatementError('malformed', `MT5 deal ${t.ticket}: a trade deal without a symbol.`);
    const zero = new Decimal(0);
    const fill: Fill = {
      deal: t.ticket,
      time: t.time,
      volume: deal.trade.volume,
      price: deal.trade.price.value,
      priceText: deal.trade.price.text,
      profit: deal.amounts.profit,
      commission: deal.amounts.commission,
      swap: deal.amounts.swap,
      fee: deal.amounts.fee,
    };
    if (t.entry === 'in') {
      const same = netting ? queueOf(symbol, side).pick(zero) : undefined;
      if (same) addEntry(same, fill);
      else if (netting && queueOf(symbol, opposite(side)).pick(zero)) {
        throw new StatementError(
          'malformed',
          `MT5 deal ${t.ticket}: an "in" ${side} on a netting account that holds the other side of ${symbol}.`,
        );
      } else open(deal, fill, side, symbol);
      continue;
    }
    const queue = queueOf(symbol, opposite(side));
    const target = t.entry === 'inout' ? queue.pick(zero) : (named(t.time, opposite(side), symbol, queue) ?? queue.pick(fill.volume));
    if (!target) continue; // opened before the report's period: no entry to pair it with
    if (t.entry !== 'inout') {
      exit(target, fill, t.comment);
      continue;
    }
    const closing = target.openLots;
    const rest = fill.volume.minus(closing);
    if (!rest.isPositive() || rest.isZero()) {
      throw new StatementError(
        'malformed',
        `MT5 deal ${t.ticket}: an "inout" of ${fill.volume.toFixed()} lots does not reverse position ${target.id} (${closing.toFixed()} open).`,
      );
    }
    exit(target, { ...fill, volume: closing }, t.comment);
    open(deal, { ...fill, volume: rest, profit: zero, commission: zero, swap: zero, fee: zero }, side, symbol);
  }
  return positions;
}
