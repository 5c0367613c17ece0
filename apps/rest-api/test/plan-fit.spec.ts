import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import type { PlanReplay, PlanReplayRow } from '@propfolio/domain';
import { createChallenge, expectProblem, json, registerAccount, RestTestApp } from './harness.js';

const FTMO = 'ftmo-2-step-100000';
/** FundedNext Stellar Lite 100k: a 4 % daily loss from the day's starting balance, tighter than FTMO's 5 %. */
const LITE = 'fundednext-stellar-lite-100000';
const FIRST = '2026-03-02';
const DAY_MS = 86_400_000;
const dayOf = (i: number) => new Date(Date.parse(`${FIRST}T00:00:00Z`) + i * DAY_MS).toISOString().slice(0, 10);

/** Twenty UTC days of +3,000 on 100,000; day 3 dips 4,500 below its start before closing up. */
const DAYS = Array.from({ length: 20 }, (_, i) => ({
  day: dayOf(i),
  closedPnl: 3000,
  lowestEquity: i === 2 ? 100_000 + 6000 - 4500 : null,
}));
const HISTORY = { initialBalance: 100_000, days: DAYS };

const row = (answer: PlanReplay, planId: string): PlanReplayRow => {
  const found = answer.plans.find((p) => p.planId === planId);
  if (!found) throw new Error(`${planId} not in the answer`);
  return found;
};

describeEachDatabase('REST plan fit: replay_plans', (getDb) => {
  let app: RestTestApp;
  beforeAll(async () => {
    app = await RestTestApp.start(getDb());
  });
  afterAll(() => app.close());

  it('without a key, a sent history passes FTMO 2-Step on day 8 and breaks the tighter 4 % daily limit of Stellar Lite on day 3, by 4,500', async () => {
    const res = await app.post(
      '/plan-fit/replay',
      { history: HISTORY, planIds: [FTMO, LITE], from: FIRST, to: FIRST, outcomesOf: FTMO },
      null,
    );
    expect(res.status).toBe(200);
    const answer = json<PlanReplay>(res);
    expect(answer).toMatchObject({ source: 'supplied', unit: 'days', from: FIRST, to: FIRST, firstDay: FIRST, lastDay: dayOf(19) });
    expect(row(answer, FTMO)).toMatchObject({ rank: 1, replayed: true, starts: 1, passed: 1, passShare: 1, medianDaysToPass: 8 });
    expect(row(answer, FTMO).outcomes).toEqual([{ start: FIRST, outcome: 'passed', day: 8, on: dayOf(7), rule: null }]);
    expect(row(answer, LITE)).toMatchObject({
      rank: 2,
      passShare: 0,
      mostFrequentBreach: { rule: 'dailyLoss', count: 1 },
      worstStart: { start: FIRST, rule: 'dailyLoss', phase: 0, day: 3, on: dayOf(2), amount: 4500, floor: 102_000 },
      outcomes: null,
    });
  });

  it('ranks every catalog plan it can replay and lists the ones with unknown rules unranked, naming them', async () => {
    const res = await app.post('/plan-fit/replay', { history: HISTORY, from: FIRST, to: dayOf(4) }, null);
    expect(res.status).toBe(200);
    const { plans } = json<PlanReplay>(res);
    const ranked = plans.filter((p) => p.rank !== null);
    expect(ranked.map((p) => p.rank)).toEqual(ranked.map((_, i) => i + 1));
    for (let i = 1; i < ranked.length; i++) expect((ranked[i - 1]?.passShare ?? 0) >= (ranked[i]?.passShare ?? 0)).toBe(true);
    const unknown = plans.filter((p) => !p.replayed);
    expect(unknown.length).toBeGreaterThan(0);
    for (const p of unknown) expect([p.planId, p.rank, p.unknownRules.length > 0, p.passShare]).toEqual([p.planId, null, true, null]);
    // Unranked plans come after every ranked one.
    expect(plans.slice(0, ranked.length)).toEqual(ranked);
  });

  it('a signed-in owner replays a tracked account, judged by its reports and snapshot lows, with the same outcomes', async () => {
    const key = await app.newUserKey();
    const challenge = await createChallenge(app, { planId: FTMO, phase: 'Phase 1', purchasedAt: FIRST }, key);
    const account = await registerAccount(app, { challengeId: challenge.id, initialBalance: 100_000 }, key);
    await storeDays(account.id);
    for (const scope of [{ accountId: account.id }, { challengeId: challenge.id }, {}]) {
      const res = await app.post('/plan-fit/replay', { ...scope, planIds: [FTMO, LITE], from: FIRST, to: FIRST }, key);
      expect(res.status).toBe(200);
      const answer = json<PlanReplay>(res);
      expect(answer).toMatchObject({ source: 'tracked', accounts: [account.id] });
      expect(row(answer, FTMO)).toMatchObject({ passShare: 1, medianDaysToPass: 8 });
      expect(row(answer, LITE).worstStart).toMatchObject({ rule: 'dailyLoss', day: 3, amount: 4500 });
    }
  });

  it('one user cannot replay another’s account or challenge: 404, as for an unknown id; without a key, 401', async () => {
    const owner = await app.newUserKey();
    const challenge = await createChallenge(app, { planId: FTMO, phase: 'Phase 1', purchasedAt: FIRST }, owner);
    const account = await registerAccount(app, { challengeId: challenge.id, initialBalance: 100_000 }, owner);
    await storeDays(account.id);
    const other = await app.newUserKey();
    expectProblem(await app.post('/plan-fit/replay', { accountId: account.id, planIds: [FTMO] }, other), 404, 'not_found');
    expectProblem(await app.post('/plan-fit/replay', { challengeId: challenge.id, planIds: [FTMO] }, other), 404, 'not_found');
    // The other user's "all accounts" holds nothing of the owner's.
    expectProblem(await app.post('/plan-fit/replay', { planIds: [FTMO] }, other), 422, 'insufficient_history');
    expectProblem(await app.post('/plan-fit/replay', { accountId: account.id, planIds: [FTMO] }, null), 401, 'unauthorized');
  });

  it('refuses, naming the bound: a range outside the history, a filter that keeps no plan, too many start dates × plans', async () => {
    const outside = expectProblem(
      await app.post('/plan-fit/replay', { history: HISTORY, from: '2026-02-01' }, null),
      400,
      'validation_failed',
    );
    expect(outside.errors?.[0]?.field).toBe('from');
    const none = expectProblem(
      await app.post('/plan-fit/replay', { history: HISTORY, firms: ['no-such-firm'] }, null),
      400,
      'validation_failed',
    );
    expect(none.errors?.[0]?.field).toBe('firms');
    const long = {
      initialBalance: 100_000,
      days: [
        { day: '2020-01-01', closedPnl: 0 },
        { day: '2026-01-01', closedPnl: 0 },
      ],
    };
    const tooMany = expectProblem(await app.post('/plan-fit/replay', { history: long }, null), 400, 'validation_failed');
    expect(tooMany.errors?.[0]).toMatchObject({ field: 'to', message: expect.stringContaining('100,000') });
    expectProblem(await app.post('/plan-fit/replay', {}, null), 400, 'validation_failed');
  });

  it('is costed before it runs: 1,000 days × 1,000 start dates × every plan is a 422 too_costly that names the count', async () => {
    const days = Array.from({ length: 1000 }, (_, i) => ({
      day: new Date(Date.UTC(2023, 0, 1) + i * DAY_MS).toISOString().slice(0, 10),
      closedPnl: 0,
    }));
    const res = await app.post('/plan-fit/replay', { history: { initialBalance: 100_000, days } }, null);
    const problem = expectProblem(res, 422, 'too_costly');
    expect(problem.detail).toContain('1,000 start dates × 1,000 days');
  });

  async function storeDays(accountId: string): Promise<void> {
    let balance = 100_000;
    const rows = DAYS.map((d) => {
      balance += d.closedPnl;
      return { accountId, date: new Date(`${d.day}T00:00:00Z`), closedPnl: d.closedPnl, balance, equity: balance };
    });
    await getDb().prisma.dailyPnl.createMany({ data: rows });
    const at = new Date(`${dayOf(2)}T10:00:00Z`);
    await getDb().prisma.intradayEquity.create({
      data: {
        accountId,
        day: new Date(`${dayOf(2)}T00:00:00Z`),
        at,
        balance: 106_000,
        equity: 101_500,
        minEquity: 101_500,
        minEquityAt: at,
        maxEquity: 106_000,
        maxEquityAt: at,
        firstAt: at,
        firstBalance: 106_000,
        firstEquity: 106_000,
      },
    });
  }
});
