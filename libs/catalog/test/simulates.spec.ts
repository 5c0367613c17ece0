/**
 * Every catalog plan simulates, or names the rule its firm does not publish. A plan simulates when the coach
 * can read every rule a simulation needs from its default rules (the first evaluation phase, or the funded
 * account for a plan without one): no `rules_unknown`. The count is printed so the coordinator sees it.
 */
import { describe, expect, it } from '@jest/globals';
import { effectiveRules, readSimulationRules, rulesInContext, stageOf } from '@propfolio/coach';
import { catalogDataDir } from '../src/data-dir.js';
import { loadPlanCatalog, type PlanRecord } from '../src/data/plan-files.js';

/**
 * The issue's bar is 80 of the 92 plans. The firms' pages (and, where a firm publishes nothing, a noted third party)
 * gave 87 on 2026-11-29 (the rest name what their firm does not publish), so that is the floor asserted: a plan that
 * stops simulating fails here.
 */
const MIN_SIMULATING = 87;

/**
 * The rule parts a simulation of the plan's first stage lacks ([] when it simulates): its first evaluation phase,
 * or the funded account for a plan without one, with the variants of that stage applied (platform and purchase
 * date unknown, so only variants by stage).
 */
function missingFor(plan: PlanRecord): string[] {
  const phase = plan.phases > 0 ? 0 : 'funded';
  const inStage = rulesInContext(plan.rules, { stage: stageOf(phase), platform: null, purchasedOn: null });
  const rules = effectiveRules(inStage, null, null).rules;
  const initial = plan.accountSize === null ? null : Number(plan.accountSize);
  return readSimulationRules(rules, phase, initial).missing;
}

/** The rule paths the plan's program says its firm does not publish (`unpublished:`). */
const unpublishedOf = (plan: PlanRecord): string[] => (plan.rules.unpublished ?? []).map((entry) => entry.rule);

/** Whether a missing part (`profitTargetsPercent[0]`, `dailyLoss.basis`) is covered by an unpublished rule path. */
const covers = (rule: string, part: string): boolean => part === rule || part.startsWith(`${rule}.`) || part.startsWith(`${rule}[`);

describe('catalog plans simulate', () => {
  const { plans } = loadPlanCatalog(catalogDataDir());
  const read = plans.map((plan) => ({ plan, missing: missingFor(plan), unpublished: unpublishedOf(plan) }));
  const simulating = read.filter((r) => r.missing.length === 0);

  it(`prints how many plans simulate, by firm`, () => {
    const byFirm = new Map<string, { all: number; ok: number }>();
    for (const r of read) {
      const firm = byFirm.get(r.plan.firmSlug) ?? { all: 0, ok: 0 };
      firm.all += 1;
      if (r.missing.length === 0) firm.ok += 1;
      byFirm.set(r.plan.firmSlug, firm);
    }
    const lines = [...byFirm].map(([firm, n]) => `  ${firm}: ${n.ok} of ${n.all}`);
    const unknown = read.filter((r) => r.missing.length > 0).map((r) => `  ${r.plan.id}: ${r.missing.join(', ')}`);
    console.log([`${simulating.length} of ${plans.length} catalog plans simulate`, ...lines, 'Not simulating:', ...unknown].join('\n'));
    expect(simulating.length).toBeGreaterThan(0);
  });

  it(`at least ${MIN_SIMULATING} plans simulate`, () => {
    expect(simulating.length).toBeGreaterThanOrEqual(MIN_SIMULATING);
  });

  it('a plan that does not simulate names the rules its firm does not publish', () => {
    const unexplained = read
      .filter((r) => r.missing.length > 0)
      .filter((r) => !r.missing.every((part) => r.unpublished.some((rule) => covers(rule, part.replace(/ \(.*$/, '')))))
      .map((r) => `${r.plan.id}: ${r.missing.join(', ')}`);
    expect(unexplained).toEqual([]);
  });
});
