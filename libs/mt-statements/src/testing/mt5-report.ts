/**
 * MT5 history reports built to order for tests, benchmarks and chaos runs (exported as
 * `@propfolio/mt-statements/testing`; the reader never imports it). One builder, so that every suite feeds the
 * reader the same terminal layout: title, account line, optional Positions table, Deals heading and header, rows,
 * totals row, account block, closing tag. Cells use HTML's implied `</td>` so a deal costs about 60 bytes, and the
 * text is UTF-8 (the terminal writes UTF-16LE; the reader takes both). Pure, like the library: bytes in memory only.
 */

/**
 * One Deals row, its Balance cell left empty: a balance-type deal (no symbol) of `profit` at `time`
 * ('YYYY.MM.DD HH:MM:SS'), or with `trade`, a buy/sell deal. Commission, fee and swap are 0.
 */
export interface ReportDeal {
  time: string;
  profit: string;
  trade?: { symbol: string; type: 'buy' | 'sell'; direction: string; volume: string; price: string; order: string };
}

/** A Positions-table row: [open time, position, symbol, type, volume, price, S / L, T / P, close time, close price]. */
export type BuiltPosition = [string, string, string, string, string, string, string, string, string, string];

export interface ReportOptions {
  /** The account login in the title and account line; '1' by default. */
  login?: string;
  /** When the report was written ('YYYY.MM.DD HH:MM'). */
  writtenAt?: string;
  /** The totals row and closing balance; by default the exact sum of the deals' profits (give another to test a cut file). */
  total?: string;
  positions?: readonly BuiltPosition[];
}

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

/** The exact sum of two-decimal amounts, in cents (floating point would drift over thousands of deals). */
function sumOf(deals: readonly ReportDeal[]): string {
  let cents = 0n;
  for (const d of deals) {
    const [whole = '0', fraction = ''] = d.profit.replace('-', '').split('.');
    const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
    cents += d.profit.startsWith('-') ? -value : value;
  }
  const abs = cents < 0n ? -cents : cents;
  return `${cents < 0n ? '-' : ''}${String(abs / 100n)}.${String(abs % 100n).padStart(2, '0')}`;
}

/** An MT5 history report of `deals` (see {@link ReportOptions} for the login, date, total and positions). */
export function mt5Report(deals: readonly ReportDeal[], options: ReportOptions = {}): Uint8Array {
  const { login = '1', writtenAt = '2026.11.27 10:00', total = sumOf(deals), positions = [] } = options;
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
  return new TextEncoder().encode(
    `<html><head><title>${login}: A - Trade History Report</title></head><body><table>\n` +
      `<tr><th colspan="4">Account:</th><th colspan="10">${login} (USD, S, real, Hedge)</th></tr><tr><th colspan="4">Date:</th><th>${writtenAt}</th></tr>\n` +
      positionsTable +
      `<tr><th colspan="14">Deals</th></tr><tr>${DEALS.map((h) => `<td>${h}</td>`).join('')}</tr>\n` +
      rows.join('') +
      `<tr><td colspan="8"></td><td>0</td><td>0</td><td>0</td><td>${total}</td><td></td><td></td></tr>\n` +
      `<tr><td colspan="3">Balance:</td><td colspan="2">${total}</td></tr>\n` +
      '</table></body></html>',
  );
}

export interface BuiltReport {
  bytes: Uint8Array;
  days: number;
  deals: number;
}

const mtDate = (day: Date): string => day.toISOString().slice(0, 10).replaceAll('-', '.');

export interface DaysOptions {
  /** The last day, also the day the report is written; 2026-11-20 by default. */
  lastDay?: Date;
  /**
   * `true` (default): a first deposit of 100,000.00, then alternating +1.00 and -1.00, so the balance never goes below
   * zero; `false`: every deal +1.00 from a zero balance (the balance grows by `dealsPerDay` a day).
   */
  deposit?: boolean;
}

/** `days` consecutive calendar days ending on `lastDay`, `dealsPerDay` balance deals each, for account `login`. */
export function reportOfDays(login: string, days: number, dealsPerDay: number, options: DaysOptions = {}): BuiltReport {
  const { lastDay = new Date('2026-11-20T00:00:00Z'), deposit = true } = options;
  const deals: ReportDeal[] = [];
  const first = lastDay.getTime() - (days - 1) * 86_400_000;
  for (let d = 0; d < days; d++) {
    const date = mtDate(new Date(first + d * 86_400_000));
    for (let k = 0; k < dealsPerDay; k++) {
      const time = `${date} ${String(10 + (k % 12)).padStart(2, '0')}:${String(k % 60).padStart(2, '0')}:00`;
      const profit = !deposit ? '1.00' : deals.length === 0 ? '100000.00' : k % 2 === 0 ? '1.00' : '-1.00';
      deals.push({ time, profit });
    }
  }
  return { bytes: mt5Report(deals, { login, writtenAt: `${mtDate(lastDay)} 10:00` }), days, deals: deals.length };
}
