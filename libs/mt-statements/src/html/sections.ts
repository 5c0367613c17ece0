import { bannerOf, type Row } from './table-rows.js';

/** Index of the first row at or after `from` whose banner text is one of `names` (case-insensitive), or -1. */
export function findBanner(rows: readonly Row[], names: readonly string[], from = 0): number {
  const wanted = names.map((n) => n.toLowerCase());
  for (let i = from; i < rows.length; i++) {
    const text = bannerOf(rows[i] as Row);
    if (text !== null && wanted.includes(text.toLowerCase())) return i;
  }
  return -1;
}

/** Column positions by header text (lower-cased); the first occurrence wins (MT5 repeats "Time" and "Price"). */
export function columnIndex(header: readonly string[]): Map<string, number> {
  const map = new Map<string, number>();
  header.forEach((text, i) => {
    const key = text.toLowerCase();
    if (key !== '' && !map.has(key)) map.set(key, i);
  });
  return map;
}

/**
 * Position of the first column named `name` to the right of column `after`: the second "Time" and "Price" of MT's
 * position rows (close time, close price) are the ones after "T / P". Undefined when there is none.
 */
export function columnAfter(header: readonly string[], name: string, after: number | undefined): number | undefined {
  if (after === undefined) return undefined;
  const at = header.findIndex((text, i) => i > after && text.toLowerCase() === name);
  return at < 0 ? undefined : at;
}
