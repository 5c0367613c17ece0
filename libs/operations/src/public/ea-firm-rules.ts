import { firmRulesForEa, type CatalogService, type PlanItem } from '@propfolio/catalog';
import { AppError } from '@propfolio/core';
import type { PropFirmRules } from '@propfolio/ea-settings';

export interface FirmRulesChoice {
  rules: PropFirmRules;
  plan: { planId: string; program: string; checkedOn: string; stale: boolean };
}

/**
 * The EA engine takes a firm's rules from its caller; over the API they come from the plan database,
 * so agents name a firm (and optionally a plan) instead of typing limits in.
 */
export async function firmRulesFromCatalog(catalog: CatalogService, firm: string, planId?: string): Promise<FirmRulesChoice> {
  const found = await catalog.searchPlans({ firm, limit: 100 });
  if (found.items.length === 0) {
    const hint = found.suggestions?.length ? ` Did you mean: ${found.suggestions.join(', ')}?` : '';
    throw AppError.invalidField('firm', `is not a firm in the plan database.${hint}`);
  }
  const plan: PlanItem | undefined = planId ? found.items.find((item) => item.id === planId) : found.items[0];
  if (!plan) throw AppError.invalidField('planId', `is not a plan of ${found.items[0]?.firm.name ?? firm}`);
  return {
    rules: firmRulesForEa(plan),
    plan: { planId: plan.id, program: plan.program, checkedOn: plan.checkedOn, stale: plan.stale },
  };
}
