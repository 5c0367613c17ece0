/**
 * Test fixtures (exported from @propfolio/domain/testing), not used by the service.
 *
 * MT5 history reports built to size, for the statement-import attacks and their benchmark: the terminal's
 * layout (title, account block, Deals header, rows, totals), balance-type deals of ±1.00 so that every day has
 * deals and the balance stays known, UTF-8 so that a deal costs about 100 bytes.
 */
export interface BuiltReport {
  bytes: Buffer;
  days: number;
  deals: number;
}

const HEADER = [
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

const mtDate = (day: Date): string => day.toISOString().slice(0, 10).replaceAll('-', '.');

/** One deal row: a balance operation of `profit` at `time` ('YYYY.MM.DD HH:MM:SS'). */
export interface ReportDeal {
  time: string;
  profit: string;
}

/** A report of `deals` for account `login`, written at `writtenAt` ('YYYY.MM.DD HH:MM'). */
export function mt5Report(login: string, deals: readonly ReportDeal[], writtenAt: string): Buffer {
  let cents = 0n;
  const rows = deals.map((d, i) => {
    cents += BigInt(Math.round(Number(d.profit) * 100));
    return `<tr><td>${d.time}<td>${String(i + 1)}<td><td>balance<td><td><td><td><td>0<td>0<td>0<td>${d.profit}<td><td>\n`;
  });
  const total = `${cents < 0n ? '-' : ''}${(cents < 0n ? -cents : cents) / 100n}.${String((cents < 0n ? -cents : cents) % 100n).padStart(2, '0')}`;
  return Buffer.from(
    `<html><head><title>${login}: A - Trade History Report</title></head><body><table>\n` +
      `<tr><th colspan="4">Account:</th><th colspan="10">${login} (USD, S, real, Hedge)</th></tr><tr><th colspan="4">Date:</th><th>${writtenAt}</th></tr>\n` +
      `<tr><th colspan="14">Deals</th></tr><tr>${HEADER.map((h) => `<td>${h}</td>`).join('')}</tr>\n` +
      rows.join('') +
      `<tr><td colspan="8"></td><td>0</td><td>0</td><td>0</td><td>${total}</td><td></td><td></td></tr>\n` +
      `<tr><td colspan="3">Balance:</td><td colspan="2">${total}</td></tr>\n` +
      '</table></body></html>',
    'utf8',
  );
}

/**
 * `days` consecutive calendar days ending on `lastDay` (the day the report is written), `dealsPerDay` deals each: a first deposit of
 * 100,000.00, then alternating +1.00 and -1.00 so the balance never goes below zero.
 */
export function reportOfDays(login: string, days: number, dealsPerDay: number, lastDay = new Date('2026-11-20T00:00:00Z')): BuiltReport {
  const deals: ReportDeal[] = [];
  const first = lastDay.getTime() - (days - 1) * 86_400_000;
  for (let d = 0; d < days; d++) {
    const date = mtDate(new Date(first + d * 86_400_000));
    for (let k = 0; k < dealsPerDay; k++) {
      const time = `${date} ${String(10 + (k % 12)).padStart(2, '0')}:${String(k % 60).padStart(2, '0')}:00`;
      const profit = deals.length === 0 ? '100000.00' : k % 2 === 0 ? '1.00' : '-1.00';
      deals.push({ time, profit });
    }
  }
  return { bytes: mt5Report(login, deals, `${mtDate(lastDay)} 10:00`), days, deals: deals.length };
}
