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
  maxLoss: unknown;
  timeLimit: 'none' | { days: number } | null;
  minTradingDays: { days: number | null } | null;
}

/**
 * A challenge's own rules within what headroom and the simulation can judge, checked when they are stored (400
 * naming each field) rather than failing later on a field the caller never sent: a time limit and trading days the
 * simulation's horizon holds (it refused `state.daysLeft` above MAX_HORIZON_DAYS), at most MAX_RULE_PHASES targets,
 * bounded texts and amounts; and no contradiction in the rules as merged with the plan's: a daily loss limit of zero
 * beside a positive target (no day could lose, so no attempt could trade to the target), more trading days
 * required than the time limit has days, or a maximum-loss floor that is not below the start (maxLossAtStart).
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
  const maxLoss = maxLossAtStart(inForce.maxLoss);
  if (maxLoss) refuse(maxLoss.field, maxLoss.message);
  if (errors.length > 0) {
    throw AppError.validation(`These rules cannot be judged: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}.`, errors);
  }
}

/**
 * A maximum loss whose floor is not below the starting balance, which the schema's non-negative fields still allow:
 * a limit of zero puts the floor at the start (no trade could lose); a lock triggered at 0% profit locks the floor at
 * the start before the first trade (the mark already stands at the trigger); and a lock trigger without `lockFloor` is
 * ignored by the floor (apply.ts's knownMaxLoss locks only at a lock level), so the floor the caller meant to stop at
 * the start trails above it without end. Only a rule whose type is known is judged: an unknown type is not used.
 */
function maxLossAtStart(rule: unknown): { field: string; message: string } | null {
  if (typeof rule !== 'object' || rule === null) return null;
  const max = rule as { type?: unknown; percent?: unknown; amount?: unknown; lockFloor?: unknown; lockTriggerPercent?: unknown };
  if (max.type == null) return null;
  if (max.amount === 0 || (max.amount == null && max.percent === 0)) {
    return {
      field: max.amount === 0 ? 'maxLoss.amount' : 'maxLoss.percent',
      message:
        'is zero: the floor would stand at the starting balance, so no trade could lose; give a positive limit, or "none" when there is no maximum loss',
    };
  }
  if (max.type === 'static' || max.lockTriggerPercent == null) return null;
  if (max.lockFloor == null) {
    return {
      field: 'maxLoss.lockTriggerPercent',
      message:
        'is set without lockFloor: the trailing floor would never lock and would rise above the starting balance; give lockFloor "initial_balance", or no trigger',
    };
  }
  if (max.lockTriggerPercent === 0) {
    return {
      field: 'maxLoss.lockTriggerPercent',
      message: 'is 0: the floor would lock at the starting balance before the first trade; give the profit in percent at which it locks',
    };
  }
  return null;
}
