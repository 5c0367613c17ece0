import { expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { AddCostInput, AddMemoInput, AddPayoutInput, CreateChallengeInput, ListChallengesInput, RegisterAccountInput } from '../index.js';
import { createDomainServices } from '../services.js';
import { newCaller, NOW, parse } from '../testing/fixtures.js';
import { countingStatements } from '../testing/statement-counter.js';

describeEachDatabase('get_challenge reads in one statement', (getDb) => {
  it('answers the challenge with its memos, payouts, accounts and ledger from one statement, and 404 from one', async () => {
    const caller = await newCaller(getDb());
    const s = createDomainServices(getDb());
    const create = async (input: object) =>
      s.challenges.create(
        caller,
        await parse(CreateChallengeInput, { firm: 'F', plan: 'P', price: 100.5, purchasedAt: '2026-01-01', ...input }),
        NOW,
      );
    const challenge = await create({});
    const reset = await create({ resetOf: challenge.id, purchasedAt: '2026-02-01' });
    await s.challenges.addMemo(caller, await parse(AddMemoInput, { id: challenge.id, content: 'note' }));
    await s.payouts.add(caller, await parse(AddPayoutInput, { id: challenge.id, amount: 0.1, currency: 'USD', date: '2026-02-01' }), NOW);
    await s.ledger.addCost(
      caller,
      await parse(AddCostInput, { id: challenge.id, kind: 'data_fee', amount: 9.99, currency: 'USD', date: '2026-01-02' }),
      NOW,
    );
    const account = { login: '42', server: 'S', currency: 'usd', initialBalance: 1000, challengeId: challenge.id };
    await s.accounts.register(caller, await parse(RegisterAccountInput, account));

    const { db, statements } = countingStatements(getDb());
    const counted = createDomainServices(db);
    const detail = await counted.challenges.get(caller, { id: challenge.id }, NOW);
    expect(statements()).toBe(1);
    expect(detail).toMatchObject({
      challenge: { id: challenge.id, price: 100.5, purchasedAt: '2026-01-01', daysSincePurchase: 73 },
      memos: [{ content: 'note' }],
      payouts: [{ amount: 0.1, date: '2026-02-01', firm: 'F', plan: 'P' }],
      accounts: [{ login: '42', initialBalance: 1000, pnl: 0, challenge: { id: challenge.id, phase: 'Phase 1' } }],
      costs: [{ amount: 9.99, date: '2026-01-02' }],
      history: [{ date: '2026-01-01', phase: 'Phase 1', status: 'in_progress' }],
      catalogPlan: null,
      resets: [reset.id],
    });

    const stranger = await newCaller(getDb());
    await expect(counted.challenges.get(stranger, { id: challenge.id }, NOW)).rejects.toMatchObject({ code: 'not_found' });
    expect(statements()).toBe(2);
    // The counter sees Prisma's queries too, so a read that went back to them would show here.
    await counted.challenges.list(caller, await parse(ListChallengesInput, {}), NOW);
    expect(statements()).toBe(3);
  });
});
