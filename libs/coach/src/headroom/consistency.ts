/**
 * The consistency (best day) rule: the best day's closed profit may be at most a share of the profit
 * target or of the total profit. The days' profits are the ones every best-day rule reads
 * (trade-rules/attribution.ts): a reported day's report, another day its trades' closed parts. What a broken rule does is the rule's `effect`: `blocks_pass` delays the
 * pass (keep trading until it holds: never a breach), `fails` ends the attempt (a breach); not stated, it
 * is information only.
 */
import { bestDayNeeded } from '../rules/apply.js';
import { Decimal, maxOf, num, numOrNull } from '../shared/money.js';
import type { EffectiveRuleValues, RuleProvenance } from '../rules/effective.js';
import { bestOfDays } from '../trade-rules/attribution.js';
import { sourceOf, whose } from './rules-in-force.js';
import type { Headroom, HeadroomReason } from './schema.js';

export interface ConsistencyInput {
  rule: EffectiveRuleValues['consistency'];
  provenance: RuleProvenance;
  /** The attempt's closed profit per firm day (attribution.ts `closedProfitByDay`). */
  byDay: ReadonlyMap<string, Decimal>;
  /** The profit the target asks for, when known. */
  targetAmount: Decimal | null;
}

export function consistencyHeadroom(input: ConsistencyInput, reasons: HeadroomReason[]): Headroom['consistency'] {
  const { rule, provenance, byDay, targetAmount } = input;
  if (rule === null) {
    // An `unknown` finding, not information: the pre-trade check reads it and never clears a trade past it. It
    // cannot end the attempt, so the status stays as the loss rules make it (status.ts).
    reasons.push({
      rule: 'consistency',
      kind: 'unknown',
      code: 'consistency.unknown',
      values: sourceOf(provenance),
      message: `${whose(provenance)} consistency (best day) rule is unknown`,
    });
    return null;
  }
  if (rule === 'none') return null;
  const figures = bestOfDays(byDay);
  const best = figures.day === null ? null : { day: figures.day };
  const bestProfit = figures.profit;
  const total = figures.total;
  const share = new Decimal(rule.bestDayMaxPercent).div(100);
  let limit: Decimal | null = null;
  let needed: Decimal | null = null;
  let holds: boolean | null = null;
  if (rule.of === 'profit_target') {
    if (targetAmount) {
      limit = targetAmount.times(share);
      holds = bestProfit.lte(limit);
      needed = holds ? new Decimal(0) : null; // a best day above a share of the target is not undone by more profit
    }
  } else {
    limit = maxOf(total, new Decimal(0)).times(share);
    holds = bestProfit.lte(limit);
    needed = bestDayNeeded(share, bestProfit, total);
  }
  const effect = rule.effect ?? null;
  const values = { bestDay: best?.day ?? null, bestDayProfit: num(bestProfit), bestDayMaxPercent: rule.bestDayMaxPercent, of: rule.of };
  const what = `the best day (${best?.day ?? ''}) made more than ${rule.bestDayMaxPercent}% of the ${rule.of === 'profit_target' ? 'profit target' : 'total profit'}`;
  if (holds === false && effect === 'fails')
    reasons.push({ rule: 'consistency', kind: 'breached', code: 'consistency.failed', values, message: `${what}, which ends the attempt` });
  else if (holds === false && effect === 'blocks_pass')
    reasons.push({
      rule: 'consistency',
      kind: 'info',
      code: 'consistency.blocks_pass',
      values: { ...values, profitStillNeeded: numOrNull(needed) },
      message:
        needed === null
          ? `${what}: the phase cannot pass until it holds`
          : `${what}: keep trading, the phase passes once the total profit grows by ${num(needed)} more`,
    });
  else if (holds === false) reasons.push({ rule: 'consistency', kind: 'info', code: 'consistency.broken', values, message: what });
  return {
    bestDay: best?.day ?? null,
    bestDayProfit: num(bestProfit),
    limit: numOrNull(limit),
    profitStillNeeded: numOrNull(needed),
    holds,
    effect,
  };
}
