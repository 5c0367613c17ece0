/**
 * The rules that shape the walk over the data, each read as known, absent ('none') or unknown. An
 * unknown rule, or an unknown part of one, becomes a reason naming whose rule it is, never a guess.
 * The rules read only where their part of the answer is built (target, trading days, consistency)
 * name their unknowns there, so the reasons keep the order of the answer's parts.
 */
import { type ParsedRollover, validateRollover } from '../clock/rollover.js';
import type { Decimal } from '../shared/money.js';
import type { EffectiveRuleValues, EffectiveRules, RuleProvenance } from '../rules/effective.js';
import { type KnownDaily, knownDaily, type KnownMaxLoss, knownMaxLoss } from '../rules/apply.js';
import type { HeadroomReason } from './schema.js';

export function whose(p: RuleProvenance): string {
  return p.source === 'challenge' ? "the challenge's" : "the plan's";
}

/** A rule the data does not know, with where it should have come from (`source`: the plan or the challenge). */
/** Whose rule is missing, for a client's own wording: `plan` or `challenge`. */
export function sourceOf(p: RuleProvenance): HeadroomReason['values'] {
  return { source: p.source === 'challenge' ? 'challenge' : 'plan' };
}

export function unknownRule(
  rule: HeadroomReason['rule'],
  code: HeadroomReason['code'],
  message: string,
  values: HeadroomReason['values'] = {},
): HeadroomReason {
  return { rule, kind: 'unknown', code, values, message };
}

export interface RulesInForce {
  daily: KnownDaily | null;
  /** The daily loss roll-over: without it there is no firm day, so no daily floor is judged. */
  rollover: ParsedRollover | null;
  maxLoss: KnownMaxLoss | null;
}

export function rulesInForce({ rules, provenance }: EffectiveRules, initial: Decimal, reasons: HeadroomReason[]): RulesInForce {
  const { daily, rollover } = readDailyLoss(rules.dailyLoss, provenance.dailyLoss, reasons);
  const maxLoss = readMaxLoss(rules.maxLoss, provenance.maxLoss, initial, reasons);
  if (rules.timeLimit === null)
    reasons.push(
      unknownRule('timeLimit', 'timeLimit.unknown', `${whose(provenance.timeLimit)} time limit is unknown`, sourceOf(provenance.timeLimit)),
    );
  return { daily, rollover, maxLoss };
}

function readDailyLoss(
  rule: EffectiveRuleValues['dailyLoss'],
  provenance: RuleProvenance,
  reasons: HeadroomReason[],
): Pick<RulesInForce, 'daily' | 'rollover'> {
  const source = sourceOf(provenance);
  if (rule === null)
    reasons.push(unknownRule('dailyLoss', 'dailyLoss.unknown', `${whose(provenance)} daily loss limit is unknown`, source));
  if (rule === null || rule === 'none') return { daily: null, rollover: null };
  const missing = [
    // A fixed amount needs neither a percentage nor what it is taken of.
    rule.percent === null && rule.amount === null ? (['dailyLoss.percent_unknown', 'percentage'] as const) : null,
    rule.amountOf === null && rule.amount === null ? (['dailyLoss.amount_of_unknown', 'what the percentage is taken of'] as const) : null,
    rule.basis === null
      ? (['dailyLoss.basis_unknown', 'reference level (day-start balance, higher of balance and equity, or initial balance)'] as const)
      : null,
  ].filter((x) => x !== null);
  for (const [code, what] of missing)
    reasons.push(unknownRule('dailyLoss', code, `${whose(provenance)} daily loss ${what} is unknown`, source));
  const rollover = rule.rollover ? validateRollover(rule.rollover, 'dailyLoss.rollover') : null;
  if (!rollover)
    reasons.push(
      rule.resetClock
        ? unknownRule(
            'dailyLoss',
            'dailyLoss.rollover_unreadable',
            `${whose(provenance)} daily loss reset time "${rule.resetClock}" cannot be read as a clock`,
            { ...source, resetClock: rule.resetClock },
          )
        : unknownRule('dailyLoss', 'dailyLoss.rollover_unknown', `${whose(provenance)} daily loss reset time is unknown`, source),
    );
  return { daily: knownDaily(rule), rollover };
}

function readMaxLoss(
  rule: EffectiveRuleValues['maxLoss'],
  provenance: RuleProvenance,
  initial: Decimal,
  reasons: HeadroomReason[],
): KnownMaxLoss | null {
  const source = sourceOf(provenance);
  if (rule === null) reasons.push(unknownRule('maxLoss', 'maxLoss.unknown', `${whose(provenance)} maximum loss is unknown`, source));
  if (rule === null || rule === 'none') return null;
  if (rule.percent === null && rule.amount === null)
    reasons.push(unknownRule('maxLoss', 'maxLoss.percent_unknown', `${whose(provenance)} maximum loss percentage is unknown`, source));
  if (rule.type === null)
    reasons.push(
      unknownRule('maxLoss', 'maxLoss.type_unknown', `${whose(provenance)} maximum loss type (static or trailing) is unknown`, source),
    );
  return knownMaxLoss(rule, initial);
}
