import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import {
  createDomainServices,
  type ChallengeHeadroom,
  type ChallengeRulesView,
  type ChallengeSimulation,
  type PlanSimulation,
} from '@propfolio/domain';
import { firmDayAt } from '@propfolio/coach';
import { createChallenge, expectProblem, json, registerAccount, RestTestApp } from './harness.js';

/** The FTMO 2-Step 100k plan: target 10 % / 5 %, daily 5 % of the initial balance from the day's starting balance
 *  (Prague midnight, daylight saving included), static maximum loss 10 %, 4 trading days per phase. */
const FTMO = 'ftmo-2-step-100000';

async function pushReport(app: RestTestApp, id: string, date: string, balance: number, closedPnl: number, equity = balance): Promise<void> {
  const res = await app.post(`/accounts/${id}/reports`, { date, balance, equity, closedPnl });
  expect(res.status).toBe(200);
}

async function pushSnapshot(app: RestTestApp, id: string, at: string, balance: number, equity: number): Promise<Record<string, unknown>> {
  const res = await app.post(`/accounts/${id}/snapshots`, { at, balance, equity });
  expect(res.status).toBe(200);
  return res.body as Record<string, unknown>;
}

describeEachDatabase('REST challenge coach: headroom', (getDb) => {
  let app: RestTestApp;
  beforeAll(async () => {
    app = await RestTestApp.start(getDb());
  });
  afterAll(() => app.close());

  it('judges a static plan on intraday equity, with the firm day cut at Prague midnight across the spring change', async () => {
    const challenge = await createChallenge(app, { planId: FTMO, phase: 'Phase 1', purchasedAt: '2026-03-20' });
    const account = await registerAccount(app, { challengeId: challenge.id, initialBalance: 100000 });
    await pushReport(app, account.id, '2026-03-26', 100800, 800);
    await pushReport(app, account.id, '2026-03-27', 100300, -500);
    // 22:30 UTC on 29 March is 00:30 CEST on the 30th: Prague moved to UTC+2 that night, so this is day 30, not day 29.
    const first = await pushSnapshot(app, account.id, '2026-03-29T22:30:00Z', 100300, 99900);
    expect(first).toMatchObject({ day: '2026-03-30', dayStartsAt: '2026-03-29T22:00:00Z', dayEndsAt: '2026-03-30T22:00:00Z' });
    expect(first).toMatchObject({ outcome: 'created', rolloverKnown: true });
    await pushSnapshot(app, account.id, '2026-03-30T08:00:00Z', 100300, 96500);
    await pushSnapshot(app, account.id, '2026-03-30T09:30:00Z', 99000, 98200);
    // A retry of the same instant is no new information.
    expect(await pushSnapshot(app, account.id, '2026-03-30T09:30:00Z', 99000, 98200)).toMatchObject({
      outcome: 'unchanged',
      minEquity: 96500,
      maxEquity: 99900,
    });

    const res = await app.get(`/challenges/${challenge.id}/headroom?at=2026-03-30T10:00:00Z`);
    expect(res.status).toBe(200);
    const headroom = json<ChallengeHeadroom>(res);
    expect(headroom).toMatchObject({ accountId: account.id, currency: 'USD', challengeStatus: 'in_progress', status: 'ok' });
    expect(headroom.rules).toMatchObject({ planId: FTMO, planCheckedOn: '2025-09-04' });
    expect(headroom.rules.provenance.dailyLoss.source).toBe('plan');
    // Day 30 in Prague: 00:00 CEST = 22:00 UTC the day before. Reference: the balance at the previous roll-over,
    // 100 300 (the last report); limit 5 % of 100 000 = 5 000; floor 95 300. Equity now 98 200: used 2 100, left 2 900
    // (58 % of the limit); the day's lowest equity 96 500 came 1 200 from the floor.
    expect(headroom.dailyLoss).toMatchObject({
      day: { day: '2026-03-30', startUtc: '2026-03-29T22:00:00Z', endUtc: '2026-03-30T22:00:00Z' },
      reference: { level: 100300, kind: 'day_start_balance' },
      limit: 5000,
      floor: 95300,
      used: 2100,
      left: 2900,
      leftPercent: 58,
      lowestEquity: 96500,
      lowestLeft: 1200,
    });
    // Static: 90 % of the initial balance, whatever the balance does.
    expect(headroom.maxLoss).toMatchObject({ type: 'static', floor: 90000, left: 8200, locked: false });
    // Phase 1: 10 % → 110 000; the balance 99 000 is 11 000 short.
    expect(headroom.target).toMatchObject({ phase: 1, percent: 10, level: 110000, remaining: 11000 });
    // Days with trading: 26 and 27 (closed P&L) and 30 (the balance moved); 4 are required in each phase.
    expect(headroom.tradingDays).toMatchObject({ done: 3, required: 4, perPhase: true, timeLimitDaysLeft: null });
    // Held through midnight, the −800 floating loss carries over: tomorrow's floor is 99 000 − 5 000 = 94 000.
    expect(headroom.nextReset).toMatchObject({ at: '2026-03-30T22:00:00Z', dailyFloorAfterReset: 94000, carriedFloating: -800 });
    expect(headroom.accounts.map((a) => a.account.id)).toEqual([account.id]);
  });

  it('names a snapshot’s firm day by the roll-over in force now: a rules change or a new link moves it at once', async () => {
    const challenge = await createChallenge(app, { planId: FTMO, phase: 'Phase 1', purchasedAt: '2026-03-20' });
    const other = await createChallenge(app, { planId: FTMO, phase: 'Phase 1', purchasedAt: '2026-03-20' });
    const account = await registerAccount(app, { challengeId: challenge.id, initialBalance: 100000 });
    // 22:30 UTC on 1 April is 00:30 in Prague on the 2nd (the service keeps the account's roll-over between snapshots).
    expect(await pushSnapshot(app, account.id, '2026-04-01T22:30:00Z', 100000, 100000)).toMatchObject({ day: '2026-04-02' });
    // The challenge's own rules now roll over at UTC midnight: the same hour is still 1 April.
    const set = await app.patch(`/challenges/${challenge.id}/rules`, {
      rules: { dailyLoss: { rollover: { timeZone: 'UTC', time: '00:00' } } },
    });
    expect(set.status).toBe(200);
    expect(await pushSnapshot(app, account.id, '2026-04-01T22:31:00Z', 100000, 100000)).toMatchObject({
      day: '2026-04-01',
      dayEndsAt: '2026-04-02T00:00:00Z',
    });
    // Moved to a challenge that keeps FTMO's roll-over: Prague again.
    expect((await app.patch(`/accounts/${account.id}`, { challengeId: other.id })).status).toBe(200);
    expect(await pushSnapshot(app, account.id, '2026-04-01T22:32:00Z', 100000, 100000)).toMatchObject({ day: '2026-04-02' });
    const rows = await getDb().prisma.intradayEquity.findMany({ where: { accountId: account.id }, orderBy: { day: 'asc' } });
    expect(rows.map((r) => [r.day.toISOString().slice(0, 10), r.snapshots])).toEqual([
      ['2026-04-01', 1],
      ['2026-04-02', 2],
    ]);
  });

  it('reports a crossed floor as breached without recording it, and the challenge’s own rules win over the plan’s', async () => {
    const challenge = await createChallenge(app, { planId: FTMO, phase: 'Phase 1', purchasedAt: '2026-04-01' });
    const account = await registerAccount(app, { challengeId: challenge.id, initialBalance: 100000 });
    await pushReport(app, account.id, '2026-04-06', 100000, 0);
    await pushSnapshot(app, account.id, '2026-04-07T09:00:00Z', 100000, 94900);
    const breached = json<ChallengeHeadroom>(await app.get(`/challenges/${challenge.id}/headroom?at=2026-04-07T10:00:00Z`));
    expect(breached.status).toBe('breached');
    expect(breached.reasons.some((r) => r.rule === 'dailyLoss' && r.kind === 'breached')).toBe(true);
    expect((await app.get(`/challenges/${challenge.id}`)).body).toMatchObject({ challenge: { status: 'in_progress' } });

    // The trader's firm allows 6 % a day on this account: 100 000 − 6 000 = 94 000 is the floor now.
    const set = await app.patch(`/challenges/${challenge.id}/rules`, { rules: { dailyLoss: { percent: 6 } } });
    expect(set.status).toBe(200);
    expect(json<ChallengeRulesView>(set).provenance.dailyLoss).toMatchObject({ source: 'challenge', overridden: ['percent'] });
    const corrected = json<ChallengeHeadroom>(await app.get(`/challenges/${challenge.id}/headroom?at=2026-04-07T10:00:00Z`));
    expect(corrected.dailyLoss).toMatchObject({ floor: 94000, lowestLeft: 900 });
    expect(corrected.rules.provenance.dailyLoss.source).toBe('challenge');
    expect(corrected.rules.provenance.maxLoss.source).toBe('plan');
    // Cleared: the plan's 5 % again.
    await app.patch(`/challenges/${challenge.id}/rules`, { rules: null });
    expect(json<ChallengeHeadroom>(await app.get(`/challenges/${challenge.id}/headroom?at=2026-04-07T10:00:00Z`)).dailyLoss?.floor).toBe(
      95000,
    );
  });

  it('answers ?at= a past instant from what was known then: no later snapshot, no report of a day not yet ended', async () => {
    const challenge = await createChallenge(app, { planId: FTMO, phase: 'Phase 1', purchasedAt: '2026-05-01' });
    const account = await registerAccount(app, { challengeId: challenge.id, initialBalance: 100000 });
    await pushReport(app, account.id, '2026-05-04', 100500, 500);
    await pushSnapshot(app, account.id, '2026-05-05T06:00:00Z', 100500, 99800);
    await pushSnapshot(app, account.id, '2026-05-05T10:00:00Z', 97000, 96000);
    await pushReport(app, account.id, '2026-05-05', 97000, -3500);
    // At 08:00 UTC only the 06:00 snapshot had been seen: equity 99,800, its lowest too; the 10:00 dip and the
    // day's report (sent after Prague midnight) were still to come.
    const then = json<ChallengeHeadroom>(await app.get(`/challenges/${challenge.id}/headroom?at=2026-05-05T08:00:00Z`));
    expect(then.dailyLoss).toMatchObject({ floor: 95500, left: 4300, lowestEquity: 99800 });
    expect(then.target).toMatchObject({ remaining: 9500 });
    expect(then.stale).toMatchObject({ asOf: '2026-05-05T06:00:00Z' });
    // After the 10:00 snapshot the dip is known.
    const later = json<ChallengeHeadroom>(await app.get(`/challenges/${challenge.id}/headroom?at=2026-05-05T11:00:00Z`));
    expect(later.dailyLoss).toMatchObject({ floor: 95500, lowestEquity: 96000 });
  });

  it('trails an end-of-day floor that locks at the initial balance, on a New York 17:00 day across its spring change', async () => {
    const challenge = await createChallenge(app, { phase: 'Phase 1', purchasedAt: '2026-03-01' });
    await app.patch(`/challenges/${challenge.id}/rules`, {
      rules: {
        profitTargetsPercent: [8],
        dailyLoss: {
          percent: 5,
          amountOf: 'initial_balance',
          basis: 'day_start_balance',
          rollover: { timeZone: 'America/New_York', time: '17:00' },
        },
        maxLoss: { percent: 6, type: 'trailing_eod', lockFloor: 'initial_balance', lockTriggerPercent: 6 },
        minTradingDays: { days: 0, perPhase: false },
        timeLimit: 'none',
      },
    });
    const account = await registerAccount(app, { challengeId: challenge.id, initialBalance: 100000 });
    // End-of-day balances and the trailing floor (6 000 under the highest, locked at 100 000 once the highest reaches 106 000):
    // 102 000 → 96 000; 104 500 → 98 500; 103 000 → 98 500 (never down); 106 500 → locks at 100 000; 108 000 → stays 100 000.
    const days: [string, number, number][] = [
      ['2026-03-03', 102000, 2000],
      ['2026-03-04', 104500, 2500],
      ['2026-03-05', 103000, -1500],
    ];
    for (const [date, balance, pnl] of days) await pushReport(app, account.id, date, balance, pnl);
    const before = json<ChallengeHeadroom>(await app.get(`/challenges/${challenge.id}/headroom?at=2026-03-06T15:00:00Z`));
    expect(before.maxLoss).toMatchObject({ type: 'trailing_eod', highWaterMark: 104500, floor: 98500, locked: false });

    await pushReport(app, account.id, '2026-03-06', 106500, 3500);
    await pushReport(app, account.id, '2026-03-09', 108000, 1500);
    // 21:30 UTC on 8 March is 17:30 EDT: New York went to summer time that morning, so the day ending on the 9th has begun.
    expect(await pushSnapshot(app, account.id, '2026-03-08T21:30:00Z', 108000, 107900)).toMatchObject({
      day: '2026-03-09',
      dayStartsAt: '2026-03-08T21:00:00Z',
    });
    const after = json<ChallengeHeadroom>(await app.get(`/challenges/${challenge.id}/headroom?at=2026-03-09T12:00:00Z`));
    expect(after.maxLoss).toMatchObject({ floor: 100000, locked: true, lockedAt: 100000 });
    expect(after.dailyLoss?.day).toMatchObject({
      day: '2026-03-09',
      startUtc: '2026-03-08T21:00:00Z',
      endUtc: '2026-03-09T21:00:00Z',
    });
    expect(after.rules.provenance.maxLoss.source).toBe('challenge');
    expect(after.target).toMatchObject({ percent: 8, level: 108000, remaining: 0 });
  });

  it('leaves archived accounts out, refuses their snapshots, and answers another user’s challenge as unknown', async () => {
    const challenge = await createChallenge(app, { planId: FTMO, phase: 'Phase 1', purchasedAt: '2026-05-01' });
    const account = await registerAccount(app, { challengeId: challenge.id });
    await app.patch(`/challenges/${challenge.id}`, { phase: 'Phase 2' }).expect(200);
    expectProblem(
      await app.post(`/accounts/${account.id}/snapshots`, { at: '2026-05-04T10:00:00Z', balance: 1, equity: 1 }),
      409,
      'account_archived',
    );
    const headroom = json<ChallengeHeadroom>(await app.get(`/challenges/${challenge.id}/headroom`));
    expect(headroom).toMatchObject({ accountId: null, accounts: [], status: 'unknown', dailyLoss: null });
    expect(headroom.reasons[0]?.message).toMatch(/No active EA account/);

    const stranger = await app.newUserKey();
    expectProblem(await app.get(`/challenges/${challenge.id}/headroom`, stranger), 404, 'not_found');
    expectProblem(await app.post(`/challenges/${challenge.id}/simulations`, {}, stranger), 404, 'not_found');
    expectProblem(await app.get(`/challenges/${challenge.id}/rules`, stranger), 404, 'not_found');
    expectProblem(
      await app.post(`/accounts/${account.id}/snapshots`, { at: '2026-05-04T10:00:00Z', balance: 1, equity: 1 }, stranger),
      404,
      'not_found',
    );
  });

  it('lets a tracker-scoped key find its account and push snapshots, and nothing of the coach', async () => {
    const challenge = await createChallenge(app, { planId: FTMO, purchasedAt: '2026-05-01' });
    const account = await registerAccount(app, { challengeId: challenge.id, login: '8801', server: 'Scope-Demo' });
    const caller = await app.context.authenticate(app.ownerKey);
    const { secret } = await createDomainServices(app.context.db).keys.createForUser(caller.userId, 'tracker', 'tracker');
    const found = await app.get('/accounts/lookup?login=8801&server=Scope-Demo', secret);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ id: account.id });
    expectProblem(await app.get('/accounts/lookup?login=8802&server=Scope-Demo', secret), 404, 'not_found');
    expect(
      (await app.post(`/accounts/${account.id}/snapshots`, { at: '2026-05-04T10:00:00Z', balance: 100000, equity: 99990 }, secret)).status,
    ).toBe(200);
    expectProblem(await app.get(`/challenges/${challenge.id}/headroom`, secret), 403, 'insufficient_scope');
    expectProblem(await app.post(`/accounts/${account.id}/statements`, { content: 'eA==' }, secret), 403, 'insufficient_scope');
    expectProblem(await app.patch(`/challenges/${challenge.id}/rules`, { rules: null }, secret), 403, 'insufficient_scope');
  });

  it('links an account the tracker registered on its own, so its figures count for the challenge', async () => {
    const challenge = await createChallenge(app, { planId: FTMO, phase: 'Phase 1', purchasedAt: '2026-06-01' });
    const account = await registerAccount(app, { login: '9901', server: 'Link-Demo' });
    expect(json<ChallengeHeadroom>(await app.get(`/challenges/${challenge.id}/headroom`)).accountId).toBeNull();
    const linked = await app.patch(`/accounts/${account.id}`, { challengeId: challenge.id, name: 'FTMO 100k' });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ id: account.id, name: 'FTMO 100k', challenge: { id: challenge.id } });
    expect(json<ChallengeHeadroom>(await app.get(`/challenges/${challenge.id}/headroom`)).accountId).toBe(account.id);

    const failed = await createChallenge(app, { purchasedAt: '2026-06-01' });
    await app.patch(`/challenges/${failed.id}`, { status: 'failed' }).expect(200);
    expectProblem(await app.patch(`/accounts/${account.id}`, { challengeId: failed.id }), 409, 'challenge_closed');
    expectProblem(await app.patch(`/accounts/${account.id}`, { name: 'x' }, await app.newUserKey()), 404, 'not_found');
    await app.patch(`/challenges/${challenge.id}`, { phase: 'Phase 2' }).expect(200);
    expectProblem(await app.patch(`/accounts/${account.id}`, { name: 'again' }), 409, 'account_archived');
  });

  it('names the bad field: an instant without a zone, a future snapshot, an impossible roll-over', async () => {
    const challenge = await createChallenge(app, { planId: FTMO, purchasedAt: '2026-05-01' });
    const account = await registerAccount(app, { challengeId: challenge.id });
    const noZone = expectProblem(await app.get(`/challenges/${challenge.id}/headroom?at=2026-03-30T10:00:00`), 400, 'validation_failed');
    expect(noZone.errors?.[0]?.field).toBe('at');
    const future = expectProblem(
      await app.post(`/accounts/${account.id}/snapshots`, { at: '2099-01-01T00:00:00Z', balance: 1, equity: 1 }),
      400,
      'validation_failed',
    );
    expect(future.errors?.[0]?.field).toBe('at');
    const zone = expectProblem(
      await app.patch(`/challenges/${challenge.id}/rules`, {
        rules: { dailyLoss: { rollover: { timeZone: 'Europe/Pragu', time: '00:00' } } },
      }),
      400,
      'validation_failed',
    );
    expect(zone.detail + JSON.stringify(zone.errors)).toMatch(/Europe\/Pragu/);
    const shape = expectProblem(
      await app.patch(`/challenges/${challenge.id}/rules`, { rules: { dailyLoss: { percent: 150 } } }),
      400,
      'validation_failed',
    );
    expect(shape.errors?.[0]?.field).toBe('rules');
    // An unknown rule word names the part at fault and the words allowed, not the rule's union ("must be string").
    for (const [rules, part] of [
      [{ dailyLoss: { basis: 'day_start_credit' } }, 'rules.dailyLoss.basis'],
      [{ maxLoss: { comparison: 'at' } }, 'rules.maxLoss.comparison'],
      [{ minTradingDays: { counts: 'logged_in' } }, 'rules.minTradingDays.counts'],
    ] as const) {
      const word = expectProblem(await app.patch(`/challenges/${challenge.id}/rules`, { rules }), 400, 'validation_failed');
      expect(word.errors?.[0]?.message).toMatch(new RegExp(`^${part.replaceAll('.', '\\.')} must be equal to one of the allowed values: `));
    }
    // Parts that contradict each other are refused before anything is written, naming the field.
    const parts = expectProblem(
      await app.patch(`/challenges/${challenge.id}/rules`, { rules: { minTradingDays: { days: 3, counts: 'profitable_day' } } }),
      400,
      'validation_failed',
    );
    expect(parts.errors?.[0]?.field).toBe('rules.minTradingDays.minProfitPercent');
    expect((await app.get(`/challenges/${challenge.id}/rules`)).body).toMatchObject({ override: null });
  });
});

describeEachDatabase('REST challenge coach: pass probability', (getDb) => {
  let app: RestTestApp;
  beforeAll(async () => {
    app = await RestTestApp.start(getDb());
  });
  afterAll(() => app.close());

  it('needs 20 reported days, then simulates from them reproducibly, with a curve over risk scales', async () => {
    const key = await app.newUserKey();
    const challenge = await createChallenge(app, { planId: FTMO, phase: 'Phase 1', purchasedAt: '2026-01-02' }, key);
    const account = await registerAccount(app, { challengeId: challenge.id }, key);
    let balance = 100000;
    for (let day = 1; day <= 19; day++) {
      const pnl = day % 3 === 0 ? -400 : 600;
      balance += pnl;
      const res = await app.post(
        `/accounts/${account.id}/reports`,
        { date: `2026-01-${String(day + 4).padStart(2, '0')}`, balance, equity: balance, closedPnl: pnl },
        key,
      );
      expect(res.status).toBe(200);
    }
    const short = expectProblem(await app.post(`/challenges/${challenge.id}/simulations`, {}, key), 422, 'insufficient_history');
    expect(short.detail).toMatch(/at least 20 traded days; there are 19/);
    expect(short.facts).toEqual({ reportedDays: 19, neededDays: 20 });
    balance += 600;
    await app.post(`/accounts/${account.id}/reports`, { date: '2026-01-24', balance, equity: balance, closedPnl: 600 }, key).expect(200);

    const body = { seed: 7, paths: 2000, riskScale: [0.5, 1, 2] };
    const res = await app.post(`/challenges/${challenge.id}/simulations`, body, key);
    expect(res.status).toBe(200);
    const sim = json<ChallengeSimulation>(res);
    expect(sim).toMatchObject({
      challengeId: challenge.id,
      paths: 2000,
      seed: 7,
      historyDays: 20,
      history: { source: 'tracked', accounts: [account.id] },
    });
    // It starts where the account stands: 20 days, 6 losing 400 (every third) and 14 winning 600 → 106 000.
    expect(sim.start).toMatchObject({ accountId: account.id, balancePercent: 106 });
    expect(sim.passProbability + sim.breachDailyLoss + sim.breachMaxLoss + (sim.timeout ?? 0) + (sim.undecided ?? 0)).toBeCloseTo(1, 10);
    expect(sim.passInterval.low).toBeLessThanOrEqual(sim.passProbability);
    expect(sim.byRiskScale.map((s) => s.riskScale)).toEqual([0.5, 1, 2]);
    expect(sim.byRiskScale[1]?.passProbability).toBe(sim.passProbability);
    expect(sim.realized).toEqual({ attempts: 1, feesPaid: [{ currency: 'USD', amount: 540 }], refunds: [] });
    // The same seed and input, the same answer.
    expect(json<ChallengeSimulation>(await app.post(`/challenges/${challenge.id}/simulations`, body, key))).toEqual(sim);
  });

  it('counts traded days: the deposit day and a weekend report are neither drawn nor counted, so 20 trading days simulate', async () => {
    const key = await app.newUserKey();
    const challenge = await createChallenge(app, { planId: FTMO, phase: 'Phase 1', purchasedAt: '2026-03-01' }, key);
    const account = await registerAccount(app, { challengeId: challenge.id }, key);
    const report = (date: string, balance: number, closedPnl: number) =>
      app.post(`/accounts/${account.id}/reports`, { date, balance, equity: balance, closedPnl }, key).expect(200);
    // The deposit day (no trade), then weekdays of trading with a Saturday report after the first week.
    await report('2026-03-01', 100000, 0);
    let balance = 100000;
    const weekdays = Array.from({ length: 31 }, (_, i) => `2026-03-${String(i + 2).padStart(2, '0')}`).filter(
      (date) => ![0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay()),
    );
    for (const [i, date] of weekdays.slice(0, 16).entries()) {
      balance += i % 4 === 0 ? -300 : 450;
      await report(date, balance, i % 4 === 0 ? -300 : 450);
      if (date === '2026-03-06') await report('2026-03-07', balance, 0);
    }
    const short = expectProblem(await app.post(`/challenges/${challenge.id}/simulations`, {}, key), 422, 'insufficient_history');
    expect(short.facts).toEqual({ reportedDays: 16, neededDays: 20 });
    expect(short.detail).toMatch(/there are 16 .*a deposit or a weekend report, do not count/);
    for (const date of weekdays.slice(16, 20)) {
      balance += 450;
      await report(date, balance, 450);
    }
    const sim = json<ChallengeSimulation>(await app.post(`/challenges/${challenge.id}/simulations`, { seed: 2, paths: 500 }, key));
    expect(sim.historyDays).toBe(20);
    expect(sim.history.dailyPnlPercent).toHaveLength(20);
    expect(sim.history.dailyPnlPercent).not.toContain(0);
  });

  it("starts where the account stands: equity 102,000 with $759.80 left to today's floor is no 0 % daily breach", async () => {
    const key = await app.newUserKey();
    const challenge = await createChallenge(app, { planId: FTMO, phase: 'Phase 1', purchasedAt: '2026-01-02' }, key);
    const account = await registerAccount(app, { challengeId: challenge.id }, key);
    // Twenty firm days before today (Prague), every third losing 1 % and the others making 874.30: 106,240.20.
    const today = firmDayAt(new Date(), { timeZone: 'Europe/Prague', time: '00:00' }).day;
    const daysBefore = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
    let balance = 100000;
    for (let n = 20; n >= 1; n--) {
      const pnl = n % 3 === 0 ? -1000 : 874.3;
      balance = Math.round((balance + pnl) * 100) / 100;
      await app.post(`/accounts/${account.id}/reports`, { date: daysBefore(n), balance, equity: balance, closedPnl: pnl }, key).expect(200);
    }
    expect(balance).toBe(106240.2);
    // Today a floating loss of 4,240.20: the floor is 106,240.20 − 5,000 = 101,240.20, and equity is 759.80 above it.
    await app.post(`/accounts/${account.id}/snapshots`, { at: new Date().toISOString(), balance, equity: 102000 }, key).expect(200);
    const headroom = json<ChallengeHeadroom>(await app.get(`/challenges/${challenge.id}/headroom`, key));
    expect(headroom).toMatchObject({ status: 'warning', dailyLoss: { floor: 101240.2, left: 759.8 } });

    const sim = json<ChallengeSimulation>(await app.post(`/challenges/${challenge.id}/simulations`, { seed: 1, paths: 4000 }, key));
    expect(sim.start).toMatchObject({ balancePercent: 106.2402, equityPercent: 102, today: { floorPercent: 101.2402 } });
    // A third of the days lose 1 %, more than the 0.7598 % left: today alone breaches on about a third of the paths,
    // and the floating loss carried through midnight keeps tomorrow as close to its floor.
    expect(sim.breachDailyLoss).toBeGreaterThan(0.4);
    expect(sim.passProbability).toBeLessThan(0.6);
    expect(sim).toMatchObject({ timeLimited: false, timeout: null, planStale: expect.any(Boolean) });
    expect(sim.history.dailyPnlPercent).toHaveLength(20);
  });

  it('draws each tracked day with its intraday low, and names the rules it lacks instead of guessing', async () => {
    const key = await app.newUserKey();
    const challenge = await createChallenge(app, { planId: FTMO, phase: 'Phase 1', purchasedAt: '2026-06-01' }, key);
    const account = await registerAccount(app, { challengeId: challenge.id }, key);
    let balance = 100000;
    for (let day = 1; day <= 20; day++) {
      const date = `2026-06-${String(day + 1).padStart(2, '0')}`;
      // On the 5th day a dip to 97,800 (2,200 under the day's start) before closing at +300.
      if (day === 5)
        await app.post(`/accounts/${account.id}/snapshots`, { at: `${date}T09:00:00Z`, balance, equity: balance - 2200 }, key).expect(200);
      balance += 300;
      await app.post(`/accounts/${account.id}/reports`, { date, balance, equity: balance, closedPnl: 300 }, key).expect(200);
    }
    const sim = json<ChallengeSimulation>(await app.post(`/challenges/${challenge.id}/simulations`, { seed: 1, paths: 500 }, key));
    expect(sim.intradayLowDays).toBe(1);
    expect(sim.history.dailyLowPercent.map((low, i) => (low === null ? null : [i, low]))).toEqual([
      ...Array<null>(4).fill(null),
      [4, -2.2],
      ...Array<null>(15).fill(null),
    ]);
    expect(sim.notes[0]).toMatch(/^1 of the 20 history days carry their intraday low/);

    // The same days under a challenge whose phase names no phase of the plan, and without a plan: each missing part named.
    const vague = await createChallenge(app, { firm: 'A firm of its own', phase: 'Evaluation', purchasedAt: '2026-06-01' }, key);
    const problem = expectProblem(
      await app.post(`/challenges/${vague.id}/simulations`, { dailyPnlPercent: [1, -1] }, key),
      422,
      'rules_unknown',
    );
    expect(problem.detail).toMatch(/^No catalog plan is linked to this challenge and no rules are set for it.*update_challenge planId/);
    expect(problem.errors?.map((e) => e.field)).toEqual([
      'rules.profitTargetsPercent',
      'rules.dailyLoss',
      'rules.maxLoss',
      'rules.minTradingDays.days',
      'rules.timeLimit',
    ]);
  });

  it('refuses out-of-range inputs with the field named', async () => {
    const challenge = await createChallenge(app, { planId: FTMO, purchasedAt: '2026-01-02' });
    const cases: [object, string][] = [
      [{ riskScale: [1, 6] }, 'riskScale'],
      [{ riskScale: [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5] }, 'riskScale'],
      [{ paths: 100001 }, 'paths'],
      [{ dailyPnlPercent: Array.from({ length: 5001 }, () => 0.1) }, 'dailyPnlPercent'],
      [{ dailyPnlPercent: [0.1, 'NaN'] }, 'dailyPnlPercent'],
      [{ method: 'magic' }, 'method'],
    ];
    for (const [body, field] of cases) {
      const problem = expectProblem(await app.post(`/challenges/${challenge.id}/simulations`, body), 400, 'validation_failed');
      expect(problem.errors?.map((e) => e.field)).toContain(field);
    }
  });

  it('simulates a catalog plan on a supplied series without a key: a constant 1 % a day passes phase 1 on day 10', async () => {
    const res = await app.post('/simulations', { planId: FTMO, dailyPnlPercent: [1], paths: 500, seed: 3 }, null);
    expect(res.status).toBe(200);
    const sim = json<PlanSimulation>(res);
    // 10 % target at 1 % a day, 4 trading days required: day 10, on every path.
    expect(sim).toMatchObject({ planId: FTMO, planCheckedOn: '2025-09-04', passProbability: 1, breachDailyLoss: 0, breachMaxLoss: 0 });
    expect(sim.daysToPass).toEqual({ median: 10, p90: 10 });
    expect(sim.expectedAttempts).toBe(1);
    // FTMO refunds the fee with the first payout, 14 days after funding: at 1 % a day phase 2 passes and the
    // funded account stands on every path, so the whole 540 comes back.
    expect(sim.expectedFees).toEqual({ gross: 540, expectedRefund: 540, net: 0 });
    // Every day below the daily limit (−6 % against 5 %) breaches on day one.
    const ruin = json<PlanSimulation>(await app.post('/simulations', { planId: FTMO, dailyPnlPercent: [-6], paths: 500 }, null));
    expect(ruin).toMatchObject({ passProbability: 0, breachDailyLoss: 1, expectedAttempts: null });
    // Rules alone, for a plan not in the catalog: what they leave unknown is named, never simulated as a guess.
    const partial = { profitTargetsPercent: [4], dailyLoss: 'none', maxLoss: { percent: 10, type: 'static' } };
    const unknown = expectProblem(await app.post('/simulations', { rules: partial, dailyPnlPercent: [2] }, null), 422, 'rules_unknown');
    expect(unknown.errors?.map((e) => e.field)).toEqual(['rules.minTradingDays.days', 'rules.timeLimit']);
    const own = json<PlanSimulation>(
      await app.post(
        '/simulations',
        { rules: { ...partial, minTradingDays: { days: 0, perPhase: false }, timeLimit: 'none' }, dailyPnlPercent: [2] },
        null,
      ),
    );
    expect(own).toMatchObject({ planId: null, planStale: null, passProbability: 1, daysToPass: { median: 2, p90: 2 } });
    expectProblem(await app.post('/simulations', { dailyPnlPercent: [1] }, null), 400, 'validation_failed');
    expectProblem(await app.post('/simulations', { planId: 'no-such-plan', dailyPnlPercent: [1] }, null), 404, 'not_found');
  });
});
