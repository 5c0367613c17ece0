import { expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { CreateChallengeInput, PushPositionsInput, RegisterAccountInput } from '../index.js';
import { createDomainServices } from '../services.js';
import { newCaller, parse } from '../testing/fixtures.js';
import { closedPosition } from '../trades/trade-fixtures.js';
import { CoachRepository } from './coach.repository.js';

describeEachDatabase('the coach repository: the facts headroom is computed from', (getDb) => {
  const now = new Date('2026-03-10T12:00:00Z');

  async function challengeWithAccount() {
    const services = createDomainServices(getDb());
    const caller = await newCaller(getDb());
    const challenge = await services.challenges.create(
      caller,
      await parse(CreateChallengeInput, { firm: 'F', plan: 'P', price: 100, purchasedAt: '2026-03-01' }),
      now,
    );
    const account = await services.accounts.register(
      caller,
      await parse(RegisterAccountInput, {
        login: `${Math.floor(Math.random() * 1e9)}`,
        server: 'Broker',
        currency: 'USD',
        initialBalance: 10000,
        challengeId: challenge.id,
      }),
    );
    return { services, caller, challenge, account };
  }

  it('reads each trade with its fields by name, newest close first, the closed parts with it', async () => {
    const { services, caller, challenge, account } = await challengeWithAccount();
    await services.trades.push(
      caller,
      await parse(PushPositionsInput, {
        id: account.id,
        positions: [
          closedPosition('11', { symbol: 'EURUSD', openedAt: '2026-03-02T08:00:00Z', closedAt: '2026-03-02T09:00:00Z', profit: 12.5 }),
          closedPosition('12', {
            symbol: 'XAUUSD',
            side: 'sell',
            volume: 0.25,
            openedAt: '2026-03-03T08:00:00Z',
            closedAt: '2026-03-03T10:00:00Z',
            profit: -40,
            exits: [{ at: '2026-03-03T09:00:00Z', volume: 0.1, price: 2000, profit: -10 }],
          }),
          closedPosition('13', { symbol: 'US30', openedAt: '2026-03-04T08:00:00Z', closedAt: '2026-03-04T08:30:00Z', profit: 5 }),
        ],
      }),
    );
    const facts = await new CoachRepository(getDb()).challengeHeadroomFacts(caller.userId, challenge.id);
    const [only] = facts?.accounts ?? [];
    expect(only?.id).toBe(account.id);
    expect(only?.trades?.map((t) => [t.position, t.symbol, t.side])).toEqual([
      ['13', 'US30', 'buy'],
      ['12', 'XAUUSD', 'sell'],
      ['11', 'EURUSD', 'buy'],
    ]);
    const sold = only?.trades?.find((t) => t.position === '12');
    expect(sold).toMatchObject({ volume: '0.25000000', openedAt: '2026-03-03T08:00:00.000Z', closedAt: '2026-03-03T10:00:00.000Z' });
    expect(sold?.exits).toEqual([expect.objectContaining({ at: '2026-03-03T09:00:00.000Z', profit: -10 })]);
    expect(only?.opened).toHaveLength(3);

    // The alerts' read of the same account gives the same facts.
    const byAccount = await new CoachRepository(getDb()).headroomFacts([account.id]);
    expect(byAccount.get(account.id)?.accounts).toEqual(facts?.accounts);
  });

  it('tells an account without trades (unknown) from one whose trades all closed before the purchase (none)', async () => {
    const { services, caller, challenge, account } = await challengeWithAccount();
    const repository = new CoachRepository(getDb());
    const before = await repository.challengeHeadroomFacts(caller.userId, challenge.id);
    expect(before?.accounts[0]).toMatchObject({ trades: null, opened: null });

    await services.trades.push(
      caller,
      await parse(PushPositionsInput, {
        id: account.id,
        positions: [closedPosition('21', { openedAt: '2026-02-20T08:00:00Z', closedAt: '2026-02-20T09:00:00Z' })],
      }),
    );
    const after = await repository.challengeHeadroomFacts(caller.userId, challenge.id);
    expect(after?.accounts[0]).toMatchObject({ trades: [], opened: [] });
  });

  it("reads another owner's challenge as none", async () => {
    const { challenge } = await challengeWithAccount();
    const stranger = await newCaller(getDb());
    expect(await new CoachRepository(getDb()).challengeHeadroomFacts(stranger.userId, challenge.id)).toBeNull();
  });
});
