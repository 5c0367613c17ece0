/**
 * The consistency (best day) rule: the best day's closed profit may be at most a share of the profit
 * target or of the total profit. What a broken rule does is the rule's `effect`: `blocks_pass` delays the
 * pass (keep trading until it holds: never a breach), `fails` ends the attempt (a breach); not stated, it
 * is information only.
 */
import { bestDayNeeded } from '../rules/apply.js';
import { Decimal, maxOf, num, numOrNull } from '../shared/money.js';
import type { EffectiveRuleValues, RuleProvenance } from '../rules/effective.js';
import type { Point } from './attempt-points.js';
import { sourceOf, whose } from './rules-in-force.js';
import type { Headroom, HeadroomReason } from './schema.js';

export interface ConsistencyInput {
  rule: EffectiveRuleValues['consistency'];
  provenance: RuleProvenance;
  /** The attempt's points; only the end-of-day reports carry a day's closed profit. */
  points: readonly Point[];
  /** The profit the target asks for, when known. */
  targetAmount: Decimal | null;
}

export function consistencyHeadroom(input: ConsistencyInput, reasons: HeadroomReason[]): Headroom['consistency'] {
  const { rule, provenance, points, targetAmount } = input;
  if (rule === null) {
    reasons.push({
      rule: 'consistency',
      kind: 'info',
      code: 'consistency.unknown',
      values: sourceOf(provenance),
      message: `${whose(provenance)} consistency (best day) rule is unknown`,
    });
    return null;
  }
  if (rule === 'none') return null;
  const reports = points.filter((p) => p.kind === 'report');
  let best: Point | null = null;
  for (const p of reports) if (p.closedPnl?.gt(0) && (!best || p.closedPnl.gt(best.closedPnl ?? 0))) best = p;
  const bestProfit = best?.closedPnl ?? new Decimal(0);
  const total = reports.reduce((s, p) => s.plus(p.closedPnl ?? 0), new Decimal(0));
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
