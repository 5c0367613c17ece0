import { utf8 } from './load-fixture.js';

/** One Deals row of {@link mt5Report}: a balance-type deal (no symbol) of `profit`, with its Balance cell left empty. */
export interface BuiltDeal {
  time: string;
  profit: string;
}

/**
 * The smallest MT5 history report the reader accepts, in the terminal's layout (title, Deals heading and header,
 * rows, totals row, account block, closing tag), for files too large or too odd to keep as fixtures. Cells use
 * HTML's implied `</td>` so each deal costs about 60 bytes. `profits` must sum to `total` (the totals row).
 */
export function mt5Report(deals: readonly BuiltDeal[], total: string, date = '2026.11.27 10:00'): Uint8Array {
  const header = [
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
  const rows = deals.map((d, i) => `<tr><td>${d.time}<td>${i + 1}<td><td>balance<td><td><td><td><td>0<td>0<td>0<td>${d.profit}<td><td>\n`);
  return utf8(
    '<html><head><title>1: A - Trade History Report</title></head><body><table>\n' +
      `<tr><th colspan="4">Account:</th><th colspan="10">1 (USD, S, real, Hedge)</th></tr><tr><th colspan="4">Date:</th><th>${date}</th></tr>\n` +
      `<tr><th colspan="14">Deals</th></tr><tr>${header.map((h) => `<td>${h}</td>`).join('')}</tr>\n` +
      rows.join('') +
      `<tr><td colspan="8"></td><td>0</td><td>0</td><td>0</td><td>${total}</td><td></td><td></td></tr>\n` +
      `<tr><td colspan="3">Balance:</td><td colspan="2">${total}</td></tr>\n` +
      '</table></body></html>',
  );
}
