import { firmRulesForEa } from './firm-rules-for-ea.js';
import { type CatalogService } from '../catalog.service.js';
import { type PlanItem } from '../catalog.outputs.js';
import { AppError } from '@propfolio/core';
import { foldText, type PropFirmRules } from '@propfolio/ea-settings';

export interface FirmRulesChoice {
  rules: PropFirmRules;
  plan: { planId: string; program: string; checkedOn: string; stale: boolean };
}

/** What narrows a firm down to one plan when no planId is given. */
export interface PlanHints {
  planId?: string | undefined;
  accountSize?: number | undefined;
  phases?: number | undefined;
  /** Part of the program's name, e.g. "2-Step" or "Swing". */
  program?: string | undefined;
}

/** Program names compared folded, without spaces or punctuation: '2 step', '２－Ｓｔｅｐ' and '2-Step' match. */
const programKey = (text: string): string => foldText(text).replace(/[^\p{L}\p{N}]/gu, '');

const describePlan = (p: PlanItem): string =>
  `${p.id} (${p.program}, ${p.phases} phase${p.phases === 1 ? '' : 's'}${p.accountSize === null ? '' : `, ${p.accountSize} ${p.currency}`})`;

/**
 * The EA engine takes a firm's rules from its caller; over the API they come from the plan database, so
 * agents name a firm and enough to pick its plan. Plans of one firm differ in their limits (FTMO's 1-Step
 * has a 3% daily limit, its 2-Step 5%), so when the hints leave more than one plan with different rules,
 * the answer lists the candidates instead of guessing.
 */
export async function firmRulesFromCatalog(catalog: CatalogService, firm: string, hints: PlanHints = {}): Promise<FirmRulesChoice> {
  const found = await catalog.searchPlans({ firm, limit: 100 });
  if (found.items.length === 0) {
    const hint = found.suggestions?.length ? ` Did you mean: ${found.suggestions.join(', ')}?` : '';
    throw AppError.invalidField('firm', `is not a firm in the plan database.${hint}`);
  }
  const firmName = found.items[0]?.firm.name ?? firm;
  let plan: PlanItem | undefined;
  if (hints.planId) {
    plan = found.items.find((item) => item.id === hints.planId);
    if (!plan) throw AppError.invalidField('planId', `is not a plan of ${firmName}; its plans: ${found.items.map((p) => p.id).join(', ')}`);
  } else {
    const program = hints.program === undefined ? undefined : programKey(hints.program);
    const candidates = found.items.filter(
      (p) =>
        (hints.accountSize === undefined || p.accountSize === hints.accountSize) &&
        (hints.phases === undefined || p.phases === hints.phases) &&
        (program === undefined || programKey(p.program).includes(program)),
    );
    if (candidates.length === 0) {
      throw AppError.invalidField(
        'firm',
        `${firmName} has no plan matching ${JSON.stringify(hints)}; its plans: ${found.items.map(describePlan).join('; ')}`,
      );
    }
    const distinctRules = new Set(candidates.map((p) => JSON.stringify(firmRulesForEa(p))));
    if (distinctRules.size > 1) {
      throw AppError.invalidField(
        'planId',
        `is needed: ${candidates.length} plans of ${firmName} fit and their limits differ. Pass planId (or phases, program, accountSize). Candidates: ${candidates.map(describePlan).join('; ')}`,
      );
    }
    plan = candidates[0];
  }
  if (!plan) throw AppError.invalidField('planId', `is not a plan of ${firmName}`);
  return {
    rules: firmRulesForEa(plan),
    plan: { planId: plan.id, program: plan.program, checkedOn: plan.checkedOn, stale: plan.stale },
  };
}
