import type { PropFirmRules } from '@propfolio/ea-settings';
import type { PlanItem } from '../catalog.outputs.js';

/**
 * Maps a plan (from `searchPlans`) to the EA settings engine's own rule type (one type: a catalog enum that
 * drifts from the engine's fails the typecheck here). Pure.
 */
export function firmRulesForEa(plan: Pick<PlanItem, 'firm' | 'rules'>): PropFirmRules {
  const { rules } = plan;
  const daily = rules.dailyLoss === 'none' ? null : rules.dailyLoss;
  const max = rules.maxLoss === 'none' ? null : rules.maxLoss;
  return {
    firm: plan.firm.name,
    dailyLossPercent: daily?.percent ?? null,
    dailyLossBasis: daily?.basis ?? null,
    maxLossPercent: max?.percent ?? null,
    maxLossType: max?.type ?? null,
    eaPolicy: rules.eaPolicy,
    newsTrading: rules.newsTrading,
    newsWindowMinutes: rules.newsWindowMinutes,
    weekendHolding: rules.weekendHolding,
    maxRiskPerTradePercent: rules.maxRiskPerTradePercent,
    hedging: rules.hedging,
  };
}
