import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import type { ChallengeHeadroom } from '@propfolio/domain';
import { closedPosition } from '@propfolio/domain/testing';
import { createChallenge, json, registerAccount, RestTestApp } from './harness.js';

describeEachDatabase('REST headroom: rules judged on trades', (getDb) => {
  let app: RestTestApp;
  beforeAll(async () => {
    app = await RestTestApp.start(getDb());
  });
  afterAll(() => app.close());

  /** The same Friday-to-Monday hold in an FTMO challenge at `phase`: the plan allows it in the evaluation, not funded. */
  async function ftmoWeekendHold(phase: string) {
    const challenge = await createChallenge(app, { planId: 'ftmo-2-step-100000', purchasedAt: '2026-05-01', phase });
    const account = await registerAccount(app, { challengeId: challenge.id });
    const positions = [closedPosition('601', { symbol: 'XAUUSD', openedAt: '2026-05-08T15:00:00Z', closedAt: '2026-05-11T07:00:00Z' })];
    expect((await app.post(`/accounts/${account.id}/positions`, { positions })).status).toBe(200);
    await app.post(`/accounts/${account.id}/reports`, { date: '2026-05-04', balance: 100000, equity: 100000, closedPnl: 0 });
    return json<ChallengeHeadroom>(await app.get(`/challenges/${challenge.id}/headroom?at=2026-05-14T12:00:00Z`));
  }

  it('holds FTMO to its weekend rule only on the funded account: a Phase 1 or Verification hold is no breach', async () => {
    for (const phase of ['Phase 1', 'Phase 2']) {
      const h = await ftmoWeekendHold(phase);
      expect(h.tradeRules?.weekendHolding).toMatchObject({ rule: 'allowed', status: 'ok', count: 1 });
      expect(h.reasons.map((r) => r.code)).not.toContain('weekendHolding.breached');
      expect(h.status).not.toBe('breached');
    }
    const funded = await ftmoWeekendHold('Funded');
    expect(funded.tradeRules?.weekendHolding).toMatchObject({ rule: 'banned', status: 'breached', count: 1 });
    expect(funded.status).toBe('breached');
  });

  it('finds a weekend hold the funded FTMO account bans and a hedge it does not rule on, naming their positions', async () => {
    const challenge = await createChallenge(app, { planId: 'ftmo-2-step-100000', purchasedAt: '2026-05-01', phase: 'Funded' });
    const account = await registerAccount(app, { challengeId: challenge.id });
    const headroom = async () => json<ChallengeHeadroom>(await app.get(`/challenges/${challenge.id}/headroom?at=2026-05-14T12:00:00Z`));
    // Before the tracker sent any position, the trade rules are not judged (unknown, not "none held").
    expect((await headroom()).tradeRules).toBeNull();

    const positions = [
      // Friday 15:00 UTC to Monday: across FTMO's weekend close, Saturday 00:00 in Prague (22:00 UTC in summer).
      closedPosition('701', { symbol: 'XAUUSD', openedAt: '2026-05-08T15:00:00Z', closedAt: '2026-05-11T07:00:00Z', profit: 250 }),
      // Closed a second before that close: not held.
      closedPosition('702', { openedAt: '2026-05-08T15:00:00Z', closedAt: '2026-05-08T21:59:59Z' }),
      // A buy and a sell on EURUSD open together on Tuesday.
      closedPosition('703', { side: 'buy', openedAt: '2026-05-12T08:00:00Z', closedAt: '2026-05-12T10:00:00Z', profit: -40 }),
      closedPosition('704', { side: 'sell', openedAt: '2026-05-12T09:00:00Z', closedAt: '2026-05-12T11:00:00Z', profit: 45 }),
    ];
    expect((await app.post(`/accounts/${account.id}/positions`, { positions })).status).toBe(200);
    await app.post(`/accounts/${account.id}/reports`, { date: '2026-05-04', balance: 100000, equity: 100000, closedPnl: 0 });

    const h = await headroom();
    expect(h.challengeStatus).toBe('in_progress');
    expect(h.tradeRules).toMatchObject({ tradesRead: 4, truncated: false });
    expect(h.tradeRules?.weekendHolding).toMatchObject({
      rule: 'banned',
      status: 'breached',
      count: 1,
      trades: [{ position: '701', symbol: 'XAUUSD', openedAt: '2026-05-08T15:00:00Z', weekendClose: '2026-05-08T22:00:00Z' }],
    });
    expect(h.tradeRules?.hedging).toMatchObject({ rule: null, status: null, count: 1 });
    expect(h.tradeRules?.hedging.pairs.map((pair) => pair.map((t) => `${t.position} ${t.side}`))).toEqual([['703 buy', '704 sell']]);
    expect(h.reasons).toContainEqual(
      expect.objectContaining({
        rule: 'weekendHolding',
        kind: 'breached',
        code: 'weekendHolding.breached',
        values: expect.objectContaining({ position: '701' }),
      }),
    );
    expect(h.status).toBe('breached');
    // What was known at Friday noon: no trade had closed yet, so nothing is held.
    const before = json<ChallengeHeadroom>(await app.get(`/challenges/${challenge.id}/headroom?at=2026-05-08T12:00:00Z`));
    expect(before.tradeRules).toMatchObject({ tradesRead: 0, weekendHolding: { count: 0, status: 'ok' } });
  });

  it("judges a closed trade's loss against the plan's risk per trade (The5ers Bootcamp: 2 % of the initial balance)", async () => {
    const challenge = await createChallenge(app, { planId: 'the5ers-bootcamp-100000', purchasedAt: '2026-05-01' });
    const account = await registerAccount(app, { challengeId: challenge.id });
    const positions = [
      closedPosition('801', { profit: -2100, commission: -7, openedAt: '2026-05-05T08:00:00Z', closedAt: '2026-05-05T09:00:00Z' }),
      closedPosition('802', { profit: -1600, commission: 0, openedAt: '2026-05-06T08:00:00Z', closedAt: '2026-05-06T09:00:00Z' }),
    ];
    expect((await app.post(`/accounts/${account.id}/positions`, { positions })).status).toBe(200);
    // The attempt starts with the account's first reported day; trades before it are not the attempt's.
    await app.post(`/accounts/${account.id}/reports`, { date: '2026-05-04', balance: 100000, equity: 100000, closedPnl: 0 });
    const h = json<ChallengeHeadroom>(await app.get(`/challenges/${challenge.id}/headroom?at=2026-05-14T12:00:00Z`));
    expect(h.tradeRules?.maxRiskPerTrade).toMatchObject({
      percent: 2,
      limit: 2000,
      status: 'breached',
      count: 2,
      trades: [
        { position: '801', loss: 2107, status: 'breached' },
        { position: '802', loss: 1600, status: 'warning' },
      ],
    });
    expect(h.reasons.map((r) => r.code)).toContain('maxRiskPerTrade.breached');
  });

  it("judges the trade rules a challenge sets itself over its plan's: hedging banned, weekends allowed, a risk cap", async () => {
    const challenge = await createChallenge(app, { planId: 'ftmo-2-step-100000', purchasedAt: '2026-05-01' });
    const account = await registerAccount(app, { challengeId: challenge.id });
    const positions = [
      closedPosition('901', { openedAt: '2026-05-08T15:00:00Z', closedAt: '2026-05-11T07:00:00Z', profit: 250 }),
      closedPosition('902', { side: 'buy', openedAt: '2026-05-12T08:00:00Z', closedAt: '2026-05-12T10:00:00Z', profit: -1200 }),
      closedPosition('903', { side: 'sell', openedAt: '2026-05-12T09:00:00Z', closedAt: '2026-05-12T11:00:00Z', profit: 45 }),
    ];
    expect((await app.post(`/accounts/${account.id}/positions`, { positions })).status).toBe(200);
    await app.post(`/accounts/${account.id}/reports`, { date: '2026-05-04', balance: 100000, equity: 100000, closedPnl: 0 });
    const set = await app.patch(`/challenges/${challenge.id}/rules`, {
      rules: { weekendHolding: 'allowed', hedging: 'banned', maxRiskPerTradePercent: 1 },
    });
    expect(set.status).toBe(200);
    const h = json<ChallengeHeadroom>(await app.get(`/challenges/${challenge.id}/headroom?at=2026-05-14T12:00:00Z`));
    expect(h.tradeRules?.weekendHolding).toMatchObject({ rule: 'allowed', status: 'ok', count: 1 });
    expect(h.tradeRules?.hedging).toMatchObject({ rule: 'banned', status: 'breached', count: 1 });
    expect(h.tradeRules?.maxRiskPerTrade).toMatchObject({ percent: 1, limit: 1000, status: 'breached', trades: [{ position: '902' }] });
    // Back to the plan's: FTMO allows weekend holding in Phase 1 (it bans it on the funded account) and says nothing on hedging or risk per trade.
    await app.patch(`/challenges/${challenge.id}/rules`, { rules: null });
    const plan = json<ChallengeHeadroom>(await app.get(`/challenges/${challenge.id}/headroom?at=2026-05-14T12:00:00Z`));
    expect(plan.tradeRules).toMatchObject({
      weekendHolding: { rule: 'allowed' },
      hedging: { rule: null },
      maxRiskPerTrade: { percent: null },
    });
    // A value that is not a rule is refused naming the field, as every rule field is.
    const bad = await app.patch(`/challenges/${challenge.id}/rules`, { rules: { hedging: 'sometimes' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('hedging');
  });

  it('judges the stops of the positions open at the newest snapshot against the risk cap, and refuses open positions that cannot be', async () => {
    const challenge = await createChallenge(app, { planId: 'the5ers-bootcamp-100000', purchasedAt: '2026-05-01' });
    const account = await registerAccount(app, { challengeId: challenge.id });
    await app.post(`/accounts/${account.id}/reports`, { date: '2026-05-04', balance: 100000, equity: 100000, closedPnl: 0 });
    const open = (position: string, stopLoss: number | null, lossAtStop: number | null) => ({
      position,
      symbol: 'XAUUSD',
      side: 'buy',
      volume: 1,
      openedAt: '2026-05-06T08:00:00+02:00',
      stopLoss,
      lossAtStop,
    });
    const snapshot = (at: string, openPositions?: unknown[]) =>
      app.post(`/accounts/${account.id}/snapshots`, { at, balance: 100000, equity: 99800, ...(openPositions ? { openPositions } : {}) });
    const risk = async (at: string) =>
      json<ChallengeHeadroom>(await app.get(`/challenges/${challenge.id}/headroom?at=${at}`)).tradeRules?.maxRiskPerTrade;

    expect((await snapshot('2026-05-06T09:00:00Z', [open('1', 2590, 2100), open('2', null, null), open('3', 2620, 900)])).status).toBe(200);
    // 2 % of 100,000: a stop losing 2,100 is over it; a position without a stop is not bounded; 900 is well within.
    expect(await risk('2026-05-06T12:00:00Z')).toMatchObject({
      limit: 2000,
      status: 'breached',
      openAsOf: '2026-05-06T09:00:00Z',
      openCount: 2,
      open: [
        { position: '1', stopLoss: 2590, lossAtStop: 2100, status: 'breached', openedAt: '2026-05-06T06:00:00Z' },
        { position: '2', stopLoss: null, lossAtStop: null, status: 'warning' },
      ],
    });
    // The stop moved: the same instant and figures with other positions is news, not a retry.
    expect((await snapshot('2026-05-06T09:00:00Z', [open('1', 2605, 1500)])).body).toMatchObject({ outcome: 'updated' });
    expect(await risk('2026-05-06T12:00:00Z')).toMatchObject({ status: 'ok', openCount: 0 });
    // A later snapshot from a tracker that does not list positions: what is open is not known any more, and with no
    // closed trade either, nothing is judged on trades (unknown, not "none open").
    expect((await snapshot('2026-05-06T10:00:00Z')).status).toBe(200);
    expect(await risk('2026-05-06T12:00:00Z')).toBeUndefined();
    // Only the newest snapshot's positions are kept, so an instant before it is not judged on older ones either.
    expect(await risk('2026-05-06T09:30:00Z')).toBeUndefined();

    const refused = async (positions: unknown[], field: string) => {
      const res = await snapshot('2026-05-06T11:00:00Z', positions);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
    };
    await refused([{ ...open('9', 2590, 2100), openedAt: '2026-05-06T11:00:01Z' }], 'openPositions[0].openedAt');
    await refused([{ ...open('9', 2590, 2100), symbol: 'X'.repeat(33) }], 'symbol');
    await refused([{ ...open('9', 2590, 2100), side: 'long' }], 'side');
    await refused(
      Array.from({ length: 201 }, (_, i) => open(String(i), null, null)),
      'openPositions',
    );
  });
});
