import 'reflect-metadata';
import { expect, it } from '@jest/globals';
import { parseInput, type Logger, type OperationContext } from '@propfolio/core';
import { describeEachDatabase } from '@propfolio/db/testing';
import { createDomainServices } from '../services.js';
import { enterDataset, expectedAnalytics, seedRefundPlan } from '@propfolio/domain/testing';
import { privateOperations } from '../operations.js';

const NOW = new Date('2026-03-15T12:00:00.000Z');

describeEachDatabase('get_summary and get_analytics', (getDb) => {
  it('answer the same spent, refunded, withdrawn and net for the known data set (fees, a reset fee, a refund)', async () => {
    await seedRefundPlan(getDb());
    const db = getDb();
    const ops = privateOperations(createDomainServices(db));
    const user = await db.prisma.user.create({ data: { name: `summary-${Math.random()}` } });
    const context: OperationContext = {
      caller: { userId: user.id, userName: user.name, credentialId: 'key:k', scope: 'full' },
      logger: {} as Logger,
      now: NOW,
    };
    const run = async (operation: string, input: Record<string, unknown>) => {
      const op = ops.find((o) => o.name === operation);
      if (!op) throw new Error(operation);
      return (await op.run(context, await parseInput(op.input, input))) as Record<string, unknown>;
    };
    const ids = await enterDataset(run);
    const summary = await run('get_summary', {});
    const { totals } = expectedAnalytics(ids);
    expect(await run('get_analytics', {})).toMatchObject({ totals });
    // EUR: 0 + 400 − 540 = −140 (purchases only said −540); JPY: −(15000 + 5000 reset fee), not −15000;
    // USD: 1000 − (300 + 99 + 49 + 49 + 10 data fee) = 493, not 503.
    expect(summary.net).toEqual(totals.map((t) => ({ currency: t.currency, amount: t.net })));
    expect(summary.net).toEqual([
      { currency: 'EUR', amount: -140 },
      { currency: 'JPY', amount: -20000 },
      { currency: 'USD', amount: 493 },
    ]);
    expect(summary.spent).toEqual(totals.map((t) => ({ currency: t.currency, amount: t.spent })));
    expect(summary.refunded).toEqual([{ currency: 'EUR', amount: 400 }]);
    expect(summary.withdrawn).toEqual([{ currency: 'USD', amount: 1000 }]);
    expect(summary.paid).toEqual([
      { currency: 'EUR', amount: 540 },
      { currency: 'JPY', amount: 15000 },
      { currency: 'USD', amount: 497 },
    ]);
  });
});
