import { expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { AccountSnapshotInput, CreateChallengeInput, RegisterAccountInput } from '../index.js';
import { createDomainServices } from '../services.js';
import { newCaller, parse } from '../testing/fixtures.js';

describeEachDatabase('trash: what a deletion takes, a restore brings back', (getDb) => {
  const services = () => createDomainServices(getDb());
  const now = new Date('2026-05-04T12:00:00Z');

  it('keeps an account’s intraday equity through delete and restore, alone or with its challenge', async () => {
    const caller = await newCaller(getDb());
    const challenge = await services().challenges.create(
      caller,
      await parse(CreateChallengeInput, { firm: 'FTMO', plan: '100k', purchasedAt: '2026-05-01', price: 540 }),
      now,
    );
    const account = await services().accounts.register(
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
      await services().snapshots.push(caller, await parse(AccountSnapshotInput, { id: account.id, at, balance: 100000, equity }), now);
    const rows = () => getDb().prisma.intradayEquity.findMany({ where: { accountId: account.id }, orderBy: { day: 'asc' } });
    const before = await rows();
    expect(before).toHaveLength(1);
    expect(before[0]?.minEquity.toFixed()).toBe('99500.25');

    const alone = await services().trash.deleteAccount(caller, account.id, now);
    expect(await rows()).toEqual([]);
    await services().trash.restore(caller, alone.id, now);
    expect(await rows()).toEqual(before);

    const withChallenge = await services().trash.deleteChallenge(caller, challenge.id, now);
    expect(await rows()).toEqual([]);
    await services().trash.restore(caller, withChallenge.id, now);
    expect(await rows()).toEqual(before);
  });
});
