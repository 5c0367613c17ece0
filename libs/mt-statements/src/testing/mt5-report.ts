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

/** The Positions table's header as the terminal writes it (open Time and Price, then the close's). */
const MT5_POSITIONS_HEADER: readonly string[] = [
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
/** The Deals table's header as the terminal writes it. */
const MT5_DEALS_HEADER: readonly string[] = [
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
      : `<tr><th colspan="14">Positions</th></tr><tr>${MT5_POSITIONS_HEADER.map((h) => `<td>${h}</td>`).join('')}</tr>\n` +
        positions.map((p) => `<tr>${p.map((c) => `<td>${c}</td>`).join('')}<td>0<td>0<td>0</tr>\n`).join('') +
        '<tr><td colspan="10"></td><td>0</td><td>0</td><td>0</td></tr>\n';
  return new TextEncoder().encode(
    `<html><head><title>${login}: A - Trade History Report</title></head><body><table>\n` +
      `<tr><th colspan="4">Account:</th><th colspan="10">${login} (USD, S, real, Hedge)</th></tr><tr><th colspan="4">Date:</th><th>${writtenAt}</th></tr>\n` +
      positionsTable +
      `<tr><th colspan="14">Deals</th></tr><tr>${MT5_DEALS_HEADER.map((h) => `<td>${h}</td>`).join('')}</tr>\n` +
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

/** The Orders table's header as the terminal writes it (its State column, then an empty one before Comment). */
const MT5_ORDERS_HEADER: readonly (string | null)[] = [
  'Open Time',
  'Order',
  'Symbol',
  'Type',
  'Volume',
  'Price',
  'S / L',
  'T / P',
  'Time',
  'State',
  null,
  'Comment',
];

/** What {@link mt5ReportSheet} lays out; cells are the caller's (text, numbers, a spreadsheet's date cells). */
export interface ReportSheet<C> {
  /** The login on the Account line; '51234567' by default. */
  login?: string;
  currency?: string;
  /** When the report was written ('YYYY.MM.DD HH:MM'). */
  writtenAt?: string;
  /** Positions rows in {@link MT5_POSITIONS_HEADER}'s columns, and the totals row under them. */
  positions: readonly (readonly C[])[];
  totals?: readonly C[];
  orders?: readonly (readonly C[])[];
  /** Deals rows in {@link MT5_DEALS_HEADER}'s columns (with the balance after each). */
  deals?: readonly (readonly C[])[];
}

/**
 * The history report as rows of cells, in the layout the terminal gives it when saved as XLSX (Report → Open XML):
 * `Trade History Report` in A1, the Name/Account/Company/Date lines with their values in column E, then each section's
 * title alone in column A over its header: Positions (rows, totals, an empty row), Orders, Deals. The same headers
 * as {@link mt5Report}'s HTML, so the XLSX reader's tests and the HTML reader's read one layout.
 */
export function mt5ReportSheet<C>(sheet: ReportSheet<C>): (C | string | null)[][] {
  const { login = '51234567', currency = 'USD', writtenAt = '2024.03.07 18:20' } = sheet;
  return [
    ['Trade History Report'],
    ['Name:', null, null, null, 'Alex Example'],
    ['Account:', null, null, null, `${login} (${currency}, ExamplePropMarkets-Live, real, Hedge)`],
    ['Company:', null, null, null, 'Example Prop Markets Ltd.'],
    ['Date:', null, null, null, writtenAt],
    ['Positions'],
    [...MT5_POSITIONS_HEADER],
    ...sheet.positions.map((r) => [...r]),
    ...(sheet.totals === undefined ? [] : [[...sheet.totals]]),
    [],
    ['Orders'],
    [...MT5_ORDERS_HEADER],
    ...(sheet.orders ?? []).map((r) => [...r]),
    ['Deals'],
    [...MT5_DEALS_HEADER],
    ...(sheet.deals ?? []).map((r) => [...r]),
  ];
}
