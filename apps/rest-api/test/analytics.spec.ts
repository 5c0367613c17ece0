import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import {
  DATASET_RATES_CSV,
  enterDataset,
  expectedAnalytics,
  expectedJpyTotals,
  expectedTaxYear,
  seedRefundPlan,
  type DatasetRunner,
} from '@propfolio/domain/testing';
import { expectProblem, json, RestTestApp, type ChallengeBody, type RestAnswer } from './harness.js';

describeEachDatabase('REST ledger, analytics and tax year', (getDb) => {
  let app: RestTestApp;
  beforeAll(async () => {
    app = await RestTestApp.start(getDb());
    await seedRefundPlan(getDb());
  });
  afterAll(() => app.close());

  /** Each dataset step over its own route, read from the operation's REST binding. */
  const restRunner =
    (key: string): DatasetRunner =>
    async (name, input) => {
      const op = app.context.operations.find((o) => o.name === name);
      if (!op) throw new Error(name);
      // The path parameter (`:id` or `:challengeId`) comes out of the input, the rest is the query or body.
      const rest: Record<string, unknown> = { ...input };
      const path = op.rest.path.replace(/:(\w+)/, (_, param: string) => {
        const value = String(rest[param]);
        // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- what is left of the input after the path parameter is the query or body
        delete rest[param];
        return value;
      });
      const res =
        op.rest.method === 'GET'
          ? await app.get(`${path}?${new URLSearchParams(rest as Record<string, string>).toString()}`, key)
          : op.rest.method === 'PATCH'
            ? await app.patch(path, rest, key)
            : await app.post(path, rest, key);
      if (res.status !== (op.rest.status ?? 200)) throw new Error(`${name}: ${res.status} ${res.text}`);
      return res.body as Record<string, unknown>;
    };

  it('GET /me/analytics answers the hand-computed figures of the known data set, per currency and in JPY', async () => {
    const key = await app.newUserKey();
    const ids = await enterDataset(restRunner(key));
    expect((await app.get('/me/analytics?to=2026-03-15', key).expect(200)).body).toEqual(expectedAnalytics(ids));
    await app.post('/me/fx-rates', { csv: DATASET_RATES_CSV }, key).expect(200);
    const jpy = json<RestAnswer<'/api/v1/me/analytics', 'get'>>(await app.get('/me/analytics?to=2026-03-15&currency=JPY', key).expect(200));
    expect(jpy.totals).toEqual([{ currency: 'JPY', ...expectedJpyTotals }]);
    expect(jpy.conversions?.missing).toEqual([{ date: '2026-02-01', currency: 'USD', amount: 10, kind: 'data_fee', challengeId: ids.c }]);
  });

  it('GET /me/tax-year/:year answers JSON, and with format=csv a CSV download', async () => {
    const key = await app.newUserKey();
    await enterDataset(restRunner(key));
    await app.post('/me/fx-rates', { csv: DATASET_RATES_CSV }, key).expect(200);
    const json = await app.get('/me/tax-year/2026?currency=jpy', key).expect(200);
    expect(json.body).toMatchObject({ year: 2026, currency: 'JPY', complete: false, missingRates: 1, totals: expectedTaxYear.totals });
    const csv = await app
      .get('/me/tax-year/2026?currency=JPY&format=csv', key)
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => done(null, text));
      });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="propfolio-tax-2026-JPY.csv"');
    const rows = (csv.body as string)
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows[0]).toBe('date,type,kind,firm,plan,amount,currency,rate,rate_source,amount_JPY');
    expect(rows).toContain('2026,income_total,,,,,,,,213300');
    const openapi = (await app.get('/openapi.json', null).expect(200)).body as {
      paths: Record<string, { get: { responses: { 200: { content: object } } } }>;
    };
    expect(Object.keys(openapi.paths['/api/v1/me/tax-year/{year}']?.get.responses[200].content ?? {})).toEqual([
      'application/json',
      'text/csv',
    ]);
    expectProblem(await app.get('/me/tax-year/abc?currency=JPY', key), 400, 'validation_failed');
    expectProblem(await app.get('/me/tax-year/2026', key), 400, 'validation_failed');
    expectProblem(await app.get('/me/tax-year/2026?currency=JPY', null), 401, 'unauthorized');
  });

  it('POST /challenges/:id/costs and PATCH /payouts/:id record the ledger, with problem answers for bad input', async () => {
    const key = await app.newUserKey();
    const other = await app.newUserKey();
    const challenge = json<ChallengeBody>(
      await app.post('/challenges', { firm: 'F', plan: 'P', price: 100, purchasedAt: '2026-01-01' }, key).expect(201),
    );
    const cost = await app
      .post(`/challenges/${challenge.id}/costs`, { kind: 'activation_fee', amount: 149, currency: 'usd', date: '2026-02-01' }, key)
      .expect(201);
    expect(cost.body).toMatchObject({ kind: 'activation_fee', amount: 149, currency: 'USD', date: '2026-02-01', note: null, fxRate: null });
    expectProblem(
      await app.post(`/challenges/${challenge.id}/costs`, { kind: 'fee', amount: 1, currency: 'USD', date: '2026-02-01' }, key),
      400,
      'validation_failed',
    );
    expectProblem(
      await app.post(`/challenges/${challenge.id}/costs`, { kind: 'addon', amount: 1, currency: 'USD', date: '2026-02-01' }, other),
      404,
      'not_found',
    );
    const payout = json<RestAnswer<'/api/v1/challenges/{challengeId}/payouts', 'post'>>(
      await app
        .post(`/challenges/${challenge.id}/payouts`, { amount: 50, currency: 'USD', date: '2026-02-02', status: 'requested' }, key)
        .expect(201),
    );
    expectProblem(await app.patch(`/payouts/${payout.id}`, { status: 'paid' }, other), 404, 'not_found');
    const denied = await app.patch(`/payouts/${payout.id}`, { status: 'denied', deniedReason: 'news trading' }, key).expect(200);
    expect(denied.body).toMatchObject({ payout: { status: 'denied', deniedReason: 'news trading' }, changed: ['status', 'deniedReason'] });
    const paid = await app.patch(`/payouts/${payout.id}`, { status: 'paid' }, key).expect(200);
    expect(json<RestAnswer<'/api/v1/payouts/{id}', 'patch'>>(paid).payout).toMatchObject({ status: 'paid', deniedReason: null });
    expectProblem(await app.patch(`/payouts/${payout.id}`, { status: 'requested' }, key), 409, 'conflict');
    expectProblem(await app.post('/me/fx-rates', { csv: 'date,base,quote,rate\n2026-13-01,USD,JPY,1' }, key), 400, 'validation_failed');
  });
});
