import { utf8 } from './load-fixture.js';

/**
 * One Deals row of {@link mt5Report}, its Balance cell left empty: a balance-type deal (no symbol) of `profit`,
 * or with `trade`, a buy/sell deal.
 */
export interface BuiltDeal {
  time: string;
  profit: string;
  trade?: { symbol: string; type: 'buy' | 'sell'; direction: string; volume: string; price: string; order: string };
}

/** A Positions-table row: [open time, position, symbol, type, volume, price, S / L, T / P, close time, close price]. */
export type BuiltPosition = [string, string, string, string, string, string, string, string, string, string];

const POSITIONS = [
  'Time',
  'Position',
  'Symbol',
  'Type',
  'Volume',
  'Price',
  'S / L',
  'T / P',
  'Time',
  'Price',
  'Commission',
  'Swap',
  'Profit',
];
const DEALS = [
  'Time',
  'Deal',
  'Symbol',
  'Type',
  'Direction',
  'Volume',
  'Price',
  'Order',
  'Commission',
  'Fee',
  'Swap',
  'Profit',
  'Balance',
  'Comment',
];

/**
 * The smallest MT5 history report the reader accepts, in the terminal's layout (title, account line, optional
 * Positions table, Deals heading and header, rows, totals row, account block, closing tag), for files too large or
 * too odd to keep as fixtures. Cells use HTML's implied `</td>` so each deal costs about 60 bytes. `profits` must
 * sum to `total` (the totals row); commissions, fees and swaps are 0.
 */
export function mt5Report(
  deals: readonly BuiltDeal[],
  total: string,
  date = '2026.11.27 10:00',
  positions: readonly BuiltPosition[] = [],
): Uint8Array {
  const rows = deals.map((d, i) => {
    const t = d.trade;
    const trade = t
      ? `${t.symbol}<td>${t.type}<td>${t.direction}<td>${t.volume}<td>${t.price}<td>${t.order}`
      : '<td>balance<td><td><td><td>';
    return `<tr><td>${d.time}<td>${String(i + 1)}<td>${trade}<td>0<td>0<td>0<td>${d.profit}<td><td>\n`;
  });
  const positionsTable =
    positions.length === 0
      ? ''
      : `<tr><th colspan="14">Positions</th></tr><tr>${POSITIONS.map((h) => `<td>${h}</td>`).join('')}</tr>\n` +
        positions.map((p) => `<tr>${p.map((c) => `<td>${c}</td>`).join('')}<td>0<td>0<td>0</tr>\n`).join('') +
        '<tr><td colspan="10"></td><td>0</td><td>0</td><td>0</td></tr>\n';
  return utf8(
    '<html><head><title>1: A - Trade History Report</title></head><body><table>\n' +
      `<tr><th colspan="4">Account:</th><th colspan="10">1 (USD, S, real, Hedge)</th></tr><tr><th colspan="4">Date:</th><th>${date}</th></tr>\n` +
      positionsTable +
      `<tr><th colspan="14">Deals</th></tr><tr>${DEALS.map((h) => `<td>${h}</td>`).join('')}</tr>\n` +
      rows.join('') +
      `<tr><td colspan="8"></td><td>0</td><td>0</td><td>0</td><td>${total}</td><td></td><td></td></tr>\n` +
      `<tr><td colspan="3">Balance:</td><td colspan="2">${total}</td></tr>\n` +
      '</table></body></html>',
  );
}
