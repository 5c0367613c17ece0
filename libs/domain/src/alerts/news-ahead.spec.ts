import { expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import type { Caller } from '@propfolio/core';
import type { Database } from '@propfolio/db';
import { createDomainServices, type DomainServices } from '../services.js';
import { ImportCalendarInput } from '../calendar/calendar.inputs.js';
import { newCaller, parse } from '../testing/fixtures.js';
import type { PlanRulesSource } from '../coach/challenge-rules.js';
import type { AlertEvent } from './alert-events.js';
import { alertMessage } from './alert-message.js';

/** A USD high-impact release of its own (no other spec's calendar uses this minute): 13:30 UTC, 14:30 in Prague. */
const RELEASE_AT = '2027-03-05T13:30:00.000Z';
const CALENDAR = JSON.stringify([
  { title: 'Core CPI m/m', country: 'USD', date: '2027-03-05T08:30:00-05:00', impact: 'High', forecast: '', previous: '' },
]);
/** FTMO's 2-Step as far as this alert reads it: its losses by Prague's day, and news restricted on the funded account only. */
const PLAN_ID = 'news-ahead-test-ftmo-2-step';
const RULES = {
  profitTargetsPercent: [10, 5],
  dailyLoss: { percent: 5, amountOf: 'initial_balance', basis: 'initial_balance', rollover: { timeZone: 'Europe/Prague', time: '00:00' } },
  maxLoss: { percent: 10, type: 'static' },
  news: {
    windowBeforeMinutes: 2,
    windowAfterMinutes: 2,
    stages: ['funded'],
    impacts: ['high'],
    instruments: { byCurrency: true, symbols: [] },
    penalty: 'breach',
  },
};
/** The catalog as the operation layer hands it to the domain, with this one plan. */
const PLANS: PlanRulesSource = {
  planRulesOn: (planId) =>
    Promise.resolve({
      planId,
      firm: 'News Ahead Test',
      program: '2-Step',
      phases: 2,
      accountSize: 100000,
      currency: 'EUR',
      price: 540,
      rules: RULES as never,
      checkedOn: '2026-11-29',
      lastCheckedOn: '2026-11-29',
      stale: false,
      inForceOnDate: true,
    }),
};
/** The plan row a challenge's planId must name. */
async function seedPlan(db: Database): Promise<void> {
  await db.prisma.firm.upsert({
    where: { slug: 'news-ahead-test' },
    create: { slug: 'news-ahead-test', name: 'News Ahead Test', aliases: [] },
    update: {},
  });
  const plan = {
    firmSlug: 'news-ahead-test',
    program: '2-Step',
    phases: 2,
    currency: 'EUR',
    billing: 'one_time' as const,
    rules: RULES,
    checkedOn: new Date('2026-11-29T00:00:00Z'),
    sourceUrl: 'https://example.com/plan',
    contentHash: 'test',
  };
  await db.prisma.plan.upsert({ where: { id: PLAN_ID }, create: { id: PLAN_ID, ...plan }, update: {} });
}

/** Ten minutes before the release: FTMO's window (two minutes before it) starts in eight. */
const NOW = new Date(Date.parse(RELEASE_AT) - 10 * 60_000);

describeEachDatabase('news window ahead alert (news_ahead)', (getDb) => {
  let services: DomainServices | undefined;
  const sent: AlertEvent[] = [];
  const domain = () => {
    if (services) return services;
    services = createDomainServices(getDb(), { planRules: PLANS });
    services.alerts.clock = () => NOW;
    services.alerts.useSink((events) => {
      sent.push(...events);
      return Promise.resolve();
    });
    return services;
  };

  /** An FTMO-like 2-Step challenge in `phase` with a 15-minute news rule, its account, and the release imported. */
  async function account(caller: Caller, phase: string) {
    const s = domain();
    await seedPlan(getDb());
    const admin = await newCaller(getDb());
    await getDb().prisma.user.update({ where: { id: admin.userId }, data: { admin: true } });
    await s.calendar.importCalendar(admin, await parse(ImportCalendarInput, { content: CALENDAR }));
    const challenge = await s.challenges.create(caller, {
      firm: 'FTMO',
      plan: '2-Step 100k',
      price: 540,
      currency: 'EUR',
      purchasedAt: '2026-11-01',
      planId: PLAN_ID,
      phase,
    });
    await s.alerts.setRules(caller, { id: challenge.id, rules: [{ rule: 'news_ahead', threshold: 15 }] } as never);
    const registered = await s.accounts.register(caller, {
      login: String(Math.floor(Math.random() * 1e9)),
      server: 'FTMO-Demo',
      currency: 'USD',
      initialBalance: 100000,
      challengeId: challenge.id,
    });
    return registered.id;
  }

  const push = async (caller: Caller, id: string, symbols: string[]) => {
    const s = domain();
    const openPositions = symbols.map((symbol, i) => ({
      position: String(i + 1),
      symbol,
      side: 'buy',
      volume: 1,
      openedAt: '2027-03-05T12:00:00Z',
    }));
    await s.snapshots.push(caller, { id, at: NOW.toISOString(), balance: 100000, equity: 100050, openPositions } as never, NOW);
    await s.alerts.idle();
  };
  const mine = (id: string) => sent.filter((e) => e.accountId === id);

  it('a funded account with EURUSD open 10 minutes before a USD release hears of it once, in its language', async () => {
    const caller = await newCaller(getDb());
    const id = await account(caller, 'Funded');
    await push(caller, id, ['EURUSD', 'EURGBP']);
    await push(caller, id, ['EURUSD', 'EURGBP']);
    const events = mine(id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      rule: 'news_ahead',
      threshold: 15,
      language: 'ja',
      news: {
        at: RELEASE_AT,
        symbols: ['EURUSD'],
        penalty: 'breach',
        firmTimeZone: 'Europe/Prague',
        releases: [{ title: 'Core CPI m/m', currency: 'USD' }],
      },
    });
    const ja = alertMessage(events[0]!).text;
    expect(ja).toContain('Core CPI m/m (USD)');
    expect(ja).toContain('2027-03-05 14:30 Europe/Prague / 2027-03-05 22:30 Asia/Tokyo');
    expect(ja).toContain('対象の保有銘柄: EURUSD');
    expect(ja).toContain('口座は失格');
    const en = alertMessage({ ...events[0]!, language: 'en' }).text;
    expect(en).toContain('At: 2027-03-05 14:30 Europe/Prague / 2027-03-05 13:30 UTC');
    expect(en).toContain('Penalty inside the window: the account fails');
  });

  it('says nothing in Phase 1 (FTMO restricts news on the funded account only)', async () => {
    const caller = await newCaller(getDb());
    const id = await account(caller, 'Phase 1');
    await push(caller, id, ['EURUSD']);
    expect(mine(id)).toEqual([]);
  });

  it('says nothing without an open position', async () => {
    const caller = await newCaller(getDb());
    const id = await account(caller, 'Funded');
    await push(caller, id, []);
    expect(mine(id)).toEqual([]);
  });

  it('refuses minutes outside 1–240 and a second news rule (400 naming the item)', async () => {
    const s = domain();
    const caller = await newCaller(getDb());
    const challenge = await s.challenges.create(caller, {
      firm: 'F',
      plan: 'P',
      price: 1,
      currency: 'USD',
      purchasedAt: '2026-11-01',
    });
    await expect(
      s.alerts.setRules(caller, { id: challenge.id, rules: [{ rule: 'news_ahead', threshold: 241 }] } as never),
    ).rejects.toMatchObject({
      status: 400,
    });
    await expect(
      s.alerts.setRules(caller, {
        id: challenge.id,
        rules: [
          { rule: 'news_ahead', threshold: 15 },
          { rule: 'news_ahead', threshold: 30 },
        ],
      } as never),
    ).rejects.toMatchObject({ status: 400 });
  });
});
