/**
 * The maximum-loss floor and how it moves. One rule for all types:
 * floor = high-water mark − limit, where the limit is a percentage of the initial balance and the
 * high-water mark is the initial balance (static) or the highest end-of-day balance (trailing_eod), closed
 * balance (trailing_closed_balance) or equity (trailing_equity) seen so far, never below the initial balance.
 * A lock stops a trailing floor at the lock level: it never rises above it, and jumps to it once the
 * high-water mark reaches the lock trigger. So the floor never moves down and never passes its lock.
 */
import { Decimal, maxOf, minOf, num, numOrNull, percentOf } from '../shared/money.js';
import type { EffectiveMaxLoss } from '../rules/effective.js';
import type { Headroom, HeadroomReason } from './schema.js';

export interface KnownMaxLoss {
  type: NonNullable<EffectiveMaxLoss['type']>;
  limit: Decimal;
  /** Lock level (the initial balance), or null when the floor trails without end. */
  lockLevel: Decimal | null;
  /** High-water mark at which the floor locks; null when it locks only by reaching the lock level. */
  lockTrigger: Decimal | null;
}

export function knownMaxLoss(rule: EffectiveMaxLoss, initial: Decimal): KnownMaxLoss | null {
  if (rule.percent === null || rule.type === null) return null;
  const lockLevel = rule.type !== 'static' && rule.lockFloor === 'initial_balance' ? initial : null;
  return {
    type: rule.type,
    limit: initial.times(rule.percent).div(100),
    lockLevel,
    lockTrigger:
      lockLevel && rule.lockTriggerPercent !== null ? initial.times(new Decimal(100).plus(rule.lockTriggerPercent)).div(100) : null,
  };
}

export interface MaxFloor {
  floor: Decimal;
  locked: boolean;
}

export function maxFloor(rule: KnownMaxLoss, highWaterMark: Decimal): MaxFloor {
  const trailing = highWaterMark.minus(rule.limit);
  if (!rule.lockLevel) return { floor: trailing, locked: false };
  if (rule.lockTrigger && highWaterMark.gte(rule.lockTrigger)) return { floor: rule.lockLevel, locked: true };
  return { floor: minOf(rule.lockLevel, trailing), locked: trailing.gte(rule.lockLevel) };
}

/** What each kind of data point adds to the high-water mark of the rule's type. */
export function raiseHighWaterMark(
  rule: KnownMaxLoss,
  hwm: Decimal,
  point: { kind: 'report' | 'snapshot'; balance: Decimal; equity: Decimal; maxEquity: Decimal },
): Decimal {
  switch (rule.type) {
    case 'static':
      return hwm;
    case 'trailing_eod':
      return point.kind === 'report' ? maxOf(hwm, point.balance) : hwm;
    case 'trailing_closed_balance':
      return maxOf(hwm, point.balance);
    case 'trailing_equity':
      return maxOf(maxOf(hwm, point.equity), point.maxEquity);
  }
}

/** The first point whose lowest equity fell below the floor of its time. */
export interface MaxLossBreach {
  day: string;
  low: Decimal;
  floor: Decimal;
}

export interface MaxLossInput {
  rule: KnownMaxLoss | null;
  /** From the walk: the high-water mark after the last point, and the first breach. */
  highWaterMark: Decimal;
  breach: MaxLossBreach | null;
  equityNow: Decimal;
  threshold: number;
  currency: string;
}

/** The floor now and the room above it; a breach earlier in the attempt outranks a warning now. */
export function maxLossHeadroom(input: MaxLossInput, reasons: HeadroomReason[]): Headroom['maxLoss'] {
  const { rule, highWaterMark, breach, equityNow, threshold, currency } = input;
  const out: Headroom['maxLoss'] = {
    type: null,
    highWaterMark: null,
    limit: null,
    floor: null,
    left: null,
    leftPercent: null,
    locked: false,
    lockedAt: null,
  };
  if (!rule) return out;
  const { floor, locked } = maxFloor(rule, highWaterMark);
  const left = equityNow.minus(floor);
  Object.assign(out, {
    type: rule.type,
    highWaterMark: num(highWaterMark),
    limit: num(rule.limit),
    floor: num(floor),
    left: num(left),
    leftPercent: percentOf(left, rule.limit),
    locked,
    lockedAt: numOrNull(rule.lockLevel),
  });
  if (breach) {
    reasons.push({
      rule: 'maxLoss',
      kind: 'breached',
      code: 'maxLoss.breached',
      values: { day: breach.day, lowestEquity: num(breach.low), floor: num(breach.floor), currency },
      message: `equity fell to ${num(breach.low)} ${currency} on ${breach.day}, below the maximum loss floor ${num(breach.floor)}`,
    });
  } else if (left.lt(rule.limit.times(threshold))) {
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
