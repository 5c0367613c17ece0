/**
 * Every catalog plan replays a trader's history, or names the rules it lacks (issue 43): a year of made-up days
 * (a seeded draw, with intraday dips) replayed under every plan for every start date of the year. The count and
 * the in-process time are printed for the coordinator; the time is not asserted (a shared machine), the bench
 * measures it.
 */
import { describe, expect, it } from '@jest/globals';
import { replayPlans, type ReplayHistoryDay, type ReplayPlan, Xoshiro128 } from '@propfolio/coach';
import { catalogDataDir } from '../src/data-dir.js';
import { loadPlanCatalog } from '../src/data/plan-files.js';

const INITIAL = 100_000;
const DAY_MS = 86_400_000;

/** 365 UTC days from 2025-01-01: weekdays move by up to ±1.2% with a dip of up to 2%, weekends are flat. */
function yearOfDays(seed: number): ReplayHistoryDay[] {
  const rng = new Xoshiro128(seed);
  rng.reseed(seed, 0);
  let balance = INITIAL;
  return Array.from({ length: 365 }, (_, i) => {
    const startMs = Date.UTC(2025, 0, 1) + i * DAY_MS;
    const weekday = new Date(startMs).getUTCDay() % 6 !== 0;
    const pnl = weekday ? Math.round((rng.next() - 0.47) * 2400) : 0;
    const dip = weekday ? Math.round(rng.next() * 2000) : 0;
    const day: ReplayHistoryDay = {
      day: new Date(startMs).toISOString().slice(0, 10),
      startUtc: new Date(startMs).toISOString(),
      endUtc: new Date(startMs + DAY_MS).toISOString(),
      startBalance: String(balance),
      startEquity: String(balance),
      closedPnl: String(pnl),
      lowestEquity: String(balance - Math.max(dip, -pnl, 0)),
    };
    balance += pnl;
    return day;
  });
}

describe('catalog plans replay', () => {
  const { plans } = loadPlanCatalog(catalogDataDir());
  const input: ReplayPlan[] = plans.map((plan) => ({
    planId: plan.id,
    rules: plan.rules,
    phases: plan.phases,
    accountSize: plan.accountSize,
  }));
  const startedAt = performance.now();
  const answer = replayPlans({
    history: { initialBalance: String(INITIAL), days: yearOfDays(43) },
    plans: input,
    from: '2025-01-01',
    to: '2025-12-31',
  });
  const ms = performance.now() - startedAt;
  const replayed = answer.plans.filter((p) => p.replayed);
  const unknown = answer.plans.filter((p) => !p.replayed);

  it('prints how many plans replay, and in how long', () => {
    console.log(
      [
        `${replayed.length} of ${plans.length} catalog plans replay (a year of days, every start date: ${ms.toFixed(0)} ms in process)`,
        'Not replayed:',
        ...unknown.map((p) => `  ${p.planId}: ${p.unknownRules.join(', ')}`),
      ].join('\n'),
    );
    expect(replayed.length + unknown.length).toBe(plans.length);
    expect(replayed.length).toBeGreaterThan(0);
  });

  it('a replayed plan answers for every start date of the year; one that is not names what it lacks', () => {
    for (const p of replayed) {
      expect([p.planId, p.starts, p.outcomes.length]).toEqual([p.planId, 365, 365]);
      const passed = p.outcomes.filter((o) => o.outcome === 'passed').length;
      expect(p.passShare).toBeCloseTo(passed / 365, 12);
    }
    for (const p of unknown) expect([p.planId, p.unknownRules.length > 0]).toEqual([p.planId, true]);
  });
});
