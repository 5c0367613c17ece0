import { expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { AccountSnapshotInput, CreateChallengeInput, PushPositionsInput, RegisterAccountInput, UpdateTradeInput } from '../index.js';
import { createDomainServices } from '../services.js';
import { newCaller, parse } from '../testing/fixtures.js';
import { closedPosition } from '../trades/trade-fixtures.js';

describeEachDatabase('trash: what a deletion takes, a restore brings back', (getDb) => {
  const services = () => createDomainServices(getDb());
  const now = new Date('2026-05-04T12:00:00Z');

  it('keeps an account’s intraday equity through delete and restore, alone or with its challenge', async () => {
    const caller = await newCaller(getDb());
    // One services set, so the test can wait for the alert evaluation that marks each snapshot's row evaluated.
    const s = services();
    const challenge = await s.challenges.create(
      caller,
      await parse(CreateChallengeInput, { firm: 'FTMO', plan: '100k', purchasedAt: '2026-05-01', price: 540 }),
      now,
    );
    const account = await s.accounts.register(
      caller,
      await parse(RegisterAccountInput, {
        login: `${Date.now() % 1e9}`,
        server: 'Broker',
        currency: 'USD',
        initialBalance: 100000,
        challengeId: challenge.id,
      }),
    );
    for (const [at, equity] of [
      ['2026-05-04T08:00:00Z', 99500.25],
      ['2026-05-04T10:00:00Z', 100400.5],
    ] as const)
      await s.snapshots.push(caller, await parse(AccountSnapshotInput, { id: account.id, at, balance: 100000, equity }), now);
    await s.alerts.idle();
    const rows = () => getDb().prisma.intradayEquity.findMany({ where: { accountId: account.id }, orderBy: { day: 'asc' } });
    const before = await rows();
    expect(before).toHaveLength(1);
    expect(before[0]?.minEquity.toFixed()).toBe('99500.25');

    expect(before[0]?.evaluatedAt).not.toBeNull();

    const alone = await s.trash.deleteAccount(caller, account.id, now);
    expect(await rows()).toEqual([]);
    await s.trash.restore(caller, alone.id, now);
    expect(await rows()).toEqual(before);

    const withChallenge = await s.trash.deleteChallenge(caller, challenge.id, now);
    expect(await rows()).toEqual([]);
    await s.trash.restore(caller, withChallenge.id, now);
    expect(await rows()).toEqual(before);
  });

  it('keeps an account’s trades, with their tags and notes, through delete and restore, alone or with its challenge; purge removes them', async () => {
    const caller = await newCaller(getDb());
    const challenge = await services().challenges.create(
      caller,
      await parse(CreateChallengeInput, { firm: 'FTMO', plan: '100k', purchasedAt: '2026-05-01', price: 540 }),
      now,
    );
    const account = await services().accounts.register(
      caller,
      await parse(RegisterAccountInput, {
        login: `${(Date.now() + 7) % 1e9}`,
        server: 'Broker',
        currency: 'USD',
        initialBalance: 100000,
        challengeId: challenge.id,
      }),
    );
    const positions = Array.from({ length: 1_000 }, (_, i) =>
      closedPosition(String(i + 1), { profit: i % 3 === 0 ? -12.3456 : 45.6789, exits: [] }),
    );
    await services().trades.push(caller, await parse(PushPositionsInput, { id: account.id, positions }));
    const [tagged] = await getDb().prisma.trade.findMany({ where: { accountId: account.id, position: '7' } });
    await services().trades.update(
      caller,
      await parse(UpdateTradeInput, {
        id: tagged?.id,
        tags: ['breakout', 'London'],
        note: '入りが早すぎた / entered early',
        plannedRisk: 50,
      }),
    );
    const trades = () => getDb().prisma.trade.findMany({ where: { accountId: account.id }, orderBy: { id: 'asc' } });
    const trashed = () => getDb().prisma.trashedTrade.count({ where: { accountId: account.id } });
    const before = await trades();
    expect(before).toHaveLength(1_000);
    expect(before.find((t) => t.position === '7')).toMatchObject({ tags: ['breakout', 'London'], note: '入りが早すぎた / entered early' });

    const alone = await services().trash.deleteAccount(caller, account.id, now);
    expect(await trades()).toEqual([]);
    expect(await trashed()).toBe(1_000);
    await services().trash.restore(caller, alone.id, now);
    expect(await trades()).toEqual(before);
    expect(await trashed()).toBe(0);

    const withChallenge = await services().trash.deleteChallenge(caller, challenge.id, now);
    expect(await trades()).toEqual([]);
    await services().trash.restore(caller, withChallenge.id, now);
    expect(await trades()).toEqual(before);

    // Deleted again and left past its retention: the purge takes the trades with the entry.
    await services().trash.deleteAccount(caller, account.id, now);
    expect(await trashed()).toBe(1_000);
    expect(await services().trash.purgeExpired(new Date(now.getTime() + 400 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect(await trashed()).toBe(0);
    expect(await trades()).toEqual([]);
  });
});
