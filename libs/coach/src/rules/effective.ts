/**
 * The rules in force for one challenge: its plan's rules with the challenge's own corrections on top,
 * each rule carrying where it came from, so an answer can say "the plan's daily loss reset time is
 * unknown" or "you set this yourself".
 */
import { parseResetClock, type Rollover, validateRollover } from '../clock/rollover.js';
import type { RulesOverride } from './override.js';
import { type CoachConsistency, type CoachDailyLoss, type CoachMaxLoss, type CoachRules, RULE_NAMES, type RuleName } from './types.js';

export interface EffectiveDailyLoss {
  percent: number | null;
  amountOf: CoachDailyLoss['amountOf'];
  basis: CoachDailyLoss['basis'];
  /** The catalog's words, kept for messages. */
  resetClock: string | null;
  /** The machine roll-over: the given one, else read from `resetClock`; null when unknown. */
  rollover: Rollover | null;
}

export interface EffectiveMaxLoss {
  percent: number | null;
  type: CoachMaxLoss['type'];
  lockFloor: 'initial_balance' | null;
  lockTriggerPercent: number | null;
}

/** Every rule present; `null` = unknown, `'none'` = the firm has no such rule. */
export interface EffectiveRuleValues {
  profitTargetsPercent: readonly (number | null)[] | null;
  dailyLoss: 'none' | EffectiveDailyLoss | null;
  maxLoss: 'none' | EffectiveMaxLoss | null;
  minTradingDays: { days: number | null; perPhase: boolean } | null;
  timeLimit: 'none' | { days: number } | null;
  consistency: 'none' | CoachConsistency | null;
}

export interface RuleProvenance {
  /** `challenge` when the challenge corrected the rule, `plan` when it is the plan's, `unknown` when neither knows it. */
  source: 'challenge' | 'plan' | 'unknown';
  /** The fields the challenge set (all of them for a whole-value override). */
  overridden: string[];
  planId: string | null;
  /** When the plan's rules were last checked against the firm (YYYY-MM-DD). */
  checkedOn: string | null;
}

export interface EffectiveRules {
  rules: EffectiveRuleValues;
  provenance: Record<RuleName, RuleProvenance>;
}

export interface PlanMeta {
  planId: string;
  checkedOn: string;
}

/** Keeps the fields the coach knows from an object that may carry more (a catalog record). */
function dailyLossOf(value: CoachDailyLoss): EffectiveDailyLoss {
  return {
    percent: value.percent,
    amountOf: value.amountOf,
    basis: value.basis,
    resetClock: value.resetClock ?? null,
    rollover: value.rollover ?? (value.resetClock ? parseResetClock(value.resetClock) : null),
  };
}

function maxLossOf(value: CoachMaxLoss): EffectiveMaxLoss {
  return {
    percent: value.percent,
    type: value.type,
    lockFloor: value.lockFloor ?? null,
    lockTriggerPercent: value.lockTriggerPercent ?? null,
  };
}

/** The fields of a partial object that carry a value (null and undefined mean "keep the plan's"). */
function setFields(partial: object): string[] {
  return Object.entries(partial)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k]) => k);
}

const EMPTY_DAILY: EffectiveDailyLoss = { percent: null, amountOf: null, basis: null, resetClock: null, rollover: null };
const EMPTY_MAX: EffectiveMaxLoss = { percent: null, type: null, lockFloor: null, lockTriggerPercent: null };

/**
 * Merges a plan's rules with a challenge's override. A field the override leaves out, or sets to null,
 * keeps the plan's value; `dailyLoss` and `maxLoss` objects merge field by field onto the plan's object
 * (or onto an all-unknown one when the plan has none). A new `resetClock` in the override replaces the
 * plan's roll-over unless the override also gives `rollover`. Throws a `CoachInputError` when a roll-over
 * is not a valid rule.
 */
export function effectiveRules(planRules: CoachRules | null, override: RulesOverride | null, planMeta: PlanMeta | null): EffectiveRules {
  const plan: EffectiveRuleValues = {
    profitTargetsPercent: planRules?.profitTargetsPercent ?? null,
    dailyLoss:
      planRules?.dailyLoss == null || planRules.dailyLoss === 'none' ? (planRules?.dailyLoss ?? null) : dailyLossOf(planRules.dailyLoss),
    maxLoss: planRules?.maxLoss == null || planRules.maxLoss === 'none' ? (planRules?.maxLoss ?? null) : maxLossOf(planRules.maxLoss),
    minTradingDays: planRules?.minTradingDays ? { days: planRules.minTradingDays.days, perPhase: planRules.minTradingDays.perPhase } : null,
    timeLimit: planRules?.timeLimit ?? null,
    consistency: planRules?.consistency ?? null,
  };
  const rules: EffectiveRuleValues = { ...plan };
  const overridden: Record<RuleName, string[]> = {
    profitTargetsPercent: [],
    dailyLoss: [],
    maxLoss: [],
    minTradingDays: [],
    timeLimit: [],
    consistency: [],
  };
  const o = override ?? {};

  if (o.profitTargetsPercent != null) {
    rules.profitTargetsPercent = o.profitTargetsPercent;
    overridden.profitTargetsPercent = ['profitTargetsPercent'];
  }
  if (o.dailyLoss === 'none') {
    rules.dailyLoss = 'none';
    overridden.dailyLoss = ['dailyLoss'];
  } else if (o.dailyLoss) {
    const fields = setFields(o.dailyLoss);
    if (fields.length > 0) {
      const base = typeof plan.dailyLoss === 'object' && plan.dailyLoss ? plan.dailyLoss : EMPTY_DAILY;
      const merged: EffectiveDailyLoss = {
        percent: o.dailyLoss.percent ?? base.percent,
        amountOf: o.dailyLoss.amountOf ?? base.amountOf,
        basis: o.dailyLoss.basis ?? base.basis,
        resetClock: o.dailyLoss.resetClock ?? base.resetClock,
        rollover: o.dailyLoss.rollover ?? (o.dailyLoss.resetClock ? parseResetClock(o.dailyLoss.resetClock) : base.rollover),
      };
      rules.dailyLoss = merged;
      overridden.dailyLoss = fields;
    }
  }
  if (o.maxLoss === 'none') {
    rules.maxLoss = 'none';
    overridden.maxLoss = ['maxLoss'];
  } else if (o.maxLoss) {
    const fields = setFields(o.maxLoss);
    if (fields.length > 0) {
      const base = typeof plan.maxLoss === 'object' && plan.maxLoss ? plan.maxLoss : EMPTY_MAX;
      rules.maxLoss = {
        percent: o.maxLoss.percent ?? base.percent,
        type: o.maxLoss.type ?? base.type,
        lockFloor: o.maxLoss.lockFloor ?? base.lockFloor,
        lockTriggerPercent: o.maxLoss.lockTriggerPercent ?? base.lockTriggerPercent,
      };
      overridden.maxLoss = fields;
    }
  }
  if (o.minTradingDays) {
    const fields = setFields(o.minTradingDays);
    if (fields.length > 0) {
      rules.minTradingDays = {
        days: o.minTradingDays.days ?? plan.minTradingDays?.days ?? null,
        perPhase: o.minTradingDays.perPhase ?? plan.minTradingDays?.perPhase ?? false,
      };
      overridden.minTradingDays = fields;
    }
  }
  if (o.timeLimit != null) {
    rules.timeLimit = o.timeLimit;
    overridden.timeLimit = ['timeLimit'];
  }
  if (o.consistency != null) {
    rules.consistency = o.consistency;
    overridden.consistency = ['consistency'];
  }

  if (typeof rules.dailyLoss === 'object' && rules.dailyLoss?.rollover) {
    rules.dailyLoss = { ...rules.dailyLoss, rollover: validateRollover(rules.dailyLoss.rollover, 'dailyLoss.rollover').rollover };
  }

  const provenance = Object.fromEntries(
    RULE_NAMES.map((name): [RuleName, RuleProvenance] => [
      name,
      {
        source: overridden[name].length > 0 ? 'challenge' : rules[name] === null ? 'unknown' : 'plan',
        overridden: overridden[name],
        planId: planMeta?.planId ?? null,
        checkedOn: planMeta?.checkedOn ?? null,
      },
    ]),
  ) as Record<RuleName, RuleProvenance>;
  return { rules, provenance };
}
