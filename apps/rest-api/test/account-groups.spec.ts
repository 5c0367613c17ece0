import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { firmDayAt } from '@propfolio/coach';
import { describeEachDatabase } from '@propfolio/db/testing';
import { createChallenge, expectProblem, json, registerAccount, RestTestApp } from './harness.js';

interface Group {
  id: string;
  name: string;
  accounts: { accountId: string; label: string; currency: string; multiplier: number }[];
}

/**
 * Groups of accounts that copy one strategy (issue 42 item 2) over REST: created from the caller's own accounts only,
 * each once, at most 50; the copied trade judged on every account at its multiplier, naming the account that binds.
 */
describeEachDatabase('REST: account groups and the check of a copied trade', (getDb) => {
  let app: RestTestApp;
  beforeAll(async () => {
    app = await RestTestApp.start(getDb());
  });
  afterAll(() => app.close());

  /** An FTMO 2-Step account of `size` whose balance is `balance` since yesterday's report, with equity `equity` now. */
  async function ftmoAccount(size: number, balance: number, key = app.ownerKey, equity = balance): Promise<string> {
    const challenge = await createChallenge(app, { planId: `ftmo-2-step-${size}`, phase: 'Phase 1', purchasedAt: '2026-01-05' }, key);
    const { id } = await registerAccount(app, { challengeId: challenge.id, initialBalance: size }, key);
    const today = firmDayAt(new Date(), { timeZone: 'Europe/Prague', time: '00:00' });
    const yesterday = new Date(Date.parse(`${today.day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const report = { date: yesterday, balance, equity: balance, closedPnl: balance - size };
    expect((await app.post(`/accounts/${id}/reports`, report, key)).status).toBe(200);
    const at = new Date(Math.floor(Math.max(Date.now() - 60_000, Date.parse(today.startUtc) + 1_000) / 1000) * 1000).toISOString();
    expect((await app.post(`/accounts/${id}/snapshots`, { at, balance, equity }, key)).status).toBe(200);
    return id;
  }

  it('creates, lists and updates a group of the caller’s accounts, master first, with multipliers', async () => {
    const master = await ftmoAccount(100000, 101000);
    const copy = await ftmoAccount(200000, 200000);
    const created = await app.post('/account-groups', {
      name: 'London breakout',
      accounts: [
        { accountId: master, multiplier: 1 },
        { accountId: copy, multiplier: 2 },
      ],
    });
    expect(created.status).toBe(201);
    const group = json<Group>(created);
    expect(group.accounts.map((a) => [a.accountId, a.multiplier, a.currency])).toEqual([
      [master, 1, 'USD'],
      [copy, 2, 'USD'],
    ]);
    expect(group.accounts[0]?.label).toMatch(/^FTMO · /);

    const renamed = await app.patch(`/account-groups/${group.id}`, {
      name: 'London breakout v2',
      accounts: [{ accountId: copy, multiplier: 0.5 }],
    });
    expect(renamed.status).toBe(200);
    expect(json<Group>(renamed)).toMatchObject({ name: 'London breakout v2', accounts: [{ accountId: copy, multiplier: 0.5 }] });
    const list = json<{ groups: Group[] }>(await app.get('/account-groups'));
    expect(list.groups.find((g) => g.id === group.id)?.name).toBe('London breakout v2');
    // One name per owner's group.
    expectProblem(
      await app.post('/account-groups', { name: 'London breakout v2', accounts: [{ accountId: master, multiplier: 1 }] }),
      409,
      'conflict',
    );
  });

  it("holds the group's challenges at a firm against its copy-trading limit, each challenge once, FundedNext's $300k from its own page", async () => {
    // Two FundedNext Stellar 2-Step challenges (200k and 150k), the first traded on two terminals: 350,000 > 300,000.
    const big = await createChallenge(app, { planId: 'fundednext-stellar-2-step-200000', phase: 'Phase 1', purchasedAt: '2026-01-05' });
    const other = await createChallenge(app, { planId: 'fundednext-stellar-2-step-100000', phase: 'Phase 1', purchasedAt: '2026-01-06' });
    const first = await registerAccount(app, { challengeId: big.id, initialBalance: 200000 });
    const second = await registerAccount(app, { challengeId: big.id, initialBalance: 200000 });
    const third = await registerAccount(app, { challengeId: other.id, initialBalance: 150000 });
    const created = await app.post('/account-groups', {
      name: `FundedNext copies ${Date.now()}`,
      accounts: [first, second, third].map(({ id }) => ({ accountId: id, multiplier: 1 })),
    });
    expect(created.status).toBe(201);
    const [finding, ...others] = json<{ copyTrading: Record<string, unknown>[] }>(created).copyTrading;
    expect(others).toEqual([]);
    expect(finding).toMatchObject({
      firm: 'FundedNext',
      verdict: 'over',
      challengeIds: [big.id, other.id],
      limit: '300000',
      currency: 'USD',
      sum: '350000',
      source: { kind: 'firm' },
    });
    expect(String(finding?.['message'])).toContain('over the limit');

    // Without the 150k challenge the group holds 200,000: within the limit.
    const group = json<{ id: string }>(created);
    const smaller = await app.patch(`/account-groups/${group.id}`, { accounts: [{ accountId: first.id, multiplier: 1 }] });
    expect(json<{ copyTrading: Record<string, unknown>[] }>(smaller).copyTrading).toMatchObject([
      { verdict: 'within_limit', sum: '200000' },
    ]);
  });

  it('a copied trade: each account’s own check at its multiplier, the group’s largest loss the smallest of them, naming the binding account', async () => {
    // 100k at ×1: daily floor 101,000 − 5,000 = 96,000, equity 101,000: 5,000 of room.
    // 200k at ×2: daily floor 200,000 − 10,000 = 190,000, equity 191,000 (9,000 floating): 1,000 of room, 500 in master terms.
    const master = await ftmoAccount(100000, 101000);
    const copy = await ftmoAccount(200000, 200000, app.ownerKey, 191000);
    const group = json<Group>(
      await app.post('/account-groups', {
        name: `Copy ${Date.now()}`,
        accounts: [
          { accountId: master, multiplier: 1 },
          { accountId: copy, multiplier: 2 },
        ],
      }),
    );
    const check = await app.get(`/account-groups/${group.id}/trade-check?riskAmount=400`);
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ verdict: 'allowed', maxRiskAmount: 500, bindingAccountId: copy, currency: 'USD' });
    const accounts = (check.body as { accounts: { accountId: string; maxRiskAmount: number; check: { riskAmount: number } }[] }).accounts;
    expect(accounts.map((a) => [a.accountId, a.check.riskAmount, a.maxRiskAmount])).toEqual([
      [master, 400, 5000],
      [copy, 800, 500],
    ]);
    // A cent past the binding account's room blocks the copied trade; a 20-pip EURUSD stop at $10 a pip: 2.5 master lots.
    expect((await app.get(`/account-groups/${group.id}/trade-check?riskAmount=500.01`)).body).toMatchObject({ verdict: 'blocked' });
    const volume = await app.get(`/account-groups/${group.id}/trade-check?volume=1&stopDistance=0.002&tickValue=1&tickSize=0.00001`);
    expect(volume.body).toMatchObject({ riskAmount: 200, maxVolume: 2.5 });
    expectProblem(await app.get(`/account-groups/${group.id}/trade-check`), 400, 'validation_failed');
  });

  it('guard levels: each terminal stops on the same master loss, its own share, before its own floor', async () => {
    // 100k at ×1, equity 101,000: 5,000 to its daily floor (96,000), 11,000 to its max floor (90,000).
    // 200k at ×2, equity 191,000: 1,000 to its daily floor (190,000), 11,000 to its max floor (180,000); in master
    // terms 500 and 5,500. The copy binds both: the group stops at a master loss of 500 today and 5,500 in all.
    const master = await ftmoAccount(100000, 101000);
    const copy = await ftmoAccount(200000, 200000, app.ownerKey, 191000);
    const group = json<Group>(
      await app.post('/account-groups', {
        name: `Guard ${Date.now()}`,
        accounts: [
          { accountId: master, multiplier: 1 },
          { accountId: copy, multiplier: 2 },
        ],
      }),
    );
    const guard = await app.get(`/account-groups/${group.id}/guard`);
    expect(guard.status).toBe(200);
    expect(guard.body).toMatchObject({
      groupId: group.id,
      currency: 'USD',
      dailyLoss: { status: 'bounded', masterAmount: 500, bindingAccountId: copy },
      maxLoss: { status: 'bounded', masterAmount: 5500, bindingAccountId: copy },
      riskPerTrade: { status: 'bounded', masterAmount: 500, bindingAccountId: copy },
    });
    const accounts = (
      guard.body as { accounts: { accountId: string; dailyLossGuard: number; maxLossGuard: number; riskPerTrade: number }[] }
    ).accounts;
    expect(accounts.map((a) => [a.accountId, a.dailyLossGuard, a.maxLossGuard, a.riskPerTrade])).toEqual([
      [master, 100500, 95500, 500],
      [copy, 190000, 180000, 1000],
    ]);
  });

  it('refuses another user’s account, an account twice and more than 50, naming the field; another user never sees or checks the group', async () => {
    const mine = await ftmoAccount(100000, 100000);
    const otherKey = await app.newUserKey();
    const theirs = await ftmoAccount(100000, 100000, otherKey);
    const foreign = expectProblem(
      await app.post('/account-groups', {
        name: 'Mixed',
        accounts: [
          { accountId: mine, multiplier: 1 },
          { accountId: theirs, multiplier: 1 },
        ],
      }),
      400,
      'validation_failed',
    );
    expect(foreign.errors).toEqual([expect.objectContaining({ field: 'accounts[1].accountId' })]);
    const twice = expectProblem(
      await app.post('/account-groups', {
        name: 'Twice',
        accounts: [
          { accountId: mine, multiplier: 1 },
          { accountId: mine, multiplier: 2 },
        ],
      }),
      400,
      'validation_failed',
    );
    expect(twice.errors).toEqual([expect.objectContaining({ field: 'accounts[1].accountId' })]);
    const many = Array.from({ length: 51 }, () => ({ accountId: mine, multiplier: 1 }));
    const tooMany = expectProblem(await app.post('/account-groups', { name: 'Many', accounts: many }), 400, 'validation_failed');
    expect(JSON.stringify(tooMany.errors)).toContain('accounts');
    expectProblem(
      await app.post('/account-groups', { name: 'Zero', accounts: [{ accountId: mine, multiplier: 0 }] }),
      400,
      'validation_failed',
    );

    const group = json<Group>(
      await app.post('/account-groups', { name: `Mine ${Date.now()}`, accounts: [{ accountId: mine, multiplier: 1 }] }),
    );
    expectProblem(await app.get(`/account-groups/${group.id}/trade-check?riskAmount=10`, otherKey), 404, 'not_found');
    expectProblem(await app.patch(`/account-groups/${group.id}`, { name: 'Taken' }, otherKey), 404, 'not_found');
    expect(json<{ groups: Group[] }>(await app.get('/account-groups', otherKey)).groups).toEqual([]);
  });
});
