import { MAX_HORIZON_DAYS, type RulesOverride } from '@propfolio/coach';
import { AppError, type FieldError } from '@propfolio/core';
import { MAX_AMOUNT } from '../shared/contract-fields.js';

/** Phases a challenge's own targets may list: the longest programmes have three or four. */
export const MAX_RULE_PHASES = 10;
/** A roll-over written in words ("00:00 CE(S)T"), and a zone's name. */
const MAX_RESET_CLOCK_LENGTH = 100;
const MAX_ZONE_LENGTH = 64;

/** The rules in force after the challenge's own are merged with its plan's, as far as the contradictions read them. */
export interface RulesInForce {
  profitTargetsPercent: readonly (number | null)[] | null;
  dailyLoss: unknown;
  timeLimit: 'none' | { days: number } | null;
  minTradingDays: { days: number | null } | null;
}

/**
 * A challenge's own rules within what headroom and the simulation can judge, checked when they are stored (400
 * naming each field) rather than failing later on a field the caller never sent: a time limit and trading days the
 * simulation's horizon holds (it refused `state.daysLeft` above MAX_HORIZON_DAYS), at most MAX_RULE_PHASES targets,
 * bounded texts and amounts; and no contradiction in the rules as merged with the plan's: a daily loss limit of zero
 * beside a positive target (no day could lose, so no attempt could trade to the target), or more trading days
 * required than the time limit has days.
 */
export function refuseUnjudgeableRules(own: RulesOverride, inForce: RulesInForce): void {
  const errors: FieldError[] = [];
  const refuse = (field: string, message: string) => errors.push({ field: `rules.${field}`, message });

  if (typeof own.timeLimit === 'object' && own.timeLimit !== null && own.timeLimit.days > MAX_HORIZON_DAYS) {
    refuse('timeLimit.days', `must be at most ${MAX_HORIZON_DAYS} days`);
  }
  const ownDays = own.minTradingDays?.days;
  if (typeof ownDays === 'number' && ownDays > MAX_HORIZON_DAYS) refuse('minTradingDays.days', `must be at most ${MAX_HORIZON_DAYS}`);
  if (own.profitTargetsPercent && own.profitTargetsPercent.length > MAX_RULE_PHASES) {
    refuse('profitTargetsPercent', `give at most ${MAX_RULE_PHASES} targets, one per phase`);
  }
  if (typeof own.dailyLoss === 'object' && own.dailyLoss !== null) {
    const { resetClock, rollover, amount } = own.dailyLoss;
    if (typeof resetClock === 'string' && resetClock.length > MAX_RESET_CLOCK_LENGTH) {
      refuse('dailyLoss.resetClock', `must be at most ${MAX_RESET_CLOCK_LENGTH} characters`);
    }
    if (rollover && rollover.timeZone.length > MAX_ZONE_LENGTH)
      refuse('dailyLoss.rollover.timeZone', `must be at most ${MAX_ZONE_LENGTH} characters`);
    if (typeof amount === 'number' && amount > MAX_AMOUNT) refuse('dailyLoss.amount', `must be at most ${MAX_AMOUNT}`);
  }
  if (
    typeof own.maxLoss === 'object' &&
    own.maxLoss !== null &&
    typeof own.maxLoss.amount === 'number' &&
    own.maxLoss.amount > MAX_AMOUNT
  ) {
    refuse('maxLoss.amount', `must be at most ${MAX_AMOUNT}`);
  }

  const positiveTarget = (inForce.profitTargetsPercent ?? []).some((t) => typeof t === 'number' && t > 0);
  const daily =
    typeof inForce.dailyLoss === 'object' && inForce.dailyLoss !== null
      ? (inForce.dailyLoss as { percent?: unknown; amount?: unknown })
      : null;
  if (positiveTarget && daily && (daily.amount === 0 || (daily.amount == null && daily.percent === 0))) {
    refuse(
      daily.amount === 0 ? 'dailyLoss.amount' : 'dailyLoss.percent',
      'is zero while a profit target is positive: no day could lose, so none could trade to the target; give a positive limit, or "none" when there is no daily limit',
    );
  }
  const limit = typeof inForce.timeLimit === 'object' && inForce.timeLimit !== null ? inForce.timeLimit.days : null;
  const needed = inForce.minTradingDays?.days ?? null;
  if (limit !== null && needed !== null && needed > limit) {
    refuse('minTradingDays.days', `is ${needed} trading days, more than the time limit's ${limit} days`);
  }
  if (errors.length > 0) {
    throw AppError.validation(`These rules cannot be judged: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}.`, errors);
  }
}
