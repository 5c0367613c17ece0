import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { createChallenge, expectProblem, json, registerAccount, RestTestApp } from './harness.js';

/** GET /me/today's rows as this spec reads them (the generated types follow once the OpenAPI document is regenerated). */
interface TodayBody {
  accounts: { accountId: string; label: string; currency: string; status: string; equity: string | null; ageMinutes: number | null }[];
}

describeEachDatabase('REST GET /me/today', (getDb) => {
  let app: RestTestApp;
  beforeAll(async () => {
    app = await RestTestApp.start(getDb());
  });
  afterAll(() => app.close());

  it("answers the caller's accounts only, each in its own currency; bad input is a 400 naming the field; no key a 401", async () => {
    const mine = await app.newUserKey();
    const theirs = await app.newUserKey();
    const challenge = await createChallenge(app, { purchasedAt: '2026-01-05' }, mine);
    const account = await registerAccount(app, { challengeId: challenge.id, currency: 'jpy', initialBalance: 5000000, name: 'Yen' }, mine);
    const at = new Date(Date.now() - 60_000).toISOString();
    await app.post(`/accounts/${account.id}/snapshots`, { at, balance: 5000000, equity: 4987654 }, mine).expect(200);
    await registerAccount(app, { name: 'Other' }, theirs);

    const body = json<TodayBody>(await app.get('/me/today', mine).expect(200));
    expect(body.accounts).toEqual([
      expect.objectContaining({ accountId: account.id, label: 'Yen', currency: 'JPY', status: 'ok', equity: '4987654', ageMinutes: 1 }),
    ]);
    expect(json<TodayBody>(await app.get('/me/today', theirs).expect(200)).accounts.map((a) => a.label)).toEqual(['Other']);

    const problem = expectProblem(await app.get('/me/today?staleAfterMinutes=0', mine), 400, 'validation_failed');
    expect(problem.errors?.map((e) => e.field)).toEqual(['staleAfterMinutes']);
    expectProblem(await app.get('/me/today', null), 401, 'unauthorized');
  });
});
