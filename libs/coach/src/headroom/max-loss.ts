/**
 * The maximum-loss headroom. One rule for all types (rules/apply.ts `maxLossFloor`):
 * floor = high-water mark − limit, where the limit is a fixed amount or a percentage of the initial balance
 * or of the mark itself, and the high-water mark is the initial balance (static) or the highest end-of-day
 * balance (trailing_eod), closed balance (trailing_closed_balance) or equity (trailing_equity) seen so far,
 * never below the initial balance. A lock stops a trailing floor at the lock level. So the floor never
 * moves down and never passes its lock.
 */
import type { ParsedRollover } from '../clock/rollover.js';
import { type Decimal, num, numOrNull, percentOf } from '../shared/money.js';
import { type KnownMaxLoss, maxLossFloor } from '../rules/apply.js';
import { describeBreach, type FloorBreach } from './breach.js';
import type { Headroom, HeadroomReason } from './schema.js';

export interface MaxLossInput {
  rule: KnownMaxLoss | null;
  initial: Decimal;
  /** From the walk: the high-water mark after the last point, and the first breach. */
  highWaterMark: Decimal;
  breach: FloorBreach | null;
  /** The firm's clock, for the instant of a breach seen in an end-of-day report; null when unknown. */
  rollover: ParsedRollover | null;
  equityNow: Decimal;
  threshold: number;
  currency: string;
}

/** The floor now and the room above it; a breach earlier in the attempt outranks a warning now. */
export function maxLossHeadroom(input: MaxLossInput, reasons: HeadroomReason[]): Headroom['maxLoss'] {
  const { rule, initial, highWaterMark, breach, rollover, equityNow, threshold, currency } = input;
  const out: Headroom['maxLoss'] = {
    type: null,
    limitOf: null,
    comparison: null,
    highWaterMark: null,
    limit: null,
    floor: null,
    left: null,
    leftPercent: null,
    locked: false,
    lockedAt: null,
    breach: null,
  };
  if (!rule) return out;
  const crossed = breach ? describeBreach('maxLoss', breach, rollover) : null;
  const { floor, limit, locked } = maxLossFloor(rule, initial, highWaterMark);
  const left = equityNow.minus(floor);
  Object.assign(out, {
    type: rule.type,
    limitOf: 'amount' in rule.limit ? 'fixed_amount' : rule.limit.of,
    comparison: rule.comparison ?? 'below',
    highWaterMark: num(highWaterMark),
    limit: num(limit),
    floor: num(floor),
    left: num(left),
    leftPercent: percentOf(left, limit),
    locked,
    lockedAt: numOrNull(rule.lockLevel),
    breach: crossed,
  });
  if (crossed) {
    reasons.push({
      rule: 'maxLoss',
      kind: 'breached',
      code: 'maxLoss.breached',
      values: { day: crossed.day, lowestEquity: crossed.lowestEquity, floor: crossed.floor, by: crossed.by, at: crossed.at, currency },
      message: `equity fell to ${crossed.lowestEquity} ${currency} on ${crossed.day}, ${crossed.by} below the maximum loss floor ${crossed.floor}`,
    });
  } else if (left.lt(limit.times(threshold))) {
    reasons.push({
      rule: 'maxLoss',
      kind: 'warning',
      code: 'maxLoss.near_limit',
      values: { leftPercent: out.leftPercent, left: num(left), floor: num(floor), currency },
      message: `${out.leftPercent ?? 0}% of the maximum loss is left (${num(left)} ${currency} above the floor ${num(floor)})`,
    });
  }
  return out;
}
