import type { PlanItem } from '../schemas/results.js';
import type { DailyLossBasis, MaxLossType, Permission, Policy } from '../schemas/rules.js';

/** The rule set the EA settings engine consumes; null = unknown or no such rule. */
export interface EaFirmRules {
  firm: string;
  dailyLossPercent: number | null;
  dailyLossBasis: DailyLossBasis | null;
  maxLossPercent: number | null;
  maxLossType: MaxLossType | null;
  eaPolicy: Policy | null;
  newsTrading: Policy | null;
  newsWindowMinutes: number | null;
  weekendHolding: Permission | null;
  maxRiskPerTradePercent: number | null;
  hedging: Permission | null;
}

/** Maps a plan (from `searchPlans`) to the EA settings engine's rule interface. Pure. */
export function firmRulesForEa(plan: Pick<PlanItem, 'firm' | 'rules'>): EaFirmRules {
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
