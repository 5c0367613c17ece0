import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { closedPosition } from '@propfolio/domain/testing';
import { createChallenge, expectProblem, isoDay, json, registerAccount, RestTestApp } from './harness.js';

const XML = readFileSync(new URL('../../../libs/domain/src/calendar/fixtures/ff_calendar_thisweek.xml', import.meta.url), 'utf8');
/** The XML's NFP (1:30pm GMT on 12-04-2026): FTMO's funded window is 13:28 to 13:32 UTC. */
const NFP = '2026-12-04T13:30:00Z';

interface NewsCheck {
  verdict: string;
  news: {
    verdict: string;
    stage: string | null;
    appliesInStage: boolean;
    penalty: string | null;
    window: { start: string; end: string; release: { title: string } } | null;
  } | null;
}

/**
 * News windows from an imported calendar over REST (issue 39, item 7): FTMO's funded Standard account may not trade an
 * affected symbol from 2 minutes before to 2 minutes after a high-impact release; its Challenge and Verification may.
 */
describeEachDatabase('REST: news windows from the economic calendar', (getDb) => {
  let app: RestTestApp;
  beforeAll(async () => {
    app = await RestTestApp.start(getDb());
  });
  afterAll(() => app.close());

  /** An FTMO 2-Step 100k account in `phase`, with a day reported so that the loss rules are known (the headroom is today's; `at` is the news check's). */
  async function accountOf(phase: string) {
    const challenge = await createChallenge(app, { planId: 'ftmo-2-step-100000', phase, purchasedAt: '2026-01-05' });
    const { id } = await registerAccount(app, { challengeId: challenge.id, initialBalance: 100000 });
    expect((await app.post(`/accounts/${id}/reports`, { date: isoDay(-2), balance: 100000, equity: 100000, closedPnl: 0 })).status).toBe(
      200,
    );
    return { id, challengeId: challenge.id };
  }
  const account = async (phase: string) => (await accountOf(phase)).id;
  const check = async (id: string, symbol: string, at: string) =>
    json<NewsCheck>(await app.get(`/accounts/${id}/trade-check?riskAmount=100&symbol=${symbol}&at=${encodeURIComponent(at)}`));

  it('imports the calendar as an admin only, and refuses a file in neither format with 422 naming the formats', async () => {
    const user = await app.newUserKey();
    expectProblem(await app.post('/calendar/imports', { content: XML }, user), 403, 'forbidden');
    const imported = await app.post('/calendar/imports', { content: XML });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ format: 'forexfactory_xml', events: 4, skipped: 3 });
    const bad = expectProblem(await app.post('/calendar/imports', { content: 'title,date\nNFP,2026-12-04' }), 422, 'calendar_rejected');
    expect(bad.detail).toContain('ForexFactory weekly export as JSON');
    const refused = expectProblem(
      await app.post('/calendar/imports', { url: 'http://nfs.faireconomy.media/ff_calendar_thisweek.xml' }),
      400,
      'validation_failed',
    );
    expect(refused.errors?.[0]?.field).toBe('url');
    // The list is public.
    const listed = await app.get('/calendar/events?from=2026-11-30T00:00:00Z&currency=USD&impact=high', null);
    expect(listed.status).toBe(200);
    expect((listed.body as { items: { at: string }[] }).items.map((e) => e.at)).toEqual([
      '2026-12-01T15:00:00.000Z',
      '2026-12-04T13:30:00.000Z',
    ]);
  });

  it('funded: blocks an affected symbol inside the window with the penalty, allows it outside and allows unaffected symbols', async () => {
    const id = await account('Funded');
    const inside = await check(id, 'EURUSD', '2026-12-04T13:31:00Z');
    expect(inside).toMatchObject({
      verdict: 'blocked',
      news: {
        verdict: 'blocked',
        stage: 'funded',
        appliesInStage: true,
        penalty: 'breach',
        window: { start: '2026-12-04T13:28:00.000Z', end: '2026-12-04T13:32:00.000Z', release: { title: 'Non-Farm Employment Change' } },
      },
    });
    expect(await check(id, 'XAUUSD', '2026-12-04T13:28:00Z')).toMatchObject({ verdict: 'blocked' });
    expect(await check(id, 'EURGBP', NFP)).toMatchObject({ verdict: 'allowed', news: { verdict: 'allowed', window: null } });
    expect(await check(id, 'EURUSD', '2026-12-04T13:33:00Z')).toMatchObject({ verdict: 'allowed', news: { verdict: 'allowed' } });
    // Without a symbol the check is the loss rules' alone.
    expect(json<NewsCheck>(await app.get(`/accounts/${id}/trade-check?riskAmount=100`)).news).toBeNull();
  });

  it('evaluation: the same instant and symbol are allowed, since FTMO restricts news on the funded account only', async () => {
    for (const phase of ['Phase 1', 'Phase 2']) {
      const id = await account(phase);
      expect(await check(id, 'EURUSD', NFP)).toMatchObject({
        verdict: 'allowed',
        news: { verdict: 'allowed', appliesInStage: false, stage: phase === 'Phase 1' ? 'phase1' : 'phase2' },
      });
    }
  });

  it('marks in the journal the trades closed (or opened) inside a window, with the penalty the firm applies', async () => {
    const id = await account('Funded');
    // A past release: 08:30 New York on 2026-11-20 is 13:30 UTC.
    const calendar = JSON.stringify([{ title: 'Journal test CPI', country: 'USD', date: '2026-11-20T08:30:00-05:00', impact: 'High' }]);
    expect((await app.post('/calendar/imports', { content: calendar })).status).toBe(200);
    const positions = [
      closedPosition('801', { symbol: 'EURUSD', openedAt: '2026-11-20T13:00:00Z', closedAt: '2026-11-20T13:31:00Z', profit: 120 }),
      closedPosition('802', { symbol: 'USDJPY', openedAt: '2026-11-20T13:29:00Z', closedAt: '2026-11-20T14:30:00Z', profit: 80 }),
      closedPosition('803', { symbol: 'GBPJPY', openedAt: '2026-11-20T13:00:00Z', closedAt: '2026-11-20T13:31:00Z', profit: 50 }),
      closedPosition('804', { symbol: 'EURUSD', openedAt: '2026-11-20T13:00:00Z', closedAt: '2026-11-20T13:40:00Z', profit: 30 }),
    ];
    expect((await app.post(`/accounts/${id}/positions`, { positions })).status).toBe(200);
    const page = json<{
      items: { position: string; news: { when: string; penalty: string; window: { start: string; release: { title: string } } } | null }[];
    }>(await app.get(`/trades?accountId=${id}`));
    const marks = Object.fromEntries(
      page.items.map((t) => [t.position, t.news && [t.news.when, t.news.penalty, t.news.window.release.title]]),
    );
    expect(marks).toEqual({
      '801': ['close', 'breach', 'Journal test CPI'],
      '802': ['open', 'breach', 'Journal test CPI'],
      '803': null,
      '804': null,
    });
  });

  it('/guard and the headroom list the next windows for the open symbols, so the terminal refuses to open inside them', async () => {
    const { id, challengeId } = await accountOf('Funded');
    // A release an hour ahead of the real clock (the guard reads now), and a position open on USDJPY.
    const at = new Date(Math.ceil((Date.now() + 3_600_000) / 60_000) * 60_000);
    const ny = new Date(at.getTime() - 5 * 3_600_000).toISOString().slice(0, 19);
    const calendar = JSON.stringify([{ title: 'Guard test CPI', country: 'USD', date: `${ny}-05:00`, impact: 'High' }]);
    expect((await app.post('/calendar/imports', { content: calendar })).status).toBe(200);
    const now = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
    const open = { position: '1', symbol: 'USDJPY', side: 'buy', volume: 1, openedAt: now, stopLoss: null, lossAtStop: null };
    expect((await app.post(`/accounts/${id}/snapshots`, { at: now, balance: 100000, equity: 100000, openPositions: [open] })).status).toBe(
      200,
    );
    const guard = json<{
      news: {
        rule: { windowBeforeMinutes: number } | null;
        stage: string;
        windows: { start: string; symbols: string[]; release: { title: string } }[];
      };
    }>(await app.get(`/accounts/${id}/guard`));
    expect(guard.news.rule).toMatchObject({ windowBeforeMinutes: 2, windowAfterMinutes: 2, penalty: 'breach' });
    expect(guard.news.stage).toBe('funded');
    expect(guard.news.windows).toContainEqual(
      expect.objectContaining({
        start: new Date(at.getTime() - 120_000).toISOString(),
        symbols: ['USDJPY'],
        release: expect.objectContaining({ title: 'Guard test CPI' }),
      }),
    );
    // get_headroom lists the same windows per account.
    const headroom = json<{
      accounts: { account: { id: string }; news: { stage: string; windows: { symbols: string[]; release: { title: string } }[] } }[];
    }>(await app.get(`/challenges/${challengeId}/headroom`));
    const item = headroom.accounts.find((a) => a.account.id === id);
    expect(item?.news.stage).toBe('funded');
    expect(item?.news.windows).toContainEqual(
      expect.objectContaining({ symbols: ['USDJPY'], release: expect.objectContaining({ title: 'Guard test CPI' }) }),
    );
  });
});

describe('news windows fixture', () => {
  it('is the calendar context’s own', () => {
    expect(XML).toContain('<weeklyevents>');
  });
});
