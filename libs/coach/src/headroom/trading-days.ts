/**
 * Trading days done against the minimum, and the days left of the time limit. A day counts as the
 * rule defines it (rules/apply.ts `countsAsTradingDay`): opening days from the caller's `openedDays`
 * where given, else closed P&L or a balance change, and the answer says which it used. The time limit
 * counts calendar days from the attempt's first day, today included; running out of it is a breach only
 * while the target is not reached.
 */
import { countsAsTradingDay, tradingDayBasis } from '../rules/apply.js';
import { daysBetween } from '../shared/calendar.js';
import { CoachInputError } from '../shared/errors.js';
import type { Decimal } from '../shared/money.js';
import type { EffectiveRuleValues, RuleProvenance } from '../rules/effective.js';
import { sourceOf, unknownRule, whose } from './rules-in-force.js';
import type { Headroom, HeadroomReason } from './schema.js';

export interface TradingDaysInput {
  /** Trading days done as the caller knows them; else `daysTraded` counts. */
  given: number | null | undefined;
  /** From the walk: each day's closed P&L and whether its balance moved. */
  days: ReadonlyMap<string, { closedPnl: Decimal | null; balanceChanged: boolean }>;
  /** Firm days on which a position was opened, in the attempt; null when the caller does not know them. */
  openedDays: ReadonlySet<string> | null;
  initial: Decimal;
  minDays: EffectiveRuleValues['minTradingDays'];
  minDaysProvenance: RuleProvenance;
  /** An unknown time limit is already named by rules-in-force. */
  timeLimit: EffectiveRuleValues['timeLimit'];
  startedOn: string | null;
  today: string;
  /** What is left of the target; null when there is none or it is unknown. */
  targetRemaining: number | null;
}

export function tradingDaysHeadroom(input: TradingDaysInput, reasons: HeadroomReason[]): Headroom['tradingDays'] {
  const { given, days, openedDays, initial, minDays, minDaysProvenance, timeLimit, startedOn, today, targetRemaining } = input;
  if (given != null && !(Number.isInteger(given) && given >= 0))
    throw new CoachInputError('tradingDaysDone: must be a whole number of at least 0', 'tradingDaysDone');
  const basis = tradingDayBasis(minDays, openedDays !== null);
  if (given == null && minDays?.counts === 'position_opened' && openedDays === null)
    reasons.push({
      rule: 'minTradingDays',
      kind: 'info',
      code: 'minTradingDays.openings_unknown',
      values: { countedFrom: basis },
      message:
        'the rule counts days a position was opened, which the data does not show: days with a closed trade or balance change are counted instead',
    });
  // Opening days count even when no report or snapshot of that day reached the coach.
  const counted = new Set(basis === 'position_opened' ? openedDays : []);
  for (const [day, facts] of days)
    if (countsAsTradingDay(minDays, { ...facts, opened: openedDays?.has(day) ?? null }, initial)) counted.add(day);
  if (minDays === null || minDays.days === null)
    reasons.push(
      unknownRule(
        'minTradingDays',
        'minTradingDays.unknown',
        `${whose(minDaysProvenance)} minimum trading days are unknown`,
        sourceOf(minDaysProvenance),
      ),
    );
  let timeLimitDaysLeft: number | null = null;
  if (timeLimit !== null && timeLimit !== 'none') {
    if (startedOn === null)
      reasons.push(
        unknownRule('timeLimit', 'timeLimit.start_unknown', 'the first day of the attempt is unknown, so the time limit cannot be counted'),
      );
    else {
      timeLimitDaysLeft = timeLimit.days - (daysBetween(startedOn, today) + 1);
      if (timeLimitDaysLeft < 0 && (targetRemaining === null || targetRemaining > 0)) {
        reasons.push({
          rule: 'timeLimit',
          kind: 'breached',
          code: 'timeLimit.over',
          values: { days: timeLimit.days, startedOn },
          message: `the time limit of ${timeLimit.days} days since ${startedOn} has run out`,
        });
      }
    }
  }
  return {
    done: given ?? counted.size,
    countedFrom: given != null ? 'given' : basis,
    required: minDays?.days ?? null,
    perPhase: minDays?.perPhase ?? null,
    timeLimitDaysLeft,
  };
}
