/**
 * The funded stage's money per catalog plan (issue 43 item 3): which plans' payout terms (split, first payout
 * day, cadence, per-payout conditions, refund) are complete enough for fit_plans' expected value, and which name
 * what their firm's pages leave unknown. Run on a history that gains 1 % every day, so every plan with known
 * evaluation rules passes and the value depends on the payout terms alone. The count is printed for the lead.
 */
import { describe, expect, it } from '@jest/globals';
import { fitPlans, type FitPlan } from '@propfolio/coach';
import { catalogDataDir } from '../src/data-dir.js';
import { loadPlanCatalog } from '../src/data/plan-files.js';

/** Plans valued on 2026-11-29 from the firms' pages (and noted third parties); a plan that loses its value fails here. */
const VALUED_PROGRAMS = [
  'ftmo-2-step-',
  'ftmo-1-step-',
  'fundednext-stellar-2-step-',
  'fundednext-stellar-1-step-',
  'fundednext-stellar-lite-',
  'alpha-capital-alpha-one-',
];
/** Payout terms researched, the list price still unknown (so no value, and only the price is named). */
const PRICE_UNKNOWN = ['the5ers-high-stakes-'];
/** Payout terms researched, the first payout day or the payout method left unknown by the firm's pages. */
const FIRST_PAYOUT_UNKNOWN = ['fintokei-protrader-', 'alpha-capital-alpha-pro-6-'];
const RESEARCHED = [...VALUED_PROGRAMS, ...PRICE_UNKNOWN, ...FIRST_PAYOUT_UNKNOWN];

describe('catalog plans and their payout terms', () => {
  const { plans } = loadPlanCatalog(catalogDataDir());
  const fit: FitPlan[] = plans.map((p) => ({
    planId: p.id,
    rules: p.rules,
    phases: p.phases,
    accountSize: p.accountSize === null ? null : Number(p.accountSize),
    price: p.price === null ? null : Number(p.price),
    billing: p.billing,
    purchasedOn: '2026-11-29',
  }));
  const answer = fitPlans({ dailyPnlPercent: Array.from({ length: 20 }, () => 1), paths: 20, plans: fit });
  const byId = new Map(answer.plans.map((p) => [p.planId, p]));
  const valued = answer.plans.filter((p) => p.atCurrentRisk?.expectedValue != null);

  it('prints which plans have an expected value and what the others lack', () => {
    const lacking = answer.plans
      .filter((p) => p.simulated && p.atCurrentRisk?.expectedValue == null)
      .map((p) => `  ${p.planId}: ${p.unknownPayoutRules.join(', ')}`);
    console.log([`${valued.length} of ${plans.length} catalog plans have an expected value`, 'Without one:', ...lacking].join('\n'));
    expect(valued.length).toBeGreaterThan(0);
  });

  it('the researched programs are valued at every size', () => {
    for (const prefix of VALUED_PROGRAMS) {
      const rows = answer.plans.filter((p) => p.planId.startsWith(prefix));
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect({ id: row.planId, missing: row.unknownPayoutRules }).toEqual({ id: row.planId, missing: [] });
    }
  });

  it('The5ers High Stakes: its payout terms are complete, its unknown list price alone keeps the value null', () => {
    const rows = answer.plans.filter((p) => PRICE_UNKNOWN.some((prefix) => p.planId.startsWith(prefix)));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect({ id: row.planId, missing: row.unknownPayoutRules }).toEqual({ id: row.planId, missing: ['price'] });
  });

  it('a plan whose firm does not say when it pays stays null and names the rules', () => {
    // Fintokei states the bi-weekly cycle, the split and the refund, but not when the first request may be made.
    const protrader = [...byId.values()].find((p) => p.planId.startsWith('fintokei-protrader-'));
    expect(protrader?.atCurrentRisk?.expectedValue).toBeNull();
    expect(protrader?.unknownPayoutRules).toEqual(['payout.firstAfterDays']);
    // Alpha Pro is bought with one of two payout methods: which one is the trader's choice, unknown to the catalog.
    const alphaPro = [...byId.values()].find((p) => p.planId.startsWith('alpha-capital-alpha-pro-6-'));
    expect(alphaPro?.atCurrentRisk?.expectedValue).toBeNull();
    expect(alphaPro?.unknownPayoutRules).toContain('payout.cadence (chosen_at_purchase)');
    const topstep = [...byId.values()].find((p) => p.planId.startsWith('topstep-'));
    expect(topstep?.atCurrentRisk?.expectedValue).toBeNull();
    expect(topstep?.unknownPayoutRules).toContain('profitSplit.percent');
  });

  it('Fintokei SwiftTrader follows the firm’s listing: one phase, 100 % split, paid from day one, only the refund’s timing unknown', () => {
    const rows = answer.plans.filter((p) => p.planId.startsWith('fintokei-swifttrader-usd-'));
    expect(rows.map((r) => r.planId)).toEqual([10_000, 20_000, 50_000, 100_000, 200_000].map((size) => `fintokei-swifttrader-usd-${size}`));
    for (const row of rows) {
      expect({ id: row.planId, missing: row.unknownPayoutRules }).toEqual({ id: row.planId, missing: ['feeRefund.when'] });
      expect(row.atCurrentRisk?.expectedValue).toBeNull();
    }
    const swift = plans.find((p) => p.id === 'fintokei-swifttrader-usd-100000');
    expect({ phases: swift?.phases, currency: swift?.currency, price: swift?.price?.toString() }).toEqual({
      phases: 1,
      currency: 'USD',
      price: '599',
    });
    expect(swift?.rules.profitTargetsPercent).toEqual([10]);
  });

  it('a monthly plan is charged per month open: Topstep’s fees grow with the months a path stays in the evaluation', () => {
    // The same plan billed once would charge exactly its price on every path.
    const topstepPlan = fit.find((p) => p.planId.startsWith('topstep-')) as FitPlan;
    expect(topstepPlan.billing).toBe('monthly');
    const fees = (billing: 'one_time' | 'monthly', series: number[]) =>
      fitPlans({ dailyPnlPercent: series, paths: 20, plans: [{ ...topstepPlan, billing }] }).plans[0]?.atCurrentRisk?.expectedFees;
    const flat = Array.from({ length: 40 }, () => 0);
    expect(fees('one_time', flat)).toBe(topstepPlan.price);
    expect(fees('monthly', flat)).toBeGreaterThan(topstepPlan.price as number);
  });

  it('every payout, split and refund term the research added cites its page, its date and whose word it is', () => {
    for (const plan of plans.filter((p) => RESEARCHED.some((prefix) => p.id.startsWith(prefix)))) {
      for (const rule of ['profitSplit', 'payout', 'feeRefund'] as const) {
        const source = (plan.rules[rule] as { source?: { url: string; readOn: string; kind?: string } } | null)?.source;
        expect({ plan: plan.id, rule, readOn: source?.readOn, kind: source?.kind ?? null }).toEqual({
          plan: plan.id,
          rule,
          readOn: '2026-11-29',
          kind: expect.stringMatching(/^(firm|third_party)$/),
        });
      }
    }
  });

  it('the refund follows each program’s stated trigger: none on Alpha One and FTMO 1-Step, with the first reward on FTMO 2-Step', () => {
    const refundOf = (prefix: string) => answer.plans.find((p) => p.planId.startsWith(prefix))?.atCurrentRisk?.expectedRefund;
    expect(refundOf('alpha-capital-alpha-one-')).toBe(0);
    expect(refundOf('ftmo-1-step-')).toBe(0);
    // A history that gains every day passes and is paid, so the 2-Step's fee comes back with its first reward.
    expect(refundOf('ftmo-2-step-')).toBeGreaterThan(0);
  });

  it('Stellar 1-Step bought before 2026-01-12 keeps its 90 % split (a variant by purchase date)', () => {
    const plan = fit.find((p) => p.planId.startsWith('fundednext-stellar-1-step-')) as FitPlan;
    const paid = (purchasedOn: string) =>
      fitPlans({ dailyPnlPercent: [1, 1, 1], paths: 10, plans: [{ ...plan, purchasedOn }] }).plans[0]?.atCurrentRisk?.expectedPayouts ?? 0;
    expect(paid('2025-12-01') / paid('2026-11-29')).toBeCloseTo(90 / 80, 9);
  });
});
