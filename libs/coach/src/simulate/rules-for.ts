import type { EffectiveRuleValues } from '../rules/effective.js';
import type { SimulationRules } from './simulate.js';

/** What one phase's simulation needs from the merged rules; a part that is unknown is named, never guessed. */
export interface SimulationRulesRead {
  rules: SimulationRules;
  /**
   * The rule parts the simulation cannot do without and does not know, e.g. `dailyLoss.basis` or
   * `timeLimit`: a simulation over them would answer on a guess (the service refuses it, 422 rules_unknown).
   */
  missing: string[];
  /** Rules the simulation knows of but cannot apply as the firm would, in words for the answer's notes. */
  notes: string[];
}

/**
 * The numbers a simulation of one phase needs from the merged rules, with that phase's target: the one
 * mapping the service and the dashboard's in-browser what-if both use, so they simulate the same rules.
 * Fixed amounts become percentages of `initialBalance` (unknown without it). A best-day rule decides the
 * pass only when the firm says it blocks (or fails) it; a rule of unstated effect is information, as in
 * the headroom. A trading-day rule of `profitable_day` counts only days that made its minimum.
 *
 * `phase`: the 0-based phase whose target applies, `'funded'` (no target), or null when the challenge's
 * phase is unknown (its target is then missing).
 */
export function readSimulationRules(
  rules: EffectiveRuleValues,
  phase: number | 'funded' | null,
  initialBalance: number | null,
): SimulationRulesRead {
  const missing: string[] = [];
  const notes: string[] = [];
  const ofInitial = (amount: number | null, field: string): number | null => {
    if (amount === null) return null;
    if (initialBalance === null || !(initialBalance > 0)) {
      missing.push(`${field} (a fixed amount needs the account's initial balance)`);
      return null;
    }
    return (amount / initialBalance) * 100;
  };

  let targetPercent: number | null = null;
  if (phase === null) missing.push('profitTargetsPercent (the phase is unknown)');
  else if (phase !== 'funded') {
    targetPercent = rules.profitTargetsPercent?.[phase] ?? null;
    if (targetPercent === null) missing.push(`profitTargetsPercent[${phase}]`);
  }

  const out: SimulationRules = { targetPercent, dailyLossPercent: null, maxLossPercent: null };
  const daily = rules.dailyLoss;
  if (daily === null) missing.push('dailyLoss');
  else if (daily !== 'none') {
    const fixed = ofInitial(daily.amount, 'dailyLoss.amount');
    if (daily.amount === null && daily.percent === null) missing.push('dailyLoss.percent');
    if (daily.amount === null && daily.amountOf === null) missing.push('dailyLoss.amountOf');
    if (daily.basis === null) missing.push('dailyLoss.basis');
    out.dailyLossPercent = fixed ?? daily.percent;
    out.dailyLossAmountOf = fixed !== null ? 'initial_balance' : (daily.amountOf ?? 'initial_balance');
    if (daily.basis) out.dailyLossBasis = daily.basis;
    if (daily.comparison) out.dailyLossComparison = daily.comparison;
  }
  const max = rules.maxLoss;
  if (max === null) missing.push('maxLoss');
  else if (max !== 'none') {
    const fixed = ofInitial(max.amount, 'maxLoss.amount');
    if (max.amount === null && max.percent === null) missing.push('maxLoss.percent');
    if (max.type === null) missing.push('maxLoss.type');
    out.maxLossPercent = fixed ?? max.percent;
    if (fixed === null && max.amountOf) out.maxLossAmountOf = max.amountOf;
    if (max.type) out.maxLossType = max.type;
    if (max.comparison) out.maxLossComparison = max.comparison;
    out.lockAtInitial = max.lockFloor === 'initial_balance';
    out.lockTriggerPercent = max.lockTriggerPercent;
  }
  const days = rules.minTradingDays;
  if (days === null || days.days === null) missing.push('minTradingDays.days');
  out.minTradingDays = days?.days ?? 0;
  if (days?.counts === 'profitable_day') out.profitableDayMinPercent = days.minProfitPercent ?? 0;
  if (rules.timeLimit === null) missing.push('timeLimit');

  const best = rules.consistency;
  if (best === null) notes.push('The best-day rule is unknown, so it does not hold back a pass here.');
  else if (best !== 'none') {
    if (best.effect === 'blocks_pass' || best.effect === 'fails') out.bestDay = { maxPercent: best.bestDayMaxPercent, of: best.of };
    if (best.effect === 'fails')
      notes.push(
        'The best-day rule fails the account; here it is judged only when the target is reached, so a path that breaks it earlier is not ended (optimistic).',
      );
    if (best.effect == null) notes.push('The best-day rule does not say what breaking it does, so it does not hold back a pass here.');
  }
  return { rules: out, missing, notes };
}

/** The simulation rules alone with a given target (null: none), for a what-if over rules already known to be complete. */
export function simulationRulesFor(
  rules: EffectiveRuleValues,
  targetPercent: number | null,
  initialBalance: number | null = null,
): SimulationRules {
  return { ...readSimulationRules(rules, 'funded', initialBalance).rules, targetPercent };
}
