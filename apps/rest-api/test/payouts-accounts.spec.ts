import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import {
  createChallenge,
  expectProblem,
  isoDay,
  registerAccount,
  RestTestApp,
  json,
  type ChallengeDetailBody,
  type AccountList,
  type RestAnswer,
  type ReportAnswer,
} from './harness.js';

/** GET /payouts: a page of payouts and the totals per currency over every page. */
type PayoutPage = RestAnswer<'/api/v1/payouts', 'get'>;

describeEachDatabase('REST payouts and EA accounts', (getDb) => {
  let app: RestTestApp;
  beforeAll(async () => {
    app = await RestTestApp.start(getDb());
  });
  afterAll(() => app.close());

  it('POST /challenges/:id/payouts records a payout with an upper-cased currency, also on a failed challenge', async () => {
    const challenge = await createChallenge(app, { firm: 'FundedNext', plan: 'Stellar 50k', purchasedAt: '2026-01-05' });
    const res = await app.post(`/challenges/${challenge.id}/payouts`, { amount: 1250.5, currency: 'eur', date: '2026-02-02' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      challengeId: challenge.id,
      firm: 'FundedNext',
      plan: 'Stellar 50k',
      amount: 1250.5,
      currency: 'EUR',
      date: '2026-02-02',
    });
    await app.patch(`/challenges/${challenge.id}`, { status: 'failed' }).expect(200);
    await app.post(`/challenges/${challenge.id}/payouts`, { amount: 10, currency: 'USD', date: isoDay() }).expect(201);
  });

  it('POST /challenges/:id/payouts refuses a non-positive amount, a bad currency and a date out of range', async () => {
    const challenge = await createChallenge(app, { purchasedAt: '2026-01-05' });
    const cases: [body: object, field: string][] = [
      [{ amount: 0, currency: 'USD', date: '2026-02-01' }, 'amount'],
      [{ amount: -5, currency: 'USD', date: '2026-02-01' }, 'amount'],
      [{ amount: '5', currency: 'USD', date: '2026-02-01' }, 'amount'],
      [{ amount: 5, currency: 'US', date: '2026-02-01' }, 'currency'],
      [{ amount: 5, currency: 'ABC', date: '2026-02-01' }, 'currency'],
      [{ amount: 5, currency: 'USD', date: '2026-02-30' }, 'date'],
      [{ amount: 5, currency: 'USD', date: '02/01/2026' }, 'date'],
      [{ amount: 5, currency: 'USD', date: '2026-01-04' }, 'date'],
      [{ amount: 5, currency: 'USD', date: isoDay(1) }, 'date'],
      [{ currency: 'USD', date: '2026-02-01' }, 'amount'],
    ];
    for (const [body, field] of cases) {
      const problem = expectProblem(await app.post(`/challenges/${challenge.id}/payouts`, body), 400, 'validation_failed');
      expect(`${JSON.stringify(body)} ${problem.errors?.map((e) => e.field).join()}`).toBe(`${JSON.stringify(body)} ${field}`);
    }
    expect(json<ChallengeDetailBody>(await app.get(`/challenges/${challenge.id}`).expect(200)).payouts).toEqual([]);
  });

  it('GET /payouts lists newest first with exact totals over every page, and filters with from', async () => {
    const key = await app.newUserKey();
    const a = await createChallenge(app, { firm: 'A', purchasedAt: '2026-01-01' }, key);
    const b = await createChallenge(app, { firm: 'B', purchasedAt: '2026-01-01' }, key);
    const add = (id: string, amount: number, currency: string, date: string) =>
      app.post(`/challenges/${id}/payouts`, { amount, currency, date }, key).expect(201);
    await add(a.id, 0.1, 'USD', '2026-01-10');
    await add(b.id, 0.2, 'usd', '2026-02-10');
    await add(a.id, 1000.0001, 'EUR', '2026-03-10');
    await add(b.id, 0.7, 'USD', '2026-04-10');

    const all = await app.get('/payouts', key).expect(200);
    expect(json<PayoutPage>(all).items.map((p) => p.date)).toEqual(['2026-04-10', '2026-03-10', '2026-02-10', '2026-01-10']);
    expect(json<PayoutPage>(all).totals).toEqual([
      { currency: 'EUR', amount: 1000.0001 },
      { currency: 'USD', amount: 1 },
    ]);
    expect(json<PayoutPage>(all).nextCursor).toBeNull();

    const first = await app.get('/payouts?limit=2', key).expect(200);
    expect(json<PayoutPage>(first).items).toHaveLength(2);
    expect(json<PayoutPage>(first).totals).toEqual(json<PayoutPage>(all).totals);
    const second = await app.get(`/payouts?limit=2&cursor=${encodeURIComponent(json<PayoutPage>(first).nextCursor!)}`, key).expect(200);
    expect([...json<PayoutPage>(first).items, ...json<PayoutPage>(second).items].map((p) => p.id)).toEqual(
      json<PayoutPage>(all).items.map((p) => p.id),
    );
    expect(json<PayoutPage>(second).nextCursor).toBeNull();

    const since = await app.get('/payouts?from=2026-02-10', key).expect(200);
    expect(json<PayoutPage>(since).items.map((p) => p.date)).toEqual(['2026-04-10', '2026-03-10', '2026-02-10']);
    expect(json<PayoutPage>(since).totals).toEqual([
      { currency: 'EUR', amount: 1000.0001 },
      { currency: 'USD', amount: 0.9 },
    ]);
    expect((await app.get('/payouts?from=2027-01-01', key).expect(200)).body).toEqual({ items: [], nextCursor: null, totals: [] });
    for (const from of ['2026-02-30', 'yesterday', '2026-2-1']) {
      expectProblem(await app.get(`/payouts?from=${from}`, key), 400, 'validation_failed');
    }
  });

  it('POST /accounts registers an account, refuses a duplicate login on the same server and validates fields', async () => {
    const challenge = await createChallenge(app);
    const res = await app.post('/accounts', {
      login: ' 5012345 ',
      server: 'FTMO-Demo',
      currency: 'usd',
      initialBalance: 100000,
      challengeId: challenge.id,
      name: 'Main',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      login: '5012345',
      server: 'FTMO-Demo',
      currency: 'USD',
      initialBalance: 100000,
      balance: 100000,
      pnl: 0,
      pnlPercent: 0,
      archived: false,
      name: 'Main',
      challenge: { id: challenge.id, firm: 'FTMO', phase: 'Phase 1' },
    });
    const dup = expectProblem(
      await app.post('/accounts', { login: '5012345', server: 'FTMO-Demo', currency: 'USD', initialBalance: 5 }),
      409,
      'conflict',
    );
    expect(dup.detail).toContain('already registered');
    // another user may track the same login
    await registerAccount(app, { login: '5012345', server: 'FTMO-Demo' }, await app.newUserKey());
    for (const body of [
      { server: 'S', currency: 'USD', initialBalance: 1 },
      { login: '1', server: 'S', currency: 'USD', initialBalance: 0 },
      { login: '1', server: 'S', currency: 'DOLLARS', initialBalance: 1 },
      { login: '1', server: '', currency: 'USD', initialBalance: 1 },
      { login: 1, server: 'S', currency: 'USD', initialBalance: 1 },
    ]) {
      expectProblem(await app.post('/accounts', body), 400, 'validation_failed');
    }
    expectProblem(
      await app.post('/accounts', { login: '1', server: 'S', currency: 'USD', initialBalance: 1, challengeId: 'nope' }),
      404,
      'not_found',
    );
  });

  it('GET /accounts lists active accounts by default; archived=include and archived=only add or select archived ones', async () => {
    const key = await app.newUserKey();
    const challenge = await createChallenge(app, {}, key);
    const old = await registerAccount(app, { challengeId: challenge.id }, key);
    await app.patch(`/challenges/${challenge.id}`, { phase: 'Phase 2' }, key).expect(200);
    const fresh = await registerAccount(app, { challengeId: challenge.id }, key);
    const ids = async (query: string) => json<AccountList>(await app.get(`/accounts${query}`, key).expect(200)).items.map((a) => a.id);
    expect(await ids('')).toEqual([fresh.id]);
    expect(await ids('?archived=exclude')).toEqual([fresh.id]);
    expect(await ids('?archived=only')).toEqual([old.id]);
    expect(await ids('?archived=include')).toEqual([fresh.id, old.id]);
    expect(await ids('?archived=include&limit=1')).toEqual([fresh.id]);
    expectProblem(await app.get('/accounts?archived=yes', key), 400, 'validation_failed');
  });

  it('POST /accounts/:id/reports is idempotent per account and day; an archived account answers 409 account_archived', async () => {
    const challenge = await createChallenge(app);
    const account = await registerAccount(app, { challengeId: challenge.id, initialBalance: 10000 });
    const day = { date: isoDay(-1), balance: 10250.5, equity: 10200, closedPnl: 250.5 };
    const created = await app.post(`/accounts/${account.id}/reports`, day).expect(200);
    expect(created.body).toEqual({ accountId: account.id, date: day.date, outcome: 'created', balance: 10250.5, equity: 10200 });
    expect(json<ReportAnswer>(await app.post(`/accounts/${account.id}/reports`, day).expect(200)).outcome).toBe('unchanged');
    expect(json<ReportAnswer>(await app.post(`/accounts/${account.id}/reports`, { ...day, equity: 10210 }).expect(200)).outcome).toBe(
      'updated',
    );
    const [listed] = json<AccountList>(await app.get('/accounts?limit=200').expect(200)).items.filter((a) => a.id === account.id);
    expect(listed).toMatchObject({ balance: 10250.5, equity: 10210, pnl: 250.5, pnlPercent: 2.51, lastReportOn: day.date });

    // broker days may run one day ahead of UTC, not more; dates must be real
    await app.post(`/accounts/${account.id}/reports`, { ...day, date: isoDay(1) }).expect(200);
    expectProblem(await app.post(`/accounts/${account.id}/reports`, { ...day, date: isoDay(2) }), 400, 'validation_failed');
    expectProblem(await app.post(`/accounts/${account.id}/reports`, { ...day, date: '2026-02-30' }), 400, 'validation_failed');
    expectProblem(await app.post(`/accounts/${account.id}/reports`, { date: day.date, balance: 1 }), 400, 'validation_failed');

    await app.patch(`/challenges/${challenge.id}`, { phase: 'Funded' }).expect(200);
    const archived = expectProblem(await app.post(`/accounts/${account.id}/reports`, day), 409, 'account_archived');
    expect(archived.detail).toContain('archived');
  });

  it('GET /accounts/:id/daily-pnl returns 30 days by default, gaps as reported: false, exact totals; days outside 1..366 is 400', async () => {
    const account = await registerAccount(app, { initialBalance: 10000 });
    await app.post(`/accounts/${account.id}/reports`, { date: isoDay(-3), balance: 10100, equity: 10100, closedPnl: 0.1 }).expect(200);
    await app.post(`/accounts/${account.id}/reports`, { date: isoDay(-1), balance: 10100.2, equity: 10100.2, closedPnl: 0.2 }).expect(200);

    const series = await app.get(`/accounts/${account.id}/daily-pnl`).expect(200);
    expect(series.body).toMatchObject({
      accountId: account.id,
      currency: 'USD',
      from: isoDay(-29),
      to: isoDay(),
      reportedDays: 2,
      closedPnlTotal: 0.3,
    });
    expect(json<RestAnswer<'/api/v1/accounts/{id}/daily-pnl', 'get'>>(series).days).toHaveLength(30);

    const five = await app.get(`/accounts/${account.id}/daily-pnl?days=5`).expect(200);
    expect(json<RestAnswer<'/api/v1/accounts/{id}/daily-pnl', 'get'>>(five).days).toEqual([
      { date: isoDay(-4), reported: false, balance: null, equity: null, closedPnl: null },
      { date: isoDay(-3), reported: true, balance: 10100, equity: 10100, closedPnl: 0.1 },
      { date: isoDay(-2), reported: false, balance: null, equity: null, closedPnl: null },
      { date: isoDay(-1), reported: true, balance: 10100.2, equity: 10100.2, closedPnl: 0.2 },
      { date: isoDay(), reported: false, balance: null, equity: null, closedPnl: null },
    ]);
    expect(
      json<RestAnswer<'/api/v1/accounts/{id}/daily-pnl', 'get'>>(await app.get(`/accounts/${account.id}/daily-pnl?days=1`).expect(200))
        .days,
    ).toHaveLength(1);
    expect(
      json<RestAnswer<'/api/v1/accounts/{id}/daily-pnl', 'get'>>(await app.get(`/accounts/${account.id}/daily-pnl?days=366`).expect(200))
        .days,
    ).toHaveLength(366);
    for (const days of ['0', '367', '-1', 'x', '1.5', '']) {
      const problem = expectProblem(await app.get(`/accounts/${account.id}/daily-pnl?days=${days}`), 400, 'validation_failed');
      expect(problem.errors?.[0]?.field).toBe('days');
    }
  });
});
