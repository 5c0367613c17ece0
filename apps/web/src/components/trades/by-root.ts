import type { TradeFigures } from './types.js';

/** What a group table shows of a group: its trades, win rate and net. */
export type GroupRowFigures = Pick<TradeFigures, 'count' | 'winRate' | 'net'>;

/**
 * The per-symbol groups with a futures contract's months added up under its root: `MNQ (MNQH6, MNQM6)` holds the
 * trades, wins and net of both contracts (the win rate from their summed wins, so it stays exact). A symbol without a
 * root (`rootOf` null) stays its own row; the rows keep the order of each row's first symbol.
 */
export function symbolRowsByRoot(
  groups: readonly (TradeFigures & { key: string })[],
  rootOf: (symbol: string) => string | null,
): { name: string; figures: GroupRowFigures }[] {
  const rows = new Map<string, { symbols: string[]; root: string | null; count: number; wins: number; net: number }>();
  for (const g of groups) {
    const root = rootOf(g.key);
    const id = root === null ? `symbol:${g.key}` : `root:${root}`;
    const row = rows.get(id) ?? { symbols: [], root, count: 0, wins: 0, net: 0 };
    row.symbols.push(g.key);
    row.count += g.count;
    row.wins += g.wins;
    row.net += g.net;
    rows.set(id, row);
  }
  return [...rows.values()].map((row) => ({
    name: row.root === null ? (row.symbols[0] ?? '') : `${row.root} (${row.symbols.join(', ')})`,
    figures: {
      count: row.count,
      winRate: row.count === 0 ? null : Math.round((row.wins / row.count) * 10_000) / 10_000,
      // Amounts travel with at most 4 decimals; the sum of a few is rounded back to them (no float tail).
      net: Math.round(row.net * 10_000) / 10_000,
    },
  }));
}
