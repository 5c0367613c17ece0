/**
 * The levels a firm day starts from, as the firm sees them at its reset: the last data point before the
 * day, the previous day's end-of-day report, or failing that the last intraday snapshot at or before the
 * reset (a report arrives after the reset, so at 00:30 the snapshot is the balance the firm took). Only
 * with no point before the day does the engine fall back to the initial balance, and then it says whether
 * that is the firm's figure (the attempt's first day) or an estimate, and why.
 */
import { isoUtc } from '../clock/zone.js';
import type { Decimal } from '../shared/money.js';
import type { DayStart } from '../rules/apply.js';
import type { Point } from './attempt-points.js';

export interface DayStartReference {
  levels: DayStart;
  /** What the levels come from. */
  source: 'report' | 'snapshot' | 'initial_balance';
  /** The day of that report or snapshot; null for the initial balance. */
  day: string | null;
  /** The snapshot's instant; null for a report (its day's end) or the initial balance. */
  asOf: string | null;
  accuracy: 'exact' | 'estimated';
  /** Why the reference is an estimate (English); null when exact. */
  why: string | null;
}

/**
 * The day-start levels of `day`. The walk over the attempt sets each day's floor the same way (the last
 * point of the day before), so today's floor and the breaches of earlier days agree.
 */
export function dayStartOf(points: readonly Point[], day: string, initial: Decimal, startedOn: string | null): DayStartReference {
  let last: Point | null = null;
  for (const p of points) if (p.day < day) last = p;
  if (last)
    return {
      levels: { balance: last.balance, equity: last.equity },
      source: last.kind,
      day: last.day,
      asOf: last.kind === 'snapshot' && last.atMs !== null ? isoUtc(last.atMs) : null,
      accuracy: 'exact',
      why: null,
    };
  const firstDay = startedOn !== null && startedOn >= day;
  return {
    levels: { balance: initial, equity: initial },
    source: 'initial_balance',
    day: null,
    asOf: null,
    accuracy: firstDay ? 'exact' : 'estimated',
    why: firstDay
      ? null
      : startedOn === null
        ? "no report or snapshot before today's reset and the attempt's first day is unknown: the initial balance is used"
        : `no report or snapshot between the attempt's first day (${startedOn}) and today's reset: the initial balance is used`,
  };
}
