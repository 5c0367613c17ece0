/**
 * A plan's rules as they applied to an attempt bought on a given start date: per phase, the variants of
 * that stage, platform and purchase date merged over the default (rulesInContext), made effective, read
 * for the simulation (readSimulationRules: the one mapping the simulation uses, with what it misses) and
 * compiled by the simulation's own compile, so a replay and a simulation apply the same numbers.
 */
import type { CompiledRun } from '../simulate/engine.js';
import { readSimulationRules } from '../simulate/rules-for.js';
import { compile } from '../simulate/simulate.js';
import { type ParsedRollover, validateRollover } from '../clock/rollover.js';
import { effectiveRules } from '../rules/effective.js';
import { rulesInContext, stageOf, variantApplies, type RuleVariant } from '../rules/variants.js';
import type { ReplayPlan } from './types.js';

export interface PhaseRules {
  phase: number | 'funded';
  run: CompiledRun;
  /** Calendar days the phase may last; null without a limit. */
  timeLimitDays: number | null;
  /** A best-day rule whose breaking fails the account (rather than holding back the pass). */
  bestDayFails: boolean;
}

export interface PlanRulesOn {
  phases: PhaseRules[];
  /** The plan's clock: the daily loss's roll-over (UTC midnight when the plan has no daily loss). */
  rollover: ParsedRollover;
  missing: string[];
  notes: string[];
}

const UTC_MIDNIGHT = validateRollover({ timeZone: 'UTC', time: '00:00' });

function rulesOn(plan: ReplayPlan, purchasedOn: string, initialBalance: number): PlanRulesOn {
  const stages: (number | 'funded')[] = plan.phases > 0 ? Array.from({ length: plan.phases }, (_, i) => i) : ['funded'];
  const missing = new Set<string>();
  const notes = new Set<string>();
  // A holder, not a `let`: the phases' closure sets it, which flow analysis would not see.
  const clock: { rollover: ParsedRollover | null } = { rollover: null };
  const phases = stages.map((phase, index): PhaseRules => {
    const inStage = rulesInContext(plan.rules, { stage: stageOf(phase), platform: plan.platform ?? null, purchasedOn });
    const rules = effectiveRules(inStage, null, null).rules;
    const read = readSimulationRules(rules, phase, initialBalance);
    read.missing.forEach((m) => missing.add(m));
    read.notes.forEach((n) => notes.add(n));
    if (index === 0) {
      const daily = rules.dailyLoss;
      if (daily === 'none') {
        clock.rollover = UTC_MIDNIGHT;
        notes.add('The plan has no daily loss limit, so its days are cut at midnight UTC.');
      } else if (daily && daily.rollover) clock.rollover = validateRollover(daily.rollover, 'dailyLoss.rollover');
      else if (daily) missing.add('dailyLoss.rollover');
    }
    const run = compile({
      state: { balancePercent: 100, highWaterMarkPercent: 100, daysDone: 0, tradingDaysDone: 0, daysLeft: null },
      rules: read.rules,
      dailyPnlPercent: [0],
      paths: 1,
    }).run;
    const limit = rules.timeLimit;
    const best = rules.consistency;
    return {
      phase,
      run,
      timeLimitDays: limit && limit !== 'none' ? limit.days : null,
      bestDayFails: typeof best === 'object' && best !== null && best.effect === 'fails',
    };
  });
  return { phases, rollover: clock.rollover ?? UTC_MIDNIGHT, missing: [...missing], notes: [...notes] };
}

/**
 * The rules of every start date, computed once per distinct set of variants that apply (a plan's rules change
 * only on the purchase dates its variants name, so a year of start dates is a handful of reads).
 */
export function planRulesReader(plan: ReplayPlan, initialBalance: number): (purchasedOn: string) => PlanRulesOn {
  const variants = ((plan.rules as { variants?: readonly RuleVariant[] | null }).variants ?? []).filter(
    (v) => v.when.purchasedFrom != null || v.when.purchasedBefore != null,
  );
  const cache = new Map<string, PlanRulesOn>();
  return (purchasedOn) => {
    // Only the purchase-date conditions vary with the start date; the stage and platform are fixed per phase.
    const key = variants
      .map((v) =>
        variantApplies(
          { purchasedFrom: v.when.purchasedFrom, purchasedBefore: v.when.purchasedBefore },
          { stage: null, platform: null, purchasedOn },
        )
          ? 1
          : 0,
      )
      .join('');
    let read = cache.get(key);
    if (!read) cache.set(key, (read = rulesOn(plan, purchasedOn, initialBalance)));
    return read;
  };
}
