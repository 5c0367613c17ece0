import { expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { call, connectClient, errorCode, oneUserSuite, problemOf } from './harness.js';

const FTMO = 'ftmo-2-step-100000';
const LITE = 'fundednext-stellar-lite-100000';
const FIRST = '2026-03-02';
const dayOf = (i: number) => new Date(Date.parse(`${FIRST}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
/** The REST suite's history (apps/rest-api/test/plan-fit.spec.ts): +3 % a day, a 4.5 % dip on day 3. */
const HISTORY = {
  initialBalance: 100_000,
  days: Array.from({ length: 20 }, (_, i) => ({ day: dayOf(i), closedPnl: 3000, lowestEquity: i === 2 ? 101_500 : null })),
};
const INPUT = { history: HISTORY, planIds: [FTMO, LITE], from: FIRST, to: dayOf(2), outcomesOf: LITE };

describeEachDatabase('MCP plan fit tools', (getDb) => {
  const suite = oneUserSuite(getDb, 'planfit');

  it('replay_plans answers as the operation REST runs, with and without a key', async () => {
    const op = suite.server.context.operations.find((o) => o.name === 'replay_plans');
    if (!op) throw new Error('replay_plans is not registered');
    const direct = await op.run({ caller: null, logger: suite.server.context.logger, now: new Date() }, INPUT);
    const anonymous = await connectClient(suite.server.url);
    try {
      const tools = await anonymous.listTools();
      expect(tools.tools.map((t) => t.name)).toContain('replay_plans');
      const withoutKey = await call(anonymous, 'replay_plans', INPUT);
      expect(withoutKey.isError).toBeFalsy();
      expect(withoutKey.structuredContent).toEqual(direct);
    } finally {
      await anonymous.close();
    }
    const withKey = await call(suite.client, 'replay_plans', INPUT);
    expect(withKey.structuredContent).toEqual(direct);
    expect(withKey.structuredContent).toMatchObject({
      plans: [
        { planId: FTMO, rank: 1, passShare: 1, medianDaysToPass: 8 },
        { planId: LITE, rank: 2, passShare: 0, mostFrequentBreach: { rule: 'dailyLoss', count: 3 } },
      ],
    });
  });

  it('refuses with REST’s codes and fields: a range outside the history, a stranger’s account', async () => {
    const outside = await call(suite.client, 'replay_plans', { history: HISTORY, from: '2026-01-01' });
    expect(problemOf(outside)).toMatchObject({ status: 400, code: 'validation_failed', errors: [{ field: 'from' }] });
    const stranger = await call(suite.client, 'replay_plans', { accountId: '00000000-0000-4000-8000-000000000000' });
    expect(errorCode(stranger)).toBe('not_found');
  });

  it('fit_plans answers as the operation REST runs, and refuses with REST’s codes: too costly, an empty filter', async () => {
    const input = {
      dailyPnlPercent: [1.4, -0.9, 0.6, -1.8, 2.1, 0.3, -0.5, 1.0, -2.6, 0.8],
      firms: ['ftmo', 'fundednext'],
      accountSizes: [100_000],
      paths: 500,
    };
    const op = suite.server.context.operations.find((o) => o.name === 'fit_plans');
    if (!op) throw new Error('fit_plans is not registered');
    const direct = await op.run({ caller: null, logger: suite.server.context.logger, now: new Date() }, input);
    const viaMcp = await call(suite.client, 'fit_plans', input);
    expect(viaMcp.isError).toBeFalsy();
    expect(viaMcp.structuredContent).toEqual(direct);
    expect(viaMcp.structuredContent).toMatchObject({ paths: 500, source: 'supplied' });
    const costly = await call(suite.client, 'fit_plans', { ...input, firms: undefined, accountSizes: undefined, paths: 100_000 });
    expect(problemOf(costly)).toMatchObject({ status: 422, code: 'too_costly' });
    const empty = await call(suite.client, 'fit_plans', { ...input, accountSizes: undefined, firms: ['no-such-firm'] });
    expect(problemOf(empty)).toMatchObject({ status: 400, code: 'validation_failed', errors: [{ field: 'firms' }] });
  });
});
