import { firmDayAt, localToInstant, type Rollover } from '@propfolio/coach';
import { AppError } from '@propfolio/core';
import { foldDays, type FoldedDay, type FoldedDays, type Statement, type Transaction } from '@propfolio/mt-statements';
import { latestRecordedMs } from '../shared/recorded-instant.js';
import { Slicer } from '../shared/slicer.js';

/**
 * Transactions folded per slice: each is a few exact decimal additions. 2,000 a slice held the event loop 60–270 ms
 * at a time on the shared 2-core machine (a 30,000-trade file, load 15); 250 keeps a slice near the Slicer's 8 ms.
 */
const FOLD_CHUNK = 250;
const DAY_MS = 86_400_000;
/**
 * Integer digits a stored amount may have: numeric(19,4) keeps 15. The reader bounds each amount, but a day's
 * balance is a running sum, so every folded figure is checked here, before the dry run answers and before a
 * write, which therefore always give the same verdict.
 */
const STORED_INTEGER_DIGITS = 15;

const rejectedRow = (detail: string): AppError => new AppError('statement_rejected', `${detail} Nothing was imported.`);

const naiveMs = (local: string): number =>
  Date.UTC(
    Number(local.slice(0, 4)),
    Number(local.slice(5, 7)) - 1,
    Number(local.slice(8, 10)),
    Number(local.slice(11, 13)),
    Number(local.slice(14, 16)),
    Number(local.slice(17, 19)),
  );

/**
 * Broker wall clock to instants, with the zone's rules asked once per calendar date instead of once per deal:
 * when the offset at a date's midnight equals the next midnight's, every time of that date has it (zones change
 * offset at most once a day); on a date with a change, each time is converted on its own.
 */
class BrokerClock {
  private readonly offsets = new Map<string, number>();

  constructor(private readonly zone: string) {}

  instantOf(local: string): number {
    const date = local.slice(0, 10);
    const offset = this.offsetOf(date);
    const next = new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
    if (offset === this.offsetOf(next)) return naiveMs(local) - offset;
    return localToInstant(local, this.zone).getTime();
  }

  private offsetOf(date: string): number {
    let offset = this.offsets.get(date);
    if (offset === undefined) {
      const midnight = `${date} 00:00:00`;
      offset = naiveMs(midnight) - localToInstant(midnight, this.zone).getTime();
      this.offsets.set(date, offset);
    }
    return offset;
  }
}

interface Window {
  day: string;
  start: number;
  end: number;
}

/**
 * Instants to firm days, asking the coach's calendar once per firm day: each day found is kept by its name, and an
 * instant is first looked for in the day its distance from a known day points at (and its neighbours, for days
 * made shorter or longer by a clock change). Only an instant in no known day costs a call.
 */
class FirmCalendar {
  private readonly windows = new Map<string, Window>();
  private anchor: Window | undefined;

  constructor(private readonly rollover: Rollover) {}

  dayOf(ms: number): string {
    if (this.anchor) {
      const guess = Date.parse(`${this.anchor.day}T00:00:00Z`) + Math.floor((ms - this.anchor.start) / DAY_MS) * DAY_MS;
      for (const shift of [0, -DAY_MS, DAY_MS]) {
        const w = this.windows.get(new Date(guess + shift).toISOString().slice(0, 10));
        if (w && w.start <= ms && ms < w.end) return w.day;
      }
    }
    const found = firmDayAt(new Date(ms), this.rollover);
    const w = { day: found.day, start: Date.parse(found.startUtc), end: Date.parse(found.endUtc) };
    this.windows.set(w.day, w);
    this.anchor ??= w;
    return w.day;
  }
}

export interface StatementDaysOptions {
  /** The broker clock the statement is written in (checked by the caller). */
  serverTimeZone: string;
  rollover: Rollover;
  now: Date;
}

/**
 * A read statement's transactions as firm days: every time turned into an instant in `serverTimeZone`, then into
 * the firm day of `rollover`, and folded into daily closed P&L and end-of-day balances, in slices so that the
 * largest accepted file never holds the event loop for long. Refused whole (422 statement_rejected, naming the
 * deal or the day): a deal dated after the service's clock plus a day (it would pin the account's last day and
 * freeze its balance), and a day's figure beyond what the database stores.
 */
export async function statementDays(statement: Statement, options: StatementDaysOptions): Promise<FoldedDays> {
  const slicer = new Slicer();
  const clock = new BrokerClock(options.serverTimeZone);
  const calendar = new FirmCalendar(options.rollover);
  // A deal may be stamped up to a day after the service's clock (a server clock ahead, a broker day ahead of UTC).
  const latest = latestRecordedMs(options.now);
  const dayByTime = new Map<string, string>();
  for (const t of statement.transactions) {
    await slicer.pause();
    if (dayByTime.has(t.time)) continue;
    const ms = clock.instantOf(t.time);
    if (ms > latest) {
      throw rejectedRow(
        `Deal ${t.ticket} is dated ${t.time} (${new Date(ms).toISOString()}), after the service's clock (${options.now.toISOString()}) plus one day.`,
      );
    }
    dayByTime.set(t.time, calendar.dayOf(ms));
  }
  const dayOf = (time: string): string => dayByTime.get(time) ?? '';
  const folded = await foldInChunks(statement, dayOf, slicer);
  for (const day of folded.days) {
    await slicer.pause();
    refuseUnstorable(day);
  }
  return folded;
}

/**
 * foldDays over slices of whole days: transactions in day order, cut only between two days, each slice opening with
 * the balance the previous one closed at. The days and balances are those of one fold over all of them.
 */
async function foldInChunks(statement: Statement, dayOf: (time: string) => string, slicer: Slicer): Promise<FoldedDays> {
  const ordered = inDayOrder(statement.transactions, dayOf);
  const days: FoldedDay[] = [];
  const skipped: FoldedDays['skipped'] = [];
  let balance = statement.openingBalance;
  let from = 0;
  while (from < ordered.length) {
    let to = Math.min(from + FOLD_CHUNK, ordered.length);
    const last = ordered[to - 1];
    while (to < ordered.length && last && dayOf((ordered[to] as Transaction).time) === dayOf(last.time)) to++;
    const part = foldDays(ordered.slice(from, to), { dayOf, openingBalance: balance });
    days.push(...part.days);
    skipped.push(...part.skipped);
    balance = part.days.at(-1)?.balance ?? balance;
    from = to;
    await slicer.pause();
  }
  // foldDays orders its skipped rows by ticket and reason; the slices' lists are merged back into that order.
  skipped.sort((a, b) => (a.ticket < b.ticket ? -1 : a.ticket > b.ticket ? 1 : a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0));
  return { days, skipped };
}

/** The transactions by firm day (stable within a day); a statement in time order is returned as it is. */
function inDayOrder(transactions: readonly Transaction[], dayOf: (time: string) => string): readonly Transaction[] {
  let sorted = true;
  for (let i = 1; i < transactions.length && sorted; i++) {
    sorted = dayOf((transactions[i - 1] as Transaction).time) <= dayOf((transactions[i] as Transaction).time);
  }
  if (sorted) return transactions;
  return [...transactions].sort((a, b) => {
    const [x, y] = [dayOf(a.time), dayOf(b.time)];
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

/** A folded day whose figure has more integer digits than the database keeps is refused, naming the day. */
function refuseUnstorable(day: FoldedDay): void {
  for (const [name, value] of [
    ['balance', day.balance],
    ['closed P&L', day.closedPnl],
    ['deposits', day.deposits],
    ['withdrawals', day.withdrawals],
  ] as const) {
    const integerDigits = (value.replace(/^-/, '').split('.')[0] ?? '').replace(/^0+/, '').length;
    if (integerDigits > STORED_INTEGER_DIGITS) {
      throw rejectedRow(
        `The ${name} of ${day.day} is ${value}, beyond the largest amount stored (${STORED_INTEGER_DIGITS} integer digits).`,
      );
    }
  }
}
