import type { EffectiveRuleValues } from '../rules/effective.js';
import type { SimulationRules } from './simulate.js';

/**
 * The numbers a simulation of one phase needs from the merged rules, with that phase's target: the one
 * mapping the service and the dashboard's in-browser what-if both use, so they simulate the same rules.
 */
export function simulationRulesFor(rules: EffectiveRuleValues, targetPercent: number | null): SimulationRules {
  const daily = rules.dailyLoss === 'none' ? null : rules.dailyLoss;
  const max = rules.maxLoss === 'none' ? null : rules.maxLoss;
  return {
    targetPercent,
    dailyLossPercent: daily?.percent ?? null,
    ...(daily?.basis ? { dailyLossBasis: daily.basis } : {}),
    ...(daily?.amountOf ? { dailyLossAmountOf: daily.amountOf } : {}),
    maxLossPercent: max?.percent ?? null,
    ...(max?.type ? { maxLossType: max.type } : {}),
    lockAtInitial: max?.lockFloor === 'initial_balance',
    lockTriggerPercent: max?.lockTriggerPercent ?? null,
    minTradingDays: rules.minTradingDays?.days ?? 0,
  };
}
