/**
 * Trading days done against the minimum, and the days left of the time limit. The time limit counts
 * calendar days from the attempt's first day, today included; running out of it is a breach only
 * while the target is not reached.
 */
import { daysBetween } from '../shared/calendar.js';
import { CoachInputError } from '../shared/errors.js';
import type { EffectiveRuleValues, RuleProvenance } from '../rules/effective.js';
import { sourceOf, unknownRule, whose } from './rules-in-force.js';
import type { Headroom, HeadroomReason } from './schema.js';

export interface TradingDaysInput {
  /** Trading days done as the caller knows them; else `daysTraded` counts. */
  given: number | null | undefined;
  /** From the walk: the days with a closed trade. */
  daysTraded: number;
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
  const { given, daysTraded, minDays, minDaysProvenance, timeLimit, startedOn, today, targetRemaining } = input;
  if (given != null && !(Number.isInteger(given) && given >= 0))
    throw new CoachInputError('tradingDaysDone: must be a whole number of at least 0', 'tradingDaysDone');
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
    done: given ?? daysTraded,
    required: minDays?.days ?? null,
    perPhase: minDays?.perPhase ?? null,
    timeLimitDaysLeft,
  };
}
