import { readFileSync } from 'node:fs';
import { expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { call, oneUserSuite } from './harness.js';

const XML = readFileSync(new URL('../../../libs/domain/src/calendar/fixtures/ff_calendar_thisweek.xml', import.meta.url), 'utf8');

/** The REST suite's news windows over MCP: the operator imports the calendar, an agent lists it and checks a trade at a release. */
describeEachDatabase('MCP: news windows from the economic calendar', (getDb) => {
  const suite = oneUserSuite(getDb, 'news');
  const { tracker } = suite;

  async function account(phase: string) {
    const challenge = await call(suite.client, 'create_challenge', {
      firm: 'FTMO',
      plan: '2-Step 100k',
      planId: 'ftmo-2-step-100000',
      phase,
      price: 540,
      currency: 'EUR',
      purchasedAt: '2026-01-05',
    });
    const challengeId = (challenge.structuredContent as { id: string }).id;
    const created = await tracker('register_account', {
      login: `72${phase.length}${Math.floor(Math.random() * 1e6)}`,
      server: 'FTMO-Demo',
      currency: 'USD',
      initialBalance: 100000,
      challengeId,
    });
    const id = created['id'] as string;
    const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    await tracker('push_account_report', { id, date: yesterday, balance: 100000, equity: 100000, closedPnl: 0 });
    return id;
  }

  it('the calendar is no MCP tool (import is an operator’s REST action; agents get windows from check_trade)', async () => {
    const names = (await suite.client.listTools()).tools.map((t) => t.name);
    expect(names).not.toContain('import_calendar');
    // REST only: tools/list has a byte budget, and check_trade's `news` and get_headroom carry the windows that matter.
    expect(names).not.toContain('list_calendar_events');
    await expect(tracker('import_calendar', { content: XML })).rejects.toMatchObject({ code: 'forbidden' });
    await suite.server.context.db.prisma.user.update({ where: { id: suite.caller.userId }, data: { admin: true } });
    expect(await tracker('import_calendar', { content: XML })).toMatchObject({ format: 'forexfactory_xml', events: 4, skipped: 3 });
  });

  it('check_trade inside the NFP window: blocked on the funded account, allowed in phase 1 and for EURGBP', async () => {
    const funded = await account('Funded');
    const inside = await call(suite.client, 'check_trade', { id: funded, riskAmount: 100, symbol: 'USDJPY', at: '2026-12-04T13:29:30Z' });
    expect(inside.structuredContent).toMatchObject({
      verdict: 'blocked',
      news: { verdict: 'blocked', penalty: 'breach', stage: 'funded' },
    });
    const other = await call(suite.client, 'check_trade', { id: funded, riskAmount: 100, symbol: 'EURGBP', at: '2026-12-04T13:29:30Z' });
    expect(other.structuredContent).toMatchObject({ verdict: 'allowed', news: { verdict: 'allowed' } });
    const evaluation = await account('Phase 1');
    const phase1 = await call(suite.client, 'check_trade', {
      id: evaluation,
      riskAmount: 100,
      symbol: 'USDJPY',
      at: '2026-12-04T13:29:30Z',
    });
    expect(phase1.structuredContent).toMatchObject({
      verdict: 'allowed',
      news: { verdict: 'allowed', appliesInStage: false, stage: 'phase1' },
    });
  });
});
