import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RestTestApp, createChallenge, registerAccount } from '@propfolio/rest-api/testing';
import { openChaosDatabase, report, type ChaosDatabase } from './support.js';

/** Issue 14 items 2 and 3 over HTTP: the invariants under concurrent requests, many trials each. */
describe('races over REST', () => {
  let chaos: ChaosDatabase;
  let app: RestTestApp;
  beforeAll(async () => {
    chaos = await openChaosDatabase();
    app = await RestTestApp.start(chaos.db);
  });
  afterAll(async () => {
    await app.close();
    await chaos.close();
  });

  it('register x5 racing PATCH status=failed: no active account on a failed challenge (20 trials)', async () => {
    let active = 0;
    for (let trial = 0; trial < 20; trial++) {
      const challenge = await createChallenge(app);
      const registrations = Array.from({ length: 5 }, (_, i) =>
        app.post('/accounts', {
          login: `race-${trial}-${i}-${Date.now()}`,
          server: 'S',
          currency: 'USD',
          initialBalance: 1000,
          challengeId: challenge.id,
        }),
      );
      const statuses = (await Promise.all([...registrations, app.patch(`/challenges/${challenge.id}`, { status: 'failed' })])).map(
        (r) => r.status,
      );
      expect(statuses.every((s) => s === 201 || s === 200 || s === 409)).toBe(true);
      const { items: accounts } = (await app.get('/accounts?limit=200').expect(200)).body as {
        items: { archived: boolean; challenge: { id: string } | null }[];
      };
      active += accounts.filter((a) => a.challenge?.id === challenge.id && !a.archived).length;
    }
    report('register vs breach', { trials: 20, activeOnFailed: active });
    expect(active).toBe(0);
  });

  it('reports for adjacent days at once: the account keeps the latest day (30 trials)', async () => {
    let wentBack = 0;
    for (let trial = 0; trial < 30; trial++) {
      const account = await registerAccount(app);
      await Promise.all([
        app.post(`/accounts/${account.id}/reports`, { date: '2026-03-13', balance: 900, equity: 900, closedPnl: -100 }),
        app.post(`/accounts/${account.id}/reports`, { date: '2026-03-14', balance: 1100, equity: 1100, closedPnl: 100 }),
      ]);
      const stored = await chaos.db.prisma.eaAccount.findUniqueOrThrow({ where: { id: account.id } });
      if (stored.lastReportOn?.toISOString().slice(0, 10) !== '2026-03-14' || !stored.balance.eq(1100)) wentBack += 1;
    }
    report('adjacent-day reports', { trials: 30, wentBack });
    expect(wentBack).toBe(0);
  });

  it('the same day pushed 3 times at once answers "created" once (20 trials)', async () => {
    let extraCreated = 0;
    for (let trial = 0; trial < 20; trial++) {
      const account = await registerAccount(app);
      const day = { date: '2026-03-14', balance: 1010, equity: 1010, closedPnl: 10 };
      const answers = await Promise.all([1, 2, 3].map(() => app.post(`/accounts/${account.id}/reports`, day)));
      extraCreated += answers.filter((r) => (r.body as { outcome: string }).outcome === 'created').length - 1;
    }
    report('same-day pushes', { trials: 20, extraCreated });
    expect(extraCreated).toBe(0);
  });
});
