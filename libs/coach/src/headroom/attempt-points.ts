/**
 * The attempt's data as one ordered list of points: end-of-day reports and intraday snapshots, each
 * checked, kept only when it falls in the attempt (from its first day to today, snapshots up to the
 * instant), and ordered as they happened.
 */
import { CoachInputError } from '../shared/errors.js';
import { type Decimal, maxOf, minOf, money } from '../shared/money.js';
import { checkDay, type DayReport, type IntradaySnapshot } from './input.js';

export interface Point {
  kind: 'report' | 'snapshot';
  day: string;
  atMs: number | null;
  balance: Decimal;
  equity: Decimal;
  /** The lowest equity the point saw: a snapshot's `minEquity`, a report's closing equity. */
  low: Decimal;
  /** When the low was seen: a snapshot's `minEquityAt` (else its instant); null for a report (its day's end). */
  lowAtMs: number | null;
  /** The highest equity the point saw: a snapshot's `maxEquity`, a report's closing equity. */
  high: Decimal;
  /** A report's closed P&L of the day; null on a snapshot. */
  closedPnl: Decimal | null;
}

export interface AttemptWindow {
  /** First firm day of the attempt, or null when unknown (then all earlier data counts). */
  startedOn: string | null;
  /** Today's firm day: later days are not yet. */
  today: string;
  /** The instant: later snapshots are not yet. */
  atMs: number;
}

export function attemptPoints(
  days: readonly DayReport[],
  snapshots: readonly IntradaySnapshot[],
  { startedOn, today, atMs }: AttemptWindow,
): Point[] {
  const inAttempt = (day: string) => (startedOn === null || day >= startedOn) && day <= today;
  const points: Point[] = [];
  const seen = new Set<string>();
  days.forEach((r, i) => {
    const day = checkDay(r.day, `days[${i}].day`);
    if (seen.has(day)) throw new CoachInputError(`days[${i}].day: a second report for ${day}`, `days[${i}].day`);
    seen.add(day);
    if (!inAttempt(day)) return;
    const equity = money(r.equity, `days[${i}].equity`);
    points.push({
      kind: 'report',
      day,
      atMs: null,
      balance: money(r.balance, `days[${i}].balance`),
      equity,
      low: equity,
      lowAtMs: null,
      high: equity,
      closedPnl: money(r.closedPnl, `days[${i}].closedPnl`),
    });
  });
  snapshots.forEach((s, i) => {
    const day = checkDay(s.day, `snapshots[${i}].day`);
    const ms = new Date(s.at).getTime();
    if (!Number.isFinite(ms)) throw new CoachInputError(`snapshots[${i}].at: not a valid date`, `snapshots[${i}].at`);
    if (!inAttempt(day) || ms > atMs) return;
    const equity = money(s.equity, `snapshots[${i}].equity`);
    const minEquity = money(s.minEquity, `snapshots[${i}].minEquity`);
    const lowMs = s.minEquityAt == null ? ms : new Date(s.minEquityAt).getTime();
    if (!Number.isFinite(lowMs)) throw new CoachInputError(`snapshots[${i}].minEquityAt: not a valid date`, `snapshots[${i}].minEquityAt`);
    points.push({
      kind: 'snapshot',
      day,
      atMs: ms,
      balance: money(s.balance, `snapshots[${i}].balance`),
      equity,
      low: minOf(equity, minEquity),
      // The equity now is the low when it is lower than the day's recorded low (then it was seen now).
      lowAtMs: equity.lt(minEquity) ? ms : Math.min(lowMs, ms),
      high: maxOf(equity, money(s.maxEquity, `snapshots[${i}].maxEquity`)),
      closedPnl: null,
    });
  });
  // Day order; within a day the snapshots by time and the end-of-day report last.
  return points.sort((a, b) =>
    a.day !== b.day ? (a.day < b.day ? -1 : 1) : a.kind !== b.kind ? (a.kind === 'report' ? 1 : -1) : (a.atMs ?? 0) - (b.atMs ?? 0),
  );
}

/** The account now: the newest point's levels, or the initial balance before any data. */
export interface AccountNow {
  latest: Point | null;
  balance: Decimal;
  equity: Decimal;
}

export function accountNow(points: readonly Point[], initial: Decimal): AccountNow {
  const latest = points.at(-1) ?? null;
  return { latest, balance: latest?.balance ?? initial, equity: latest?.equity ?? initial };
}
