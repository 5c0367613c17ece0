/**
 * "Unknown is never allowed", over every catalog plan at every stage: when a rule a trade can break (the daily
 * loss, the maximum loss, the best day) is unknown in the plan's own rules, the pre-trade check of a small loss
 * never answers `allowed`, and its `notChecked` names that rule. Unknown-ness is read from the rules themselves,
 * not from what the headroom reports, so a rule the headroom forgets to report fails here.
 */
import { describe, expect, it } from '@jest/globals';
import {
  checkTrade,
  computeHeadroom,
  effectiveRules,
  planTradeRules,
  rulesInContext,
  stageOf,
  type EffectiveRuleValues,
} from '@propfolio/coach';
import { catalogDataDir } from '../src/data-dir.js';
import { loadPlanCatalog, type PlanRecord } from '../src/data/plan-files.js';

type TradeRule = 'daily_loss' | 'max_loss' | 'best_day';

/** The rules a trade can break that the rules leave unknown: a rule absent, or a part a floor or share needs. */
function unknownTradeRules(rules: EffectiveRuleValues): TradeRule[] {
  const out: TradeRule[] = [];
  const daily = rules.dailyLoss;
  if (
    daily === null ||
    (daily !== 'none' &&
      (daily.basis === null || (daily.amount === null && (daily.percent === null || daily.amountOf === null)) || daily.rollover === null))
  )
    out.push('daily_loss');
  const max = rules.maxLoss;
  if (max === null || (max !== 'none' && (max.type === null || (max.amount === null && max.percent === null)))) out.push('max_loss');
  if (rules.consistency === null) out.push('best_day');
  return out;
}

/** Each stage of a plan: its evaluation phases (0-based), then the funded account. */
const stagesOf = (plan: PlanRecord): (number | 'funded')[] => [...Array.from({ length: plan.phases }, (_, i) => i), 'funded'];

const AT = new Date('2026-11-27T12:00:00Z');

/** The check of a 1-unit loss on a fresh account of the plan at one stage, as check_trade answers it. */
function checkAt(plan: PlanRecord, phase: number | 'funded') {
  const inStage = rulesInContext(plan.rules, { stage: stageOf(phase), platform: null, purchasedOn: '2026-11-27' });
  const rules = effectiveRules(inStage, null, { planId: plan.id, checkedOn: plan.checkedOn });
  const initial = plan.accountSize ?? '100000';
  const headroom = computeHeadroom({
    at: AT,
    rules,
    phaseIndex: phase === 'funded' ? null : phase,
    account: { currency: plan.currency, initialBalance: initial },
    days: [],
    snapshots: [{ day: '2026-11-27', at: AT, balance: initial, equity: initial, minEquity: initial, maxEquity: initial }],
    startedOn: '2026-11-27',
    tradeRules: planTradeRules(inStage),
  });
  const consistency = rules.rules.consistency;
  const bestDayRule =
    consistency === null || consistency === 'none' ? null : { bestDayMaxPercent: consistency.bestDayMaxPercent, of: consistency.of };
  return { unknown: unknownTradeRules(rules.rules), check: checkTrade({ headroom, risk: { riskAmount: '1' }, bestDayRule }) };
}

describe('check_trade over every catalog plan: an unknown rule is never allowed', () => {
  const { plans } = loadPlanCatalog(catalogDataDir());
  const cases = plans.flatMap((plan) => stagesOf(plan).map((phase) => ({ plan, phase, ...checkAt(plan, phase) })));

  it('reads every plan at every stage, some of them with an unknown rule', () => {
    expect(plans.length).toBeGreaterThan(50);
    // The property below is only worth something while the catalog still has unknown rules to hold it against.
    expect(cases.filter((c) => c.unknown.length > 0).length).toBeGreaterThan(0);
  });

  it('never answers allowed while a rule is unknown, and names every unknown rule in notChecked', () => {
    const wrong = cases
      .filter((c) => c.unknown.length > 0)
      .filter((c) => c.check.verdict === 'allowed' || !c.unknown.every((rule) => c.check.notChecked.some((n) => n.rule === rule)))
      .map(
        (c) =>
          `${c.plan.id} ${String(c.phase)}: ${c.check.verdict}, unknown ${c.unknown.join('+')}, notChecked ${c.check.notChecked.map((n) => n.rule).join('+') || '-'}`,
      );
    expect(wrong).toEqual([]);
  });

  it('names no rule as not checked that the plan knows', () => {
    const extra = cases
      .filter((c) => c.check.notChecked.some((n) => !c.unknown.includes(n.rule)))
      .map((c) => `${c.plan.id} ${String(c.phase)}: notChecked ${c.check.notChecked.map((n) => n.rule).join('+')}`);
    expect(extra).toEqual([]);
  });
});
