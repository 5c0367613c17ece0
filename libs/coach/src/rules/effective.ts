/**
 * The rules in force for one challenge: its plan's rules with the challenge's own corrections on top,
 * each rule carrying where it came from, so an answer can say "the plan's daily loss reset time is
 * unknown" or "you set this yourself".
 */
import Type, { type Static } from 'typebox';
import { parseResetClock, validateRollover } from '../clock/rollover.js';
import { CoachInputError } from '../shared/errors.js';
import {
  ConsistencySchema,
  DailyLossFields,
  MaxLossFields,
  MinTradingDaysFields,
  RulePercent,
  TimeLimitSchema,
  type RulesOverride,
} from './override.js';
import { isWholeRuleDispute } from './variants.js';
import { type CoachDailyLoss, type CoachDisputed, type CoachMaxLoss, type CoachRules, RULE_NAMES, type RuleName } from './types.js';

/** `resetClock` keeps the catalog's words for messages; `rollover` is the given one, else read from them (null when unknown). */
const EffectiveDailyLossSchema = Type.Object(DailyLossFields);
export type EffectiveDailyLoss = Static<typeof EffectiveDailyLossSchema>;

const EffectiveMaxLossSchema = Type.Object(MaxLossFields);
export type EffectiveMaxLoss = Static<typeof EffectiveMaxLossSchema>;

/**
 * Every rule in force, as JSON Schema (an answer's schema) and type at once: each rule present, `null` =
 * unknown, `'none'` = the firm has no such rule. The same fields as an override (./override.ts), all given.
 */
export const EffectiveRuleValuesSchema = Type.Object({
  profitTargetsPercent: Type.Union([Type.Immutable(Type.Array(RulePercent('Target of one phase; null when unknown.'))), Type.Null()], {
    description: 'Profit target per phase, in phase order; [] without an evaluation.',
  }),
  dailyLoss: Type.Union([Type.Literal('none'), EffectiveDailyLossSchema, Type.Null()], { description: 'Daily loss limit.' }),
  maxLoss: Type.Union([Type.Literal('none'), EffectiveMaxLossSchema, Type.Null()], { description: 'Maximum loss.' }),
  minTradingDays: Type.Union([Type.Object(MinTradingDaysFields), Type.Null()], { description: 'Minimum trading days.' }),
  timeLimit: Type.Union([Type.Literal('none'), TimeLimitSchema, Type.Null()], { description: 'Time limit of a phase.' }),
  consistency: Type.Union([Type.Literal('none'), ConsistencySchema, Type.Null()], { description: 'Best-day consistency rule.' }),
});
export type EffectiveRuleValues = Static<typeof EffectiveRuleValuesSchema>;

/** Where the plan's rule was read: whose page (`firm` or `third_party`; null for a rule stored before kinds), the page, the day. */
export interface RuleCitation {
  kind: 'firm' | 'third_party' | null;
  url: string;
  readOn: string;
}

export interface RuleProvenance {
  /** `challenge` when the challenge corrected the rule, `plan` when it is the plan's, `unknown` when neither knows it. */
  source: 'challenge' | 'plan' | 'unknown';
  /** The fields the challenge set (all of them for a whole-value override). */
  overridden: string[];
  planId: string | null;
  /** When the plan's rules were last checked against the firm (YYYY-MM-DD). */
  checkedOn: string | null;
  /** The page the plan's rule was read on; null when the plan cites none for it. */
  cited: RuleCitation | null;
  /** True when another page gives the plan's rule another value (the plan's rules list them under `disputed`). */
  disputed: boolean;
}

type Section = Record<string, unknown>;
const isSection = (value: unknown): value is Section => typeof value === 'object' && value !== null && !Array.isArray(value);

function citationOf(source: unknown): RuleCitation | null {
  if (!isSection(source) || typeof source['url'] !== 'string' || typeof source['readOn'] !== 'string') return null;
  const kind = source['kind'];
  return { kind: kind === 'firm' || kind === 'third_party' ? kind : null, url: source['url'], readOn: source['readOn'] };
}

/**
 * Where a plan's rule was read and whether it is disputed: a rule section cites its own `source`; a rule written
 * as a plain value (targets, `none`) cites `sources.<rule>`. Read field by field from a catalog record.
 */
function planCitation(planRules: CoachRules | null, name: RuleName): Pick<RuleProvenance, 'cited' | 'disputed'> {
  const rule: unknown = planRules?.[name];
  const listed: unknown = (planRules as { sources?: unknown } | null)?.sources;
  const entry = isSection(listed) ? listed[name] : undefined;
  const own = isSection(rule) ? rule : null;
  const disputes = [own?.['disputed'], isSection(entry) ? entry['disputed'] : undefined];
  return {
    cited: citationOf(own?.['source']) ?? citationOf(entry),
    disputed: disputes.some((d) => Array.isArray(d) && d.length > 0),
  };
}

export interface EffectiveRules {
  rules: EffectiveRuleValues;
  provenance: Record<RuleName, RuleProvenance>;
}

export interface PlanMeta {
  planId: string;
  checkedOn: string;
}

/** A whole rule in dispute (no value used); a rule with a value and other claims beside it is the value. */
const isDisputed = (value: object): value is CoachDisputed => isWholeRuleDispute(value);

/**
 * Keeps the fields the coach knows from an object that may carry more (a catalog record). A rule whose
 * sources disagree is unknown: the coach does not pick one of the claims.
 */
function dailyLossOf(value: CoachDailyLoss | CoachDisputed): EffectiveDailyLoss | null {
  if (isDisputed(value)) return null;
  return {
    percent: value.percent,
    amountOf: value.amountOf,
    basis: value.basis,
    resetClock: value.resetClock ?? null,
    rollover: value.rollover ?? (value.resetClock ? parseResetClock(value.resetClock) : null),
    amount: value.amount ?? null,
    comparison: value.comparison ?? null,
  };
}

function maxLossOf(value: CoachMaxLoss | CoachDisputed): EffectiveMaxLoss | null {
  if (isDisputed(value)) return null;
  return {
    percent: value.percent,
    type: value.type,
    lockFloor: value.lockFloor ?? null,
    lockTriggerPercent: value.lockTriggerPercent ?? null,
    amountOf: value.amountOf ?? null,
    amount: value.amount ?? null,
    comparison: value.comparison ?? null,
  };
}

/**
 * The checks a schema cannot write: the parts of a rule that only make sense together. Throws a
 * `CoachInputError` naming the field, so a challenge's own rules that contradict themselves are a 400.
 */
function checkRuleValues(rules: EffectiveRuleValues): void {
  const days = rules.minTradingDays;
  if (days?.counts === 'profitable_day' && days.minProfitPercent === null)
    throw new CoachInputError(
      'minTradingDays.minProfitPercent: a profitable_day count needs the profit a day must make, in percent of the initial balance',
      'minTradingDays.minProfitPercent',
    );
  if (days && days.counts !== 'profitable_day' && days.minProfitPercent !== null)
    throw new CoachInputError(
      `minTradingDays.minProfitPercent: only a profitable_day count has a minimum profit (counts is ${days.counts ?? 'not stated'})`,
      'minTradingDays.minProfitPercent',
    );
  const max = rules.maxLoss;
  if (max && max !== 'none' && max.amountOf === 'high_water_mark' && max.lockTriggerPercent !== null)
    throw new CoachInputError(
      'maxLoss.lockTriggerPercent: a lock trigger is a profit over the initial balance, which a limit taken of the high-water mark does not have',
      'maxLoss.lockTriggerPercent',
    );
}

/** The fields of a partial object that carry a value (null and undefined mean "keep the plan's"). */
function setFields(partial: object): string[] {
  return Object.entries(partial)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k]) => k);
}

const EMPTY_DAILY: EffectiveDailyLoss = {
  percent: null,
  amountOf: null,
  basis: null,
  resetClock: null,
  rollover: null,
  amount: null,
  comparison: null,
};
const EMPTY_MAX: EffectiveMaxLoss = {
  percent: null,
  type: null,
  lockFloor: null,
  lockTriggerPercent: null,
  amountOf: null,
  amount: null,
  comparison: null,
};

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
    minTradingDays: planRules?.minTradingDays
      ? {
          days: planRules.minTradingDays.days,
          perPhase: planRules.minTradingDays.perPhase,
          counts: planRules.minTradingDays.counts ?? null,
          minProfitPercent: planRules.minTradingDays.minProfitPercent ?? null,
        }
      : null,
    timeLimit: planRules?.timeLimit ?? null,
    consistency:
      planRules?.consistency == null || planRules.consistency === 'none'
        ? (planRules?.consistency ?? null)
        : {
            bestDayMaxPercent: planRules.consistency.bestDayMaxPercent,
            of: planRules.consistency.of,
            effect: planRules.consistency.effect ?? null,
          },
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
        amount: o.dailyLoss.amount ?? base.amount,
        comparison: o.dailyLoss.comparison ?? base.comparison,
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
        amountOf: o.maxLoss.amountOf ?? base.amountOf,
        amount: o.maxLoss.amount ?? base.amount,
        comparison: o.maxLoss.comparison ?? base.comparison,
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
        counts: o.minTradingDays.counts ?? plan.minTradingDays?.counts ?? null,
        minProfitPercent: o.minTradingDays.minProfitPercent ?? plan.minTradingDays?.minProfitPercent ?? null,
      };
      overridden.minTradingDays = fields;
    }
  }
  if (o.timeLimit != null) {
    rules.timeLimit = o.timeLimit;
    overridden.timeLimit = ['timeLimit'];
  }
  if (o.consistency != null) {
    rules.consistency = o.consistency === 'none' ? 'none' : { ...o.consistency, effect: o.consistency.effect ?? null };
    overridden.consistency = ['consistency'];
  }

  checkRuleValues(rules);
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
        // A rule the challenge replaced whole is its own; one it corrected field by field still cites the plan's page.
        ...(overridden[name].includes(name) ? { cited: null, disputed: false } : planCitation(planRules, name)),
      },
    ]),
  ) as Record<RuleName, RuleProvenance>;
  return { rules, provenance };
}
