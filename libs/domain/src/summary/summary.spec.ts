import { expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { AddPayoutInput, CreateChallengeInput, UpdateChallengeInput } from '../contracts/index.js';
import { createDomainServices } from '../services.js';
import { newCaller, NOW, parse } from '../testing/fixtures.js';

describeEachDatabase('summary', (getDb) => {
  it('adds money exactly, counts monthly fees per billed month and nets per currency', async () => {
    const s = createDomainServices(getDb());
    const caller = await newCaller(getDb());
    const create = async (body: object) => s.challenges.create(caller, await parse(CreateChallengeInput, body), NOW);
    const a = await create({ firm: 'A', plan: '10k', price: 0.1, purchasedAt: '2026-01-10' });
    await create({ firm: 'B', plan: '10k', price: 0.2, purchasedAt: '2026-01-11' });
    // monthly from 2026-01-15 to today (2026-03-15): 3 months × 99.99
    await create({ firm: 'C', plan: '50k', price: 99.99, currency: 'eur', billing: 'monthly', purchasedAt: '2026-01-15' });
    // monthly ended on 2026-02-14: 1 month
    const ended = await create({ firm: 'D', plan: '50k', price: 10, currency: 'EUR', billing: 'monthly', purchasedAt: '2026-01-15' });
    await s.challengeUpdates.update(
      caller,
      await parse(UpdateChallengeInput, { id: ended.id, monthlyEndedAt: '2026-02-14', status: 'failed' }),
      NOW,
    );
    for (const amount of [0.1, 0.2]) {
      await s.payouts.add(caller, await parse(AddPayoutInput, { id: a.id, amount, currency: 'usd', date: '2026-03-01' }), NOW);
    }
    const other = await newCaller(getDb());
    await s.challenges.create(other, await parse(CreateChallengeInput, { firm: 'X', plan: 'Y', price: 1000 }), NOW);

    const summary = await s.summary.get(caller, NOW);
    expect(summary.counts).toEqual({ in_progress: 3, passed: 0, failed: 1, total: 4 });
    expect(summary.paid).toEqual([
      { currency: 'EUR', amount: 309.97 },
      { currency: 'USD', amount: 0.3 },
    ]);
    expect(summary.withdrawn).toEqual([{ currency: 'USD', amount: 0.3 }]);
    expect(summary.net).toEqual([
      { currency: 'EUR', amount: -309.97 },
      { currency: 'USD', amount: 0 },
    ]);
    expect(summary.activeChallenges.map((c) => [c.firm, c.daysSincePurchase])).toEqual([
      ['A', 64],
      ['B', 63],
      ['C', 59],
    ]);
  });

  it('is all zeros for a new user', async () => {
    const s = createDomainServices(getDb());
    const summary = await s.summary.get(await newCaller(getDb()), NOW);
    expect(summary).toEqual({
      counts: { in_progress: 0, passed: 0, failed: 0, total: 0 },
      paid: [],
      withdrawn: [],
      net: [],
      activeChallenges: [],
    });
  });
});
