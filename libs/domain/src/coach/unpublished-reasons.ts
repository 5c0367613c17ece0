import { type Headroom, unpublishedAmong } from '@propfolio/coach';
import type { PlanVersion } from './challenge-rules.js';

/**
 * The rule path an "unknown" finding is about, in the plan's rule vocabulary: `maxLoss.type_unknown` →
 * `maxLoss.type`, `dailyLoss.amount_of_unknown` → `dailyLoss.amountOf`, `profitTarget.unknown` → `profitTargetsPercent`.
 */
function rulePathOf(code: string): string {
  const path = code
    .replace(/\.unknown$/, '')
    .replace(/_unknown$/, '')
    .replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  return path.replace(/^profitTarget(\.phase)?$/, 'profitTargetsPercent');
}

/**
 * The headroom with each "unknown" finding that a rule the firm publishes nowhere explains saying so: the trader
 * then knows to set the rule from the firm's own answer (set_challenge_rules) rather than wait for the catalog.
 */
export function withUnpublishedRules(headroom: Headroom, plan: PlanVersion | null): Headroom {
  const unpublished = plan?.rules.unpublished;
  if (!unpublished || unpublished.length === 0) return headroom;
  const reasons = headroom.reasons.map((reason) => {
    if (reason.kind !== 'unknown') return reason;
    const [named] = unpublishedAmong(unpublished, [rulePathOf(reason.code)]);
    if (!named) return reason;
    const why = named.note ? `: ${named.note}` : '';
    return { ...reason, message: `${reason.message} (${plan.firm} does not publish ${named.rule}${why})` };
  });
  return { ...headroom, reasons };
}
