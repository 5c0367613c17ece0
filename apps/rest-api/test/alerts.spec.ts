import { afterAll, beforeAll, beforeEach, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { createDomainServices } from '@propfolio/domain';
import { firmDayAt } from '@propfolio/coach';
import { createChallenge, expectProblem, json, registerAccount, RestTestApp } from './harness.js';

/** FTMO 2-Step 100k from the catalog: daily 5 % of the initial balance below the day-start balance (Prague midnight), 10 % static. */
const FTMO = 'ftmo-2-step-100000';

const query = (params: Record<string, number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();

interface SentEvent {
  accountId: string;
  rule: string;
  threshold: number | null;
  firmDay: string;
  amountLeft: string | null;
  percentLeft: number | null;
  floor: string | null;
  firmDayEndsAt: string | null;
  firm: string;
  plan?: string;
  language?: string;
}

describeEachDatabase('REST alerts: rules, firing once per firm day, check_trade and the terminal guard', (getDb) => {
  let app: RestTestApp;
  let sent: SentEvent[] = [];
  beforeAll(async () => {
    app = await RestTestApp.start(getDb());
    app.context.domain.alerts.useSink((events) => {
      sent.push(...(events as readonly SentEvent[]));
      return Promise.resolve();
    });
  });
  beforeEach(() => {
    sent = [];
  });
  afterAll(() => app.close());

  /** Pushes a snapshot, then waits for the evaluation it triggered (judged a minute after the snapshot) and returns what it sent. */
  async function snapshot(id: string, at: string, balance: number, equity: number): Promise<string[]> {
    app.context.domain.alerts.clock = () => new Date(Date.parse(at) + 60_000);
    const res = await app.post(`/accounts/${id}/snapshots`, { at, balance, equity });
    expect(res.status).toBe(200);
    await app.context.domain.alerts.idle();
    const keys = sent.map((e) => `${e.rule}:${String(e.threshold)}`);
    sent = [];
    return keys;
  }

  it('fires 50, 25 and 10 % of the daily loss left once each while equity hovers, and again after the roll-over', async () => {
    const challenge = await createChallenge(app, { planId: FTMO, phase: 'Phase 1', purchasedAt: '2026-03-20' });
    const account = await registerAccount(app, { challengeId: challenge.id, initialBalance: 100000 });
    // Day 27's reference is the 26th's closing balance 100,000: floor 95,000, limit 5,000.
    expect(
      (await app.post(`/accounts/${account.id}/reports`, { date: '2026-03-26', balance: 100000, equity: 100000, closedPnl: 0 })).status,
    ).toBe(200);
    await app.context.domain.alerts.idle();
    sent = [];
    const id = account.id;
    expect(await snapshot(id, '2026-03-27T09:00:00Z', 100000, 98000)).toEqual([]); // 60 % left
    expect(await snapshot(id, '2026-03-27T10:00:00Z', 100000, 97400)).toEqual(['daily_loss:50']); // 48 %
    expect(await snapshot(id, '2026-03-27T10:01:00Z', 100000, 97600)).toEqual([]); // 52 %: back above
    expect(await snapshot(id, '2026-03-27T10:02:00Z', 100000, 97450)).toEqual([]); // 49 % again: already fired today
    expect(await snapshot(id, '2026-03-27T10:03:00Z', 100000, 96200)).toEqual(['daily_loss:25']); // 24 %
    expect(await snapshot(id, '2026-03-27T10:04:00Z', 100000, 96400)).toEqual([]); // 28 %
    expect(await snapshot(id, '2026-03-27T10:05:00Z', 100000, 96100)).toEqual([]); // 22 %: 25 already fired
    expect(await snapshot(id, '2026-03-27T10:06:00Z', 100000, 95400)).toEqual(['daily_loss:10']); // 8 %
    // Monday the 30th: a new firm day measured from Friday's close; the same crossing fires again.
    await app.post(`/accounts/${id}/reports`, { date: '2026-03-27', balance: 100000, equity: 95400, closedPnl: 0 });
    await app.context.domain.alerts.idle(); // judged on the 27th: nothing new that day
    expect(sent).toEqual([]);
    app.context.domain.alerts.clock = () => new Date('2026-03-30T09:01:00Z');
    const res = await app.post(`/accounts/${id}/snapshots`, { at: '2026-03-30T09:00:00Z', balance: 100000, equity: 97400 });
    expect(res.status).toBe(200);
    await app.context.domain.alerts.idle();
    expect(sent).toEqual([
      expect.objectContaining({
        rule: 'daily_loss',
        threshold: 50,
        firmDay: '2026-03-30',
        firm: 'FTMO',
        amountLeft: '2400',
        percentLeft: 48,
        floor: '95000',
        // Prague moved to summer time on the 29th: the firm day ends at 22:00 UTC.
        firmDayEndsAt: '2026-03-30T22:00:00Z',
        language: 'ja',
      }),
    ]);
  });

  it("a tracker's late flush of yesterday fires nothing and leaves today's crossings armed; a back-fill sends no past day", async () => {
    const alerts = app.context.domain.alerts;
    const challenge = await createChallenge(app, { planId: FTMO, phase: 'Phase 1', purchasedAt: '2026-04-01' });
    const { id } = await registerAccount(app, { challengeId: challenge.id, initialBalance: 100000 });
    const push = async (path: string, body: object) => {
      expect((await app.post(`/accounts/${id}/${path}`, body)).status).toBe(200);
      await alerts.idle();
    };
    // Three weeks back-filled on Thursday 23 April (Prague): reports and a mid-day low per day, none of it today's.
    alerts.clock = () => new Date('2026-04-23T07:00:00Z');
    for (let d = 1; d <= 21; d++) {
      const day = `2026-04-${String(d).padStart(2, '0')}`;
      await push('snapshots', { at: `${day}T11:00:00Z`, balance: 100000, equity: 95100 + d });
      await push('reports', { date: day, balance: 100000, equity: 100000, closedPnl: 0 });
    }
    // No threshold of a past day: only today's news (that no snapshot came today for over 30 minutes).
    expect(sent.map((e) => `${e.firmDay} ${e.rule}`)).toEqual(['2026-04-23 tracker_silent']);
    sent = [];
    // The outage: eleven of yesterday's (the 22nd's) snapshots falling to 95,050, then its report, all late.
    for (let i = 0; i < 11; i++)
      await push('snapshots', { at: `2026-04-22T${String(9 + i).padStart(2, '0')}:00:00Z`, balance: 100000, equity: 99000 - i * 395 });
    await push('reports', { date: '2026-04-22', balance: 100000, equity: 95050, closedPnl: 0 });
    expect(sent).toEqual([]);
    // Today's own crossings against today's floor 95,000: one message each.
    const today: string[] = [];
    for (const [at, equity] of [
      ['2026-04-23T08:00:00Z', 97000],
      ['2026-04-23T08:01:00Z', 96000],
      ['2026-04-23T08:02:00Z', 95250],
    ] as const) {
      alerts.clock = () => new Date(Date.parse(at) + 60_000);
      await push('snapshots', { at, balance: 100000, equity });
      today.push(...sent.map((e) => `${e.firmDay} ${e.rule}:${String(e.threshold)}`));
      sent = [];
    }
    expect(today).toEqual(['2026-04-23 daily_loss:50', '2026-04-23 daily_loss:25', '2026-04-23 daily_loss:10']);
  });

  it('a REST caller sets their language (update_me): alerts are then worded in it; anything but ja or en is a 400', async () => {
    expectProblem(await app.patch('/me', { language: 'fr' }), 400, 'validation_failed');
    const set = await app.patch('/me', { language: 'en' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ language: 'en' });
    try {
      const challenge = await createChallenge(app, { planId: FTMO, phase: 'Phase 1', purchasedAt: '2026-04-01' });
      const { id } = await registerAccount(app, { challengeId: challenge.id, initialBalance: 100000 });
      await app.post(`/accounts/${id}/reports`, { date: '2026-04-13', balance: 100000, equity: 100000, closedPnl: 0 });
      await app.context.domain.alerts.idle();
      sent = [];
      app.context.domain.alerts.clock = () => new Date('2026-04-14T09:01:00Z');
      expect((await app.post(`/accounts/${id}/snapshots`, { at: '2026-04-14T09:00:00Z', balance: 100000, equity: 97400 })).status).toBe(
        200,
      );
      await app.context.domain.alerts.idle();
      expect(sent).toEqual([expect.objectContaining({ rule: 'daily_loss', threshold: 50, language: 'en', plan: '2-Step 100k' })]);
    } finally {
      await app.patch('/me', { language: 'ja' });
    }
  });

  it('a snapshot answered but never evaluated (a crash after its 200) raises its alert at the next start', async () => {
    const alerts = app.context.domain.alerts;
    const challenge = await createChallenge(app, { planId: FTMO, phase: 'Phase 1', purchasedAt: '2026-04-01' });
    const { id } = await registerAccount(app, { challengeId: challenge.id, initialBalance: 100000 });
    alerts.clock = () => new Date('2026-04-16T07:00:00Z');
    await app.post(`/accounts/${id}/reports`, { date: '2026-04-15', balance: 100000, equity: 100000, closedPnl: 0 });
    await alerts.idle();
    sent = [];
    expect(await snapshot(id, '2026-04-16T08:00:00Z', 100000, 99000)).toEqual([]);
    const evaluatedAt = async () =>
      (
        await app.context.db.driverQuery<{ evaluatedAt: unknown }>(`SELECT "evaluatedAt" FROM "IntradayEquity" WHERE "accountId" = $1`, [
          id,
        ])
      )[0]?.evaluatedAt ?? null;
    // Evaluated: its statement's row is marked.
    expect(await evaluatedAt()).not.toBeNull();
    // The next snapshot's statement commits (its row unmarked again), and the process dies before evaluating it.
    await app.context.db.driverQuery(
      `UPDATE "IntradayEquity" SET "at" = '2026-04-16T09:00:00Z', "equity" = 97400, "minEquity" = 97400, "evaluatedAt" = NULL
       WHERE "accountId" = $1`,
      [id],
    );
    expect(await evaluatedAt()).toBeNull();
    // The restart's sweep finds it and the alert is raised.
    alerts.clock = () => new Date('2026-04-16T09:00:20Z');
    expect(await alerts.sweepUnevaluated()).toBeGreaterThanOrEqual(1);
    await alerts.idle();
    expect(sent.filter((e) => e.accountId === id).map((e) => `${e.rule}:${String(e.threshold)}`)).toEqual(['daily_loss:50']);
    expect(await evaluatedAt()).not.toBeNull();
  });

  it('a crossed floor fires breached once, with the deepest daily threshold only', async () => {
    const challenge = await createChallenge(app, { planId: FTMO, phase: 'Phase 1', purchasedAt: '2026-04-01' });
    const { id } = await registerAccount(app, { challengeId: challenge.id, initialBalance: 100000 });
    await app.post(`/accounts/${id}/reports`, { date: '2026-04-06', balance: 100000, equity: 100000, closedPnl: 0 });
    await app.context.domain.alerts.idle();
    sent = [];
    expect(await snapshot(id, '2026-04-07T09:00:00Z', 100000, 94900)).toEqual([
      'daily_loss:10', // the deepest threshold crossed at once; 50 and 25 are logged with it and never sent that day
      'max_loss:50', // 4,900 of 10,000 left
      'breached:null',
    ]);
    expect(await snapshot(id, '2026-04-07T09:01:00Z', 100000, 94800)).toEqual([]);
    // The next morning the headroom still reports Tuesday's breach: it is not sent again (Wednesday's own
    // thresholds are: the day starts from Tuesday's close, 94,800).
    // (A maximum loss still under 50 % is a new firm day's alert: the rules are once per firm day.)
    await app.post(`/accounts/${id}/reports`, { date: '2026-04-07', balance: 94800, equity: 94800, closedPnl: -5200 });
    await app.context.domain.alerts.idle();
    sent = [];
    // 4,700 of the 10,000 maximum loss left is a new firm day's crossing; the daily floor is 89,800, far below.
    expect(await snapshot(id, '2026-04-08T09:00:00Z', 94800, 94700)).toEqual(['max_loss:50']);
  });

  it('a silent tracker is found by the sweep on a trading day and reported once; a weekend is not silence', async () => {
    const alerts = app.context.domain.alerts;
    const challenge = await createChallenge(app, { planId: FTMO, phase: 'Phase 1', purchasedAt: '2026-03-20' });
    const { id } = await registerAccount(app, { challengeId: challenge.id, initialBalance: 100000 });
    expect(await snapshot(id, '2026-03-30T09:00:00Z', 100000, 99900)).toEqual([]);
    // Monday 09:31 UTC: 31 minutes without a snapshot, over the default 30.
    alerts.clock = () => new Date('2026-03-30T09:31:00Z');
    expect(await alerts.sweepSilence()).toBeGreaterThanOrEqual(1);
    await alerts.idle();
    // This account's (the first test's account also last reported at 09:00 on the 30th, and is silent as well).
    expect(sent.filter((e) => e.rule === 'tracker_silent' && e.accountId === id)).toEqual([
      expect.objectContaining({ threshold: 30, firmDay: '2026-03-30' }),
    ]);
    sent = [];
    // Reported once: the next sweep skips it until a new snapshot comes.
    alerts.clock = () => new Date('2026-03-30T09:45:00Z');
    await alerts.sweepSilence();
    await alerts.idle();
    expect(sent).toEqual([]);

    // Saturday: the firm day is no trading day, so a quiet terminal is no alert.
    const other = await registerAccount(app, { challengeId: challenge.id, initialBalance: 100000 });
    expect(await snapshot(other.id, '2026-04-04T09:00:00Z', 100000, 100000)).toEqual([]);
    alerts.clock = () => new Date('2026-04-04T10:00:00Z');
    await alerts.sweepSilence();
    await alerts.idle();
    expect(sent).toEqual([]);
  });

  it('never delays or fails the write: a sink that hangs or throws leaves the snapshot’s answer as it was', async () => {
    const alerts = app.context.domain.alerts;
    const challenge = await createChallenge(app, { planId: FTMO, phase: 'Phase 1', purchasedAt: '2026-04-01' });
    const { id } = await registerAccount(app, { challengeId: challenge.id, initialBalance: 100000 });
    await app.post(`/accounts/${id}/reports`, { date: '2026-04-06', balance: 100000, equity: 100000, closedPnl: 0 });
    await alerts.idle();
    let release: () => void = () => undefined;
    let reached: () => void = () => undefined;
    const sinkReached = new Promise<void>((resolve) => {
      reached = resolve;
    });
    alerts.useSink(
      () =>
        new Promise<void>((resolve) => {
          reached();
          release = resolve;
        }),
    );
    try {
      alerts.clock = () => new Date('2026-04-07T09:01:00Z');
      // The sink is held until the answer has come: the answer cannot be waiting for it.
      const res = await app.post(`/accounts/${id}/snapshots`, { at: '2026-04-07T09:00:00Z', balance: 100000, equity: 97400 });
      expect(res.status).toBe(200);
      await sinkReached;
      release();
      await alerts.idle();

      alerts.useSink(() => Promise.reject(new Error('receiver down')));
      alerts.clock = () => new Date('2026-04-07T09:03:00Z');
      const failing = await app.post(`/accounts/${id}/snapshots`, { at: '2026-04-07T09:02:00Z', balance: 100000, equity: 96200 });
      expect(failing.status).toBe(200);
      await alerts.idle();
    } finally {
      alerts.useSink((events) => {
        sent.push(...(events as readonly SentEvent[]));
        return Promise.resolve();
      });
    }
    // The failed delivery rolled its log rows back with it: the 25 % crossing is still to be announced.
    alerts.clock = () => new Date('2026-04-07T09:05:00Z');
    expect(await snapshot(id, '2026-04-07T09:04:00Z', 100000, 96100)).toEqual(['daily_loss:25']);
  });

  it('a snapshot sent with Idempotency-Key is judged once its unit committed, and a replay fires nothing', async () => {
    const alerts = app.context.domain.alerts;
    const challenge = await createChallenge(app, { planId: FTMO, phase: 'Phase 1', purchasedAt: '2026-04-01' });
    const { id } = await registerAccount(app, { challengeId: challenge.id, initialBalance: 100000 });
    await app.post(`/accounts/${id}/reports`, { date: '2026-04-06', balance: 100000, equity: 100000, closedPnl: 0 });
    await alerts.idle();
    sent = [];
    alerts.clock = () => new Date('2026-04-07T09:01:00Z');
    const body = { at: '2026-04-07T09:00:00Z', balance: 100000, equity: 97400 };
    const headers = { 'Idempotency-Key': `snap-${id}` };
    expect((await app.post(`/accounts/${id}/snapshots`, body, undefined, headers)).status).toBe(200);
    await alerts.idle();
    expect(sent.map((e) => `${e.rule}:${String(e.threshold)}`)).toEqual(['daily_loss:50']);
    sent = [];
    expect((await app.post(`/accounts/${id}/snapshots`, body, undefined, headers)).status).toBe(200);
    await alerts.idle();
    expect(sent).toEqual([]);
  });

  it('keeps alert rules per challenge: defaults, replaced, back to defaults; 400 naming the field; 404 for another user', async () => {
    const challenge = await createChallenge(app, { planId: FTMO, purchasedAt: '2026-04-01' });
    const path = `/challenges/${challenge.id}/alert-rules`;
    const defaults = json<{ isDefault: boolean; rules: { rule: string; threshold: number | null }[] }>(await app.get(path));
    expect(defaults.isDefault).toBe(true);
    expect(defaults.rules.filter((r) => r.rule === 'daily_loss').map((r) => r.threshold)).toEqual([50, 25, 10]);
    const rules = [{ rule: 'daily_loss', threshold: 30 }, { rule: 'breached' }, { rule: 'tracker_silent', threshold: 15 }];
    const set = await app.patch(path, { rules });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({
      challengeId: challenge.id,
      isDefault: false,
      rules: [
        { rule: 'daily_loss', threshold: 30 },
        { rule: 'breached', threshold: null },
        { rule: 'tracker_silent', threshold: 15 },
      ],
    });
    expect((await app.get(path)).body).toEqual(set.body);

    const tooMany = Array.from({ length: 51 }, (_, i) => ({ rule: 'daily_loss', threshold: (i % 100) + 1 }));
    expect(expectProblem(await app.patch(path, { rules: tooMany }), 400, 'validation_failed').errors?.[0]?.field).toBe('rules');
    expect(expectProblem(await app.patch(path, { rules: [{ rule: 'max_loss' }] }), 400, 'validation_failed').errors?.[0]?.field).toBe(
      'rules.0.threshold',
    );
    expect(
      expectProblem(await app.patch(path, { rules: [{ rule: 'daily_loss', threshold: 101 }] }), 400, 'validation_failed').errors?.[0]
        ?.field,
    ).toBe('rules.0.threshold');
    expect(
      expectProblem(
        await app.patch(path, {
          rules: [
            { rule: 'max_loss', threshold: 10 },
            { rule: 'max_loss', threshold: 10 },
          ],
        }),
        400,
        'validation_failed',
      ).errors?.[0]?.field,
    ).toBe('rules.1.rule');
    expect((await app.get(path)).body).toEqual(set.body); // nothing of the refused writes was kept

    expect(json<{ isDefault: boolean }>(await app.patch(path, { rules: null })).isDefault).toBe(true);
    const other = await app.newUserKey();
    expectProblem(await app.get(path, other), 404, 'not_found');
    expectProblem(await app.patch(path, { rules: null }, other), 404, 'not_found');
  });

  /** An FTMO account standing, now, at balance 100,000 and equity 98,000 on a day that started at 100,000. */
  async function ftmoAccountNow(): Promise<{ challengeId: string; id: string }> {
    const challenge = await createChallenge(app, { planId: FTMO, phase: 'Phase 1', purchasedAt: '2026-01-05' });
    const { id } = await registerAccount(app, { challengeId: challenge.id, initialBalance: 100000 });
    const today = firmDayAt(new Date(), { timeZone: 'Europe/Prague', time: '00:00' });
    const yesterday = new Date(Date.parse(`${today.day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await app.post(`/accounts/${id}/reports`, { date: yesterday, balance: 100000, equity: 100000, closedPnl: 0 });
    const at = new Date(Math.max(Date.now() - 60_000, Date.parse(today.startUtc))).toISOString();
    expect((await app.post(`/accounts/${id}/snapshots`, { at, balance: 100000, equity: 98000 })).status).toBe(200);
    return { challengeId: challenge.id, id };
  }

  it('check_trade answers each rule with hand-computed levels, the largest loss and volume, and 400/404 for bad input', async () => {
    const { id } = await ftmoAccountNow();
    const res = await app.get(`/accounts/${id}/trade-check?${query({ riskAmount: 2000 })}`);
    expect(res.status).toBe(200);
    // Daily floor 95,000, static floor 90,000, equity 98,000; the reset keeps 95,000 (the balance does not move with a floating loss).
    expect(res.body).toMatchObject({
      accountId: id,
      currency: 'USD',
      riskAmount: 2000,
      equity: 98000,
      verdict: 'allowed',
      rules: [
        { rule: 'daily_loss', floor: 95000, levelAfter: 96000, leftAfter: 1000, allowed: true, maxRiskAmount: 3000 },
        { rule: 'max_loss', floor: 90000, levelAfter: 96000, leftAfter: 6000, allowed: true, maxRiskAmount: 8000 },
        { rule: 'after_reset', floor: 95000, levelAfter: 96000, leftAfter: 1000, allowed: true, maxRiskAmount: 3000 },
      ],
      maxRiskAmount: 3000,
      maxVolume: null,
    });
    // 2 lots with a 20-pip EURUSD stop (200 ticks × 1 per lot): 400 at risk, 3,000 ÷ 200 = 15 lots at most.
    const lots = await app.get(`/accounts/${id}/trade-check?${query({ volume: 2, stopDistance: 0.002, tickValue: 1, tickSize: 0.00001 })}`);
    expect(lots.body).toMatchObject({ riskAmount: 400, verdict: 'allowed', maxVolume: 15 });
    expect(json<{ verdict: string }>(await app.get(`/accounts/${id}/trade-check?${query({ riskAmount: 3000.01 })}`)).verdict).toBe(
      'blocked',
    );
    expect(expectProblem(await app.get(`/accounts/${id}/trade-check?${query({})}`), 400, 'validation_failed').errors?.[0]?.field).toBe(
      'riskAmount',
    );
    expect(
      expectProblem(
        await app.get(`/accounts/${id}/trade-check?${query({ volume: 1, stopDistance: 0.002, tickValue: 1, tickSize: 0 })}`),
        400,
        'validation_failed',
      ).errors?.[0]?.field,
    ).toBe('tickSize');
    expectProblem(await app.get(`/accounts/${id}/trade-check?${query({ riskAmount: 1 })}`, await app.newUserKey()), 404, 'not_found');
  });

  it('gives a tracker key its own account’s levels; another account or another user’s tracker key is a 404', async () => {
    const { id, challengeId } = await ftmoAccountNow();
    const caller = await app.context.authenticate(app.ownerKey);
    const { secret } = await createDomainServices(app.context.db).keys.createForUser(caller.userId, 'tracker', 'tracker');
    const res = await app.get(`/accounts/${id}/guard`, secret);
    expect(res.status).toBe(200);
    const today = firmDayAt(new Date(), { timeZone: 'Europe/Prague', time: '00:00' });
    expect(res.body).toMatchObject({
      accountId: id,
      currency: 'USD',
      dailyFloor: 95000,
      dailyLossLimit: 5000,
      dailyComparison: 'below',
      maxLossFloor: 90000,
      maxLossLimit: 10000,
      firmDayEndsAt: today.endUtc,
      dailyFloorAfterReset: 95000,
      alertThresholds: { dailyLoss: [50, 25, 10], maxLoss: [50, 25, 10] },
    });
    await app.patch(`/challenges/${challengeId}/alert-rules`, { rules: [{ rule: 'daily_loss', threshold: 40 }] });
    expect((await app.get(`/accounts/${id}/guard`, secret)).body).toMatchObject({ alertThresholds: { dailyLoss: [40], maxLoss: [] } });

    expectProblem(await app.get('/accounts/00000000-0000-4000-8000-000000000000/guard', secret), 404, 'not_found');
    const stranger = await app.context.authenticate(await app.newUserKey());
    const theirs = await createDomainServices(app.context.db).keys.createForUser(stranger.userId, 'tracker', 'tracker');
    expectProblem(await app.get(`/accounts/${id}/guard`, theirs.secret), 404, 'not_found');
    // A tracker key reads levels; it does not change the alert rules.
    expectProblem(await app.patch(`/challenges/${challengeId}/alert-rules`, { rules: null }, secret), 403, 'insufficient_scope');
  });
});
