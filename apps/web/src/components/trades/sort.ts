import type { MessageKey } from '../../i18n/en.js';
import { TRADE_SORTS, type SortOrder, type TradeSort } from './contract.js';

export interface Ordering {
  sort: TradeSort;
  order: SortOrder;
}

/** The server's default: newest close first. */
export const DEFAULT_ORDERING: Ordering = { sort: 'closedAt', order: 'desc' };

/** The order a column starts in when first chosen: A to Z for a symbol, the largest or newest first for the rest. */
export const firstOrder = (sort: TradeSort): SortOrder => (sort === 'symbol' ? 'asc' : 'desc');

/** A header pressed: the same column flips its order, another starts in its first order. */
export function nextOrdering(current: Ordering, sort: TradeSort): Ordering {
  return current.sort === sort ? { sort, order: current.order === 'asc' ? 'desc' : 'asc' } : { sort, order: firstOrder(sort) };
}

/** Every ordering in words, for the phone's select: "Closed, newest first". */
export const ORDERINGS: { value: string; ordering: Ordering; label: MessageKey }[] = TRADE_SORTS.flatMap((sort) =>
  (['desc', 'asc'] as const).map((order) => ({
    value: `${sort}:${order}`,
    ordering: { sort, order },
    label: `tr.sort.${sort}.${order}` as const,
  })),
);

export const orderingValue = (o: Ordering) => `${o.sort}:${o.order}`;
