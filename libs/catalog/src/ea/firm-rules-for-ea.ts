import type { PropFirmRules } from '@propfolio/ea-settings';
import { isWholeRuleDispute } from '@propfolio/coach';
import type { PlanItem } from '../catalog.outputs.js';
import type { DailyLoss, MaxLoss } from '../schemas/rules.js';

/**
 * Maps a plan (from `searchPlans`) to the EA settings engine's own rule type (one type: a catalog enum that
 * drifts from the engine's fails the typecheck here). Pure.
 */
export function firmRulesForEa(plan: Pick<PlanItem, 'firm' | 'rules'>): PropFirmRules {
  const { rules } = plan;
  // A rule the sources dispute is unknown to the EA, as it is to the coach: the EA guards nothing it cannot state.
  // A rule with its value and other claims beside it (`disputed` on the rule) is its value.
  const daily = rules.dailyLoss === 'none' || isWholeRuleDispute(rules.dailyLoss) ? null : (rules.dailyLoss as DailyLoss | null);
  const max = rules.maxLoss === 'none' || isWholeRuleDispute(rules.maxLoss) ? null : (rules.maxLoss as MaxLoss | null);
  return {
    firm: plan.firm.name,
    dailyLossPercent: daily?.percent ?? null,
    // The EA has no setting that measures the day from the day-start equity, so it is left unknown rather than approximated.
    dailyLossBasis: daily?.basis === 'day_start_equity' ? null : (daily?.basis ?? null),
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
