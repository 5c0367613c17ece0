import Decimal from 'decimal.js';
import { TradeFileError } from '../errors.js';
import type { FilePosition } from '../types.js';

/** One closing row of a position, read; `idColumn` names the id's header for errors. */
export interface ClosingRow {
  position: FilePosition;
  idColumn: string;
}

/**
 * Partial closes: cTrader lists each closing deal of a position as its own row under the same position ID. They
 * become one position: volumes and money summed, the entry and closing prices weighted by the volume each row closed,
 * opened at the earliest opening and closed at the last closing. Positions keep the order of their first row.
 */
export function mergePartialCloses(rows: readonly ClosingRow[]): FilePosition[] {
  const byId = new Map<string, [FilePosition, ...FilePosition[]]>();
  for (const { position, idColumn } of rows) {
    const parts = byId.get(position.position);
    if (parts === undefined) {
      byId.set(position.position, [position]);
      continue;
    }
    const [first] = parts;
    if (first.symbol !== position.symbol || first.side !== position.side || first.volumeUnit !== position.volumeUnit) {
      throw new TradeFileError(
        'unreadable_row',
        `Line ${position.rows[0]}: position ${position.position} is ${position.side} ${position.symbol} here but ` +
          `${first.side} ${first.symbol} on line ${first.rows[0]}; one position ID cannot be two positions.`,
        { row: position.rows[0], column: idColumn, value: position.position },
        { reason: 'position_conflict', params: { position: position.position, line: first.rows[0] ?? 0 } },
      );
    }
    parts.push(position);
  }
  return [...byId.values()].map(combine);
}

function combine(parts: [FilePosition, ...FilePosition[]]): FilePosition {
  const [first] = parts;
  if (parts.length === 1) return first;
  const volume = Decimal.sum(...parts.map((p) => p.volume));
  const weighted = (price: (p: FilePosition) => string) => {
    const places = Math.max(...parts.map((p) => new Decimal(price(p)).decimalPlaces()));
    const total = Decimal.sum(...parts.map((p) => new Decimal(price(p)).times(p.volume)));
    // Two more places than the file writes keep the average exact enough to recompute the profit to the cent.
    return volume.isZero()
      ? price(first)
      : total
          .dividedBy(volume)
          .toDecimalPlaces(places + 2)
          .toFixed();
  };
  const sum = (money: (p: FilePosition) => string) => Decimal.sum(...parts.map(money)).toFixed();
  const earliest = parts.reduce((a, b) => (b.openedAt.local < a.openedAt.local ? b : a)).openedAt;
  const latest = parts.reduce((a, b) => (b.closedAt.local > a.closedAt.local ? b : a)).closedAt;
  return {
    ...first,
    volume: volume.toFixed(),
    openedAt: earliest,
    closedAt: latest,
    openPrice: weighted((p) => p.openPrice),
    closePrice: weighted((p) => p.closePrice),
    commission: sum((p) => p.commission),
    swap: sum((p) => p.swap),
    fee: sum((p) => p.fee),
    profit: sum((p) => p.profit),
    net: sum((p) => p.net),
    rows: parts.flatMap((p) => p.rows),
  };
}
