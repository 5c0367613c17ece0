import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { createDomainServices, type TradePage, type TradeStats, type TradeView } from '@propfolio/domain';
import { closedPosition } from '@propfolio/domain/testing';
import { createChallenge, expectProblem, json, registerAccount, RestTestApp } from './harness.js';

describeEachDatabase('REST trades', (getDb) => {
  let app: RestTestApp;
  beforeAll(async () => {
    app = await RestTestApp.start(getDb());
  });
  afterAll(() => app.close());

  it('takes the tracker message with a tracker key, twice to the same effect, and journals the trade', async () => {
    const challenge = await createChallenge(app);
    const account = await registerAccount(app, { challengeId: challenge.id });
    const caller = await app.context.authenticate(app.ownerKey);
    const { secret } = await createDomainServices(app.context.db).keys.createForUser(caller.userId, 'tracker', 'tracker');
    const message = {
      positions: [
        closedPosition('501', { mae: -30, mfe: 120 }),
        closedPosition('502', {
          side: 'sell',
          volume: 1,
          profit: -60,
          closedAt: '2026-03-03T10:00:00Z',
          exits: [
            { at: '2026-03-03T09:00:00Z', volume: 0.5, price: 1.0795, profit: -20 },
            { at: '2026-03-03T10:00:00Z', volume: 0.5, price: 1.08, profit: -40 },
          ],
        }),
      ],
    };
    const first = await app.post(`/accounts/${account.id}/positions`, message, secret);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ accountId: account.id, accepted: 2, unchanged: 0 });
    expect((await app.post(`/accounts/${account.id}/positions`, message, secret)).body).toEqual({
      accountId: account.id,
      accepted: 0,
      unchanged: 2,
    });
    // A tracker key feeds trades; it does not read the journal.
    expectProblem(await app.get('/trades', secret), 403, 'insufficient_scope');

    const page = json<TradePage>(await app.get(`/trades?challengeId=${challenge.id}`));
    expect(page.items.map((t) => [t.position, t.net, t.outcome, t.exits.length])).toEqual([
      ['502', -67, 'loss', 2],
      ['501', 93, 'win', 0],
    ]);
    const loss = page.items[0] as TradeView;
    const patched = await app.patch(`/trades/${loss.id}`, { tags: ['fomo'], note: '損切りが遅れた', setup: 'Breakout', plannedRisk: 67 });
    expect(patched.status).toBe(200);
    expect(json<TradeView>(patched)).toMatchObject({ tags: ['fomo'], note: '損切りが遅れた', setup: 'Breakout', r: -1 });
    expect(json<TradeView>(await app.get(`/trades/${loss.id}`))).toMatchObject({ note: '損切りが遅れた' });
    // The figures are the source's: a PATCH of one is refused by the contract, not silently dropped.
    expectProblem(await app.patch(`/trades/${loss.id}`, { profit: 1 }), 400, 'validation_failed');

    const stats = json<TradeStats>(await app.get(`/trades/stats?accountId=${account.id}`));
    expect(stats.overall).toMatchObject({
      count: 2,
      wins: 1,
      losses: 1,
      winRate: 0.5,
      profitFactor: 1.39,
      withRisk: 1,
      expectancyR: -1,
      averageMae: -30,
    });
    expect(stats.byTag).toEqual([expect.objectContaining({ key: 'fomo', count: 1, net: -67 })]);
    // The stats and the curve follow every filter of the list, and name them; a bad filter is the list's 400.
    const sells = json<TradeStats>(await app.get(`/trades/stats?accountId=${account.id}&side=sell&tag=fomo`));
    expect(sells).toMatchObject({ overall: { count: 1, net: -67 }, filters: { accountId: account.id, side: 'sell', tag: 'fomo' } });
    const buys = json<{ totals: { count: number; net: number } }>(await app.get(`/trades/curve?accountId=${account.id}&side=buy`));
    expect(buys.totals).toMatchObject({ count: 1, net: 93 });
    expectProblem(await app.get(`/trades/stats?side=long`), 400, 'validation_failed');
  });

  it('answers 422 naming the position, 400 for journal fields over their bounds, 404 for another user', async () => {
    const account = await registerAccount(app);
    const bad = await app.post(`/accounts/${account.id}/positions`, { positions: [closedPosition('9', { symbol: 'S'.repeat(33) })] });
    expect(expectProblem(bad, 422, 'position_rejected')).toMatchObject({ facts: { position: '9' } });
    const many = { positions: Array.from({ length: 10_001 }, (_, i) => closedPosition(String(i))) };
    expectProblem(await app.post(`/accounts/${account.id}/positions`, many), 422, 'position_rejected');

    await app.post(`/accounts/${account.id}/positions`, { positions: [closedPosition('1')] });
    const [trade] = json<TradePage>(await app.get(`/trades?accountId=${account.id}`)).items;
    const id = trade?.id ?? '';
    expectProblem(await app.patch(`/trades/${id}`, { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }), 400, 'validation_failed');
    expectProblem(await app.patch(`/trades/${id}`, { tags: ['x'.repeat(41)] }), 400, 'validation_failed');
    expectProblem(await app.patch(`/trades/${id}`, { note: 'x'.repeat(4001) }), 400, 'validation_failed');

    const other = await app.newUserKey();
    expectProblem(await app.get(`/trades/${id}`, other), 404, 'not_found');
    expectProblem(await app.patch(`/trades/${id}`, { note: 'mine now' }, other), 404, 'not_found');
    expectProblem(await app.get(`/trades?accountId=${account.id}`, other), 404, 'not_found');
    expectProblem(await app.get(`/trades/stats?accountId=${account.id}`, other), 404, 'not_found');
    expectProblem(await app.post(`/accounts/${account.id}/positions`, { positions: [closedPosition('2')] }, other), 404, 'not_found');
    expect(json<TradeView>(await app.get(`/trades/${id}`)).note).toBeNull();
  });

  it('answers the equity curve and distribution (200), 400 for a bad window, 404 for another user', async () => {
    const account = await registerAccount(app);
    const closed = (id: string, minute: number, profit: number) =>
      closedPosition(id, { profit, commission: 0, closedAt: `2026-03-02T02:${String(minute).padStart(2, '0')}:00Z` });
    await app.post(`/accounts/${account.id}/positions`, { positions: [closed('1', 10, 100), closed('2', 20, -40), closed('3', 30, 60)] });
    // Not read as get_trade with id "curve": the route is declared before /trades/:id.
    const answer = await app.get(`/trades/curve?accountId=${account.id}`);
    expect(answer.status).toBe(200);
    const curve = json<{ points: { n: number; net: number }[]; distribution: { buckets: { count: number }[] } }>(answer);
    expect(curve.points.map((p) => [p.n, p.net])).toEqual([
      [1, 100],
      [2, 60],
      [3, 120],
    ]);
    expect(curve.distribution.buckets.map((b) => b.count)).toEqual([1, 0, 2]);
    expectProblem(await app.get(`/trades/curve?accountId=${account.id}&from=yesterday`), 400, 'validation_failed');
    expectProblem(await app.get(`/trades/curve?accountId=${account.id}&timeZone=Asia/Tokyo`), 400, 'validation_failed');
    expectProblem(await app.get(`/trades/curve?accountId=${account.id}`, await app.newUserKey()), 404, 'not_found');
  });

  it("answers the calendar alone: the curve's days over the same filters (200), 404 for another user", async () => {
    const account = await registerAccount(app);
    const closed = (id: string, day: string, profit: number) => closedPosition(id, { profit, commission: 0, closedAt: `${day}T10:00:00Z` });
    await app.post(`/accounts/${account.id}/positions`, {
      positions: [closed('1', '2026-03-02', 100), closed('2', '2026-03-02', -40), closed('3', '2026-03-04', 60)],
    });
    // Not read as get_trade with id "calendar": the route is declared before /trades/:id.
    const answer = await app.get(`/trades/calendar?accountId=${account.id}`);
    expect(answer.status).toBe(200);
    const calendar = json<{ days: { day: string; net: number; count: number }[] }>(answer);
    expect(calendar.days.map((d) => [d.net, d.count])).toEqual([
      [60, 2],
      [60, 1],
    ]);
    const curve = json<{ days: unknown[] }>(await app.get(`/trades/curve?accountId=${account.id}`));
    expect(calendar.days).toEqual(curve.days);
    expectProblem(await app.get(`/trades/calendar?accountId=${account.id}`, await app.newUserKey()), 404, 'not_found');
  });

  it('counts FTMO trading days from the days positions were opened, not the day they closed', async () => {
    const challenge = await createChallenge(app, { planId: 'ftmo-2-step-100000', purchasedAt: '2026-05-01' });
    const account = await registerAccount(app, { challengeId: challenge.id });
    const headroom = async () =>
      json<{ tradingDays: { done: number; countedFrom: string } }>(
        await app.get(`/challenges/${challenge.id}/headroom?at=2026-05-09T12:00:00Z`),
      );
    expect((await headroom()).tradingDays.countedFrom).not.toBe('position_opened');
    // Four positions opened Monday to Thursday (10:00 UTC, noon in Prague), all closed on Friday: four days to FTMO.
    const positions = ['04', '05', '06', '07'].map((day, i) =>
      closedPosition(String(900 + i), { openedAt: `2026-05-${day}T10:00:00Z`, closedAt: '2026-05-08T15:00:00Z' }),
    );
    expect((await app.post(`/accounts/${account.id}/positions`, { positions })).status).toBe(200);
    // The attempt starts with the account's first reported day (reports alone would count Friday once).
    const report = { date: '2026-05-04', balance: 100000, equity: 100000, closedPnl: 0 };
    expect((await app.post(`/accounts/${account.id}/reports`, report)).status).toBe(200);
    expect((await headroom()).tradingDays).toMatchObject({ done: 4, countedFrom: 'position_opened' });
  });

  it('stores the trades of an imported statement once, at their instants, and a dry run stores none', async () => {
    const file = (name: string) =>
      readFileSync(new URL(`../../../libs/mt-statements/test/fixtures/${name}`, import.meta.url)).toString('base64');
    const mt5 = await registerAccount(app, { login: '51234567' });
    const body = { content: file('ReportHistory-51234567.html') };
    expect((await app.post(`/accounts/${mt5.id}/statements`, { ...body, dryRun: true })).status).toBe(200);
    expect(json<TradePage>(await app.get(`/trades?accountId=${mt5.id}`)).items).toEqual([]);
    for (let i = 0; i < 2; i++) expect((await app.post(`/accounts/${mt5.id}/statements`, body)).status).toBe(200);
    // Server time GMT+2 in March: 2024-03-04 09:15:03 on the broker's clock is 07:15:03 UTC.
    expect(
      json<TradePage>(await app.get(`/trades?accountId=${mt5.id}`)).items.map((t) => [t.position, t.symbol, t.openedAt, t.net]),
    ).toEqual([
      ['2007', 'US30', '2024-03-06T11:20:18.000Z', -92.5],
      ['2005', 'GBPUSD', '2024-03-05T21:40:10.000Z', 38.7],
      ['2003', 'XAUUSD', '2024-03-04T13:30:00.000Z', -333.25],
      ['2001', 'EURUSD', '2024-03-04T07:15:03.000Z', 131],
    ]);

    const mt4 = await registerAccount(app, { login: '2089123' });
    expect((await app.post(`/accounts/${mt4.id}/statements`, { content: file('Statement-2089123.htm') })).status).toBe(200);
    const mt4Trades = json<TradePage>(await app.get(`/trades?accountId=${mt4.id}`)).items;
    expect(mt4Trades.map((t) => [t.position, t.symbol, t.net])).toEqual([
      ['40001030', 'xauusd', 80.2],
      ['40001020', 'usdjpy', 15.38],
      ['40001010', 'gbpusd', -199.35],
      ['40001005', 'eurusd', 121.5],
    ]);
  });
});
