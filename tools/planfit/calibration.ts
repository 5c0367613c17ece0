/**
 * Plan fit's calibration against the world (issue 43 item 5; docs/coach.md, "Plan fit: calibration"). Not part of
 * any test run:
 *
 *   npx tsx tools/planfit/calibration.ts            (CAL_TRADERS=1000, CAL_PATHS=200, CAL_SEED=1)
 *
 * A synthetic population of traders, each a history of 40 trading days drawn from published shapes of trader
 * returns, is run through fit_plans' engine (`fitPlans`, the same code the API runs) under one- and two-phase catalog
 * plans; the population's mean pass probability per plan is printed beside the public figures. The population:
 *
 * - Volatility: each trader's daily P&L has a standard deviation drawn log-normally around 1 % of the account
 *   (log-sd 0.5: most between 0.45 % and 2.2 %), the risk of a trader risking 0.5–2 % a trade on a few trades a day.
 * - Edge: the daily mean is edge × volatility with edge ~ Normal(−0.07, 0.10), so 76 % of traders lose money on
 *   average, inside the 74–89 % of retail CFD accounts that lose money in ESMA's 2018 product intervention
 *   (Decision (EU) 2018/796); the best few per cent make about 0.2 standard deviations a day.
 * - Shape: daily moves are Student-t with 3 degrees of freedom scaled to the volatility, the fat "inverse cubic"
 *   tail of daily returns (Gopikrishnan et al., 1998); the day's low is below its close by half a volatility times
 *   a half-normal draw.
 *
 * Every number here is an assumption of the population, not a fact about any firm; the firms' rules come from the
 * catalog (libs/catalog/data/firms), as fit_plans reads them.
 */
import { fitPlans, Xoshiro128, type FitPlan } from '@propfolio/coach';
import { catalogDataDir, loadPlanCatalog } from '@propfolio/catalog';

const TRADERS = Number(process.env['CAL_TRADERS'] ?? 1000);
const PATHS = Number(process.env['CAL_PATHS'] ?? 200);
const SEED = Number(process.env['CAL_SEED'] ?? 1);
const HISTORY_DAYS = 40;

/** The plans compared, with the public figure each is compared with. */
const PLANS: { id: string; kind: 'two-phase' | 'one-phase' | 'topstep' }[] = [
  { id: 'ftmo-2-step-100000', kind: 'two-phase' },
  { id: 'fundednext-stellar-2-step-100000', kind: 'two-phase' },
  { id: 'fintokei-protrader-10000000', kind: 'two-phase' },
  { id: 'ftmo-1-step-100000', kind: 'one-phase' },
  { id: 'fundednext-stellar-1-step-100000', kind: 'one-phase' },
  { id: 'topstep-trading-combine-50000', kind: 'topstep' },
];

/** Public figures: the share of purchases (Topstep: of Combines) that were funded. */
const PUBLIC: Record<(typeof PLANS)[number]['kind'], { share: number; source: string }> = {
  'two-phase': { share: 0.118, source: 'Swiset/FXStreet, ~10,000 traders, Aug 2024–Apr 2025 (fxverify.com)' },
  'one-phase': { share: 0.203, source: 'Swiset/FXStreet, same sample' },
  topstep: { share: 0.168, source: 'Topstep 2025: 16.8 % of Combines initiated passed (propfirmscompare.com quoting it)' },
};

const rng = new Xoshiro128(SEED);
const normal = (): number => {
  const u = Math.max(rng.next(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
};
/** Student-t with 3 degrees of freedom, scaled to unit variance (its variance is 3). */
const t3 = (): number => normal() / Math.sqrt((normal() ** 2 + normal() ** 2 + normal() ** 2) / 3) / Math.sqrt(3);

function trader(): { series: number[]; lows: number[] } {
  const sigma = Math.exp(0.5 * normal()); // % of the account a day, median 1
  const mean = (-0.07 + 0.1 * normal()) * sigma;
  const series: number[] = [];
  const lows: number[] = [];
  for (let d = 0; d < HISTORY_DAYS; d++) {
    const close = Math.round((mean + sigma * t3()) * 1e4) / 1e4;
    series.push(close);
    lows.push(Math.min(0, close) - Math.round(0.5 * sigma * Math.abs(normal()) * 1e4) / 1e4);
  }
  return { series, lows };
}

const { plans: catalog } = loadPlanCatalog(catalogDataDir());
const fit: FitPlan[] = PLANS.map(({ id }) => {
  const p = catalog.find((c) => c.id === id);
  if (!p) throw new Error(`${id} is not in the catalog`);
  return {
    planId: p.id,
    rules: p.rules,
    phases: p.phases,
    accountSize: p.accountSize === null ? null : Number(p.accountSize),
    price: p.price === null ? null : Number(p.price),
    purchasedOn: '2026-11-29',
  };
});

const sums = new Map<string, { pass: number; passSq: number; phase1: number; paid: number; paidN: number }>();
const started = Date.now();
for (let i = 0; i < TRADERS; i++) {
  const { series, lows } = trader();
  const answer = fitPlans({ dailyPnlPercent: series, dailyLowPercent: lows, paths: PATHS, seed: SEED + i, plans: fit });
  for (const row of answer.plans) {
    const s = sums.get(row.planId) ?? { pass: 0, passSq: 0, phase1: 0, paid: 0, paidN: 0 };
    const odds = row.atCurrentRisk;
    const pass = odds?.passProbability ?? 0;
    s.pass += pass;
    s.passSq += pass * pass;
    s.phase1 += odds?.phases[0]?.passProbability ?? 0;
    if (odds?.payoutProbability != null) {
      s.paid += odds.payoutProbability;
      s.paidN += 1;
    }
    sums.set(row.planId, s);
  }
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
console.log(`${TRADERS} synthetic traders × ${PATHS} paths each, seed ${SEED}, ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log('plan | phases | phase 1 passed | funded (all phases) ±95 % | at least one payout (180 days) | public figure');
for (const { id, kind } of PLANS) {
  const s = sums.get(id);
  const plan = fit.find((p) => p.planId === id);
  if (!s || !plan) continue;
  const mean = s.pass / TRADERS;
  const half = 1.96 * Math.sqrt(Math.max(0, s.passSq / TRADERS - mean * mean) / TRADERS);
  const paid = s.paidN === TRADERS ? pct(s.paid / TRADERS) : 'unknown terms';
  console.log(
    `${id} | ${plan.phases} | ${pct(s.phase1 / TRADERS)} | ${pct(mean)} ± ${(100 * half).toFixed(1)} | ${paid} | ${pct(PUBLIC[kind].share)} (${PUBLIC[kind].source})`,
  );
}
