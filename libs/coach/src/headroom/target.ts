/**
 * The profit target of the current phase, measured on the closed balance (floating profit does not
 * pass a phase). A funded account, or an unknown phase, has no target.
 */
import { Decimal, maxOf, num, percentOf } from '../shared/money.js';
import type { EffectiveRuleValues, RuleProvenance } from '../rules/effective.js';
import { sourceOf, unknownRule, whose } from './rules-in-force.js';
import type { Headroom, HeadroomReason } from './schema.js';

export interface TargetInput {
  targets: EffectiveRuleValues['profitTargetsPercent'];
  provenance: RuleProvenance;
  /** 0-based phase, or null when funded or unknown. */
  phaseIndex: number | null;
  initial: Decimal;
  balanceNow: Decimal;
}

export interface TargetHeadroom {
  target: Headroom['target'];
  /** The profit the target asks for, when known (the consistency rule may be a share of it). */
  amount: Decimal | null;
}

export function targetHeadroom(input: TargetInput, reasons: HeadroomReason[]): TargetHeadroom {
  const { targets, provenance, phaseIndex, initial, balanceNow } = input;
  const percent = phaseIndex !== null && targets ? (targets[phaseIndex] ?? null) : null;
  const target: Headroom['target'] = {
    phase: phaseIndex === null ? null : phaseIndex + 1,
    percent,
    level: null,
    remaining: null,
    percentDone: null,
  };
  if (percent === null) {
    if (phaseIndex !== null)
      reasons.push(
        targets === null
          ? unknownRule('profitTarget', 'profitTarget.unknown', `${whose(provenance)} profit targets are unknown`, sourceOf(provenance))
          : unknownRule('profitTarget', 'profitTarget.phase_unknown', `the profit target of phase ${phaseIndex + 1} is unknown`, {
              phase: phaseIndex + 1,
            }),
      );
    return { target, amount: null };
  }
  const amount = initial.times(percent).div(100);
  const level = initial.plus(amount);
  target.level = num(level);
  target.remaining = num(maxOf(new Decimal(0), level.minus(balanceNow)));
  target.percentDone = amount.isZero() ? 100 : Math.min(100, Math.max(0, percentOf(balanceNow.minus(initial), amount) ?? 0));
  return { target, amount };
}
