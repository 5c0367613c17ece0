import { expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { AddCostInput, AddPayoutInput, AnalyticsInput, CreateChallengeInput, UpdateChallengeInput } from '../index.js';
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
    await s.challenges.update(
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
    expect(summary.spent).toEqual([
      { currency: 'EUR', amount: 309.97 },
      { currency: 'USD', amount: 0.3 },
    ]);
    expect(summary.paid).toEqual(summary.spent); // no fees: purchases are all that was spent
    expect(summary.refunded).toEqual([]);
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

  it('nets the full cost, fees, resets and refunds included, exactly as get_analytics does (USD −769.54, not −720.54)', async () => {
    const s = createDomainServices(getDb());
    const caller = await newCaller(getDb());
    const create = async (body: object) => s.challenges.create(caller, await parse(CreateChallengeInput, body), NOW);
    const cost = async (body: object) => s.ledger.addCost(caller, await parse(AddCostInput, body), NOW);
    const a = await create({ firm: 'FTMO', plan: '100k', price: 540, purchasedAt: '2026-01-05' });
    const b = await create({ firm: 'FTMO', plan: '1-Step', price: 89, purchasedAt: '2026-01-10' });
    await s.challenges.update(caller, await parse(UpdateChallengeInput, { id: b.id, status: 'failed', changedAt: '2026-01-20' }), NOW);
    await create({ firm: 'FTMO', plan: '1-Step', price: 79, resetOf: b.id, purchasedAt: '2026-01-21' }); // the reset: a purchase
    // monthly from 2026-01-15, billed 01-15, 02-15 and 03-15 (today): 3 × 54.18 = 162.54
    const d = await create({ firm: 'Topstep', plan: '50k', price: 54.18, billing: 'monthly', purchasedAt: '2026-01-15' });
    await cost({ id: b.id, kind: 'reset_fee', amount: 59, currency: 'USD', date: '2026-01-20' });
    await cost({ id: d.id, kind: 'data_fee', amount: 15, currency: 'USD', date: '2026-02-01' });
    await cost({ id: a.id, kind: 'refund', amount: 25, currency: 'USD', date: '2026-03-01' });
    await s.payouts.add(caller, await parse(AddPayoutInput, { id: a.id, amount: 150, currency: 'USD', date: '2026-03-01' }), NOW);
    await s.payouts.add(
      caller,
      await parse(AddPayoutInput, { id: a.id, amount: 500, currency: 'USD', date: '2026-03-10', status: 'requested' }),
      NOW,
    );
    // A fee in a currency nothing was bought in: spent and net, no purchase.
    await cost({ id: a.id, kind: 'activation_fee', amount: 10, currency: 'EUR', date: '2026-02-01' });

    const summary = await s.summary.get(caller, NOW);
    // purchases 540 + 89 + 79 + 162.54 = 870.54; fees 59 + 15 = 74; spent 944.54
    expect(summary.spent).toEqual([
      { currency: 'EUR', amount: 10 },
      { currency: 'USD', amount: 944.54 },
    ]);
    expect(summary.refunded).toEqual([{ currency: 'USD', amount: 25 }]);
    expect(summary.withdrawn).toEqual([{ currency: 'USD', amount: 150 }]);
    // 150 + 25 − 944.54 = −769.54 (purchases only, the former figure, gave 150 − 870.54 = −720.54)
    expect(summary.net).toEqual([
      { currency: 'EUR', amount: -10 },
      { currency: 'USD', amount: -769.54 },
    ]);
    expect(summary.paid).toEqual([{ currency: 'USD', amount: 870.54 }]);

    const analytics = await s.analytics.get(caller, await parse(AnalyticsInput, {}), NOW);
    for (const flow of ['spent', 'refunded', 'withdrawn', 'net'] as const) {
      const fromAnalytics = analytics.totals.filter((row) => flow === 'net' || row[flow] !== 0);
      expect(summary[flow]).toEqual(fromAnalytics.map((row) => ({ currency: row.currency, amount: row[flow] })));
    }
  });

  it('is all zeros for a new user', async () => {
    const s = createDomainServices(getDb());
    const summary = await s.summary.get(await newCaller(getDb()), NOW);
    expect(summary).toEqual({
      counts: { in_progress: 0, passed: 0, failed: 0, total: 0 },
      spent: [],
      refunded: [],
      withdrawn: [],
      net: [],
      paid: [],
      activeChallenges: [],
    });
  });
});
