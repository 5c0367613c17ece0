import { StatementError } from './errors.js';
import { Decimal, formatMoney, PRICE_DECIMALS, sumMoney } from './money.js';
import type { Position, PositionDeal } from './types.js';

/** Longest symbol name a position may have: MT5 symbol names are at most 31 characters. */
export const MAX_SYMBOL_LENGTH = 32;

/** An entry or exit while positions are being built: numbers still Decimals. */
export interface Fill {
  deal: string;
  time: string;
  volume: Decimal;
  price: Decimal;
  /** The price as written, thousands separators dropped ('2115.40'): Decimal would forget the trailing zero. */
  priceText: string;
  profit: Decimal;
  commission: Decimal;
  swap: Decimal;
  fee: Decimal;
}

/** A position being built; {@link finishPosition} checks it and writes it out. */
export interface PositionDraft {
  id: string;
  symbol: string;
  side: 'buy' | 'sell';
  entries: Fill[];
  exits: Fill[];
  /** Lots still open (entries minus exits), kept as fills arrive so no deal re-sums the position. */
  openLots: Decimal;
  comment: string | null;
  magic: string | null;
  stopLoss: string | null;
  takeProfit: string | null;
}

const total = (fills: readonly Fill[], pick: (f: Fill) => Decimal): Decimal => sumMoney(fills.map(pick));

/** A draft opened by its first entry. */
export function openDraft(fields: Omit<PositionDraft, 'entries' | 'exits' | 'openLots'>, entry: Fill): PositionDraft {
  return { ...fields, entries: [entry], exits: [], openLots: entry.volume };
}

/** Adds to an open position (a netting account's second `in` on the symbol). */
export function addEntry(p: PositionDraft, entry: Fill): void {
  p.entries.push(entry);
  p.openLots = p.openLots.plus(entry.volume);
}

/**
 * Adds an exit, refusing one larger than what is still open: the report would then close more lots than were
 * opened, which no account can do, so the pairing (or the file) is wrong.
 */
export function addExit(p: PositionDraft, exit: Fill): void {
  if (exit.volume.greaterThan(p.openLots)) {
    throw new StatementError(
      'malformed',
      `Position ${p.id} (${p.symbol}): deal ${exit.deal} closes ${exit.volume.toFixed()} lots, but only ${p.openLots.toFixed()} are open.`,
    );
  }
  p.exits.push(exit);
  p.openLots = p.openLots.minus(exit.volume);
}

/**
 * Σ volume × price / Σ volume, to two more decimals than the most precise price given but at most
 * {@link PRICE_DECIMALS} (round half even): the price itself when there is one fill or all agree, and an average
 * close enough for any P&L check otherwise.
 */
function weightedPrice(fills: readonly Fill[]): string {
  const places = Math.max(...fills.map((f) => f.priceText.split('.')[1]?.length ?? 0));
  const volume = total(fills, (f) => f.volume);
  const value = total(fills, (f) => f.volume.times(f.price))
    .div(volume)
    .toDecimalPlaces(Math.min(places + 2, PRICE_DECIMALS), Decimal.ROUND_HALF_EVEN);
  return value.toFixed(Math.max(places, value.decimalPlaces()));
}

const volumeText = (v: Decimal): string => v.toFixed(Math.max(2, v.decimalPlaces()));

function dealOf(f: Fill): PositionDeal {
  return {
    deal: f.deal,
    time: f.time,
    volume: volumeText(f.volume),
    price: f.priceText,
    profit: formatMoney(f.profit),
    commission: formatMoney(f.commission),
    swap: formatMoney(f.swap),
    fee: formatMoney(f.fee),
  };
}

/**
 * A fully closed draft as a {@link Position}, after the checks that name it: a symbol MT could have written,
 * exits exactly matching the entries, and no exit before the first entry.
 */
export function finishPosition(p: PositionDraft): Position {
  const where = `Position ${p.id}`;
  if (p.symbol === '') throw new StatementError('malformed', `${where}: a trade without a symbol.`);
  if (p.symbol.length > MAX_SYMBOL_LENGTH) {
    throw new StatementError(
      'malformed',
      `${where}: the symbol "${p.symbol.slice(0, 40)}…" is longer than ${MAX_SYMBOL_LENGTH} characters.`,
    );
  }
  const first = p.entries[0];
  const last = p.exits.at(-1);
  if (first === undefined || last === undefined || !p.openLots.isZero()) {
    throw new StatementError('malformed', `${where} (${p.symbol}) is not closed by its exits.`);
  }
  const openedAt = p.entries.reduce((t, f) => (f.time < t ? f.time : t), first.time);
  const closedAt = p.exits.reduce((t, f) => (f.time > t ? f.time : t), last.time);
  const early = p.exits.find((f) => f.time < openedAt);
  if (early) {
    throw new StatementError(
      'malformed',
      `${where} (${p.symbol}): deal ${early.deal} closes it at ${early.time}, before it opened at ${openedAt}.`,
    );
  }
  const all = [...p.entries, ...p.exits];
  const money = {
    commission: total(all, (f) => f.commission),
    swap: total(all, (f) => f.swap),
    fee: total(all, (f) => f.fee),
    profit: total(all, (f) => f.profit),
  };
  return {
    position: p.id,
    symbol: p.symbol,
    side: p.side,
    volume: volumeText(total(p.entries, (f) => f.volume)),
    openedAt,
    closedAt,
    openPrice: weightedPrice(p.entries),
    closePrice: weightedPrice(p.exits),
    stopLoss: p.stopLoss,
    takeProfit: p.takeProfit,
    commission: formatMoney(money.commission),
    swap: formatMoney(money.swap),
    fee: formatMoney(money.fee),
    profit: formatMoney(money.profit),
    net: formatMoney(money.profit.plus(money.commission).plus(money.swap).plus(money.fee)),
    comment: p.comment,
    magic: p.magic,
    entries: p.entries.map(dealOf),
    exits: p.exits.map(dealOf),
  };
}
