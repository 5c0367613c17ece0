/**
 * Rules across one trader's accounts at a firm, end to end on both databases: a hedge across two accounts at a firm
 * that forbids it shows on both cockpit rows and in headroom (amber, naming the other account, never a floor breach),
 * a challenge that takes the trader over the firm's cap is created with a warning naming the cap and the sum, and
 * another user's accounts and challenges never count.
 */
import { expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { AppError, type Caller } from '@propfolio/core';
import type { Database } from '@propfolio/db';
import { AccountSnapshotInput } from '../accounts/accounts.inputs.js';
import { HeadroomInput } from '../coach/coach.inputs.js';
import { createDomainServices, type DomainServices } from '../services.js';
import type { FirmCrossAccount } from '../shared/firm-cross-account.js';
import { newCaller, parse } from '../testing/fixtures.js';
import { PortfolioTodayInput } from './portfolio.inputs.js';
import type { PortfolioRow } from './portfolio.outputs.js';

const NOW = new Date('2026-03-18T14:30:00.000Z');
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000).toISOString();
const E8_PLAN = 'e8-markets-xacct-test-200000';
const HEDGING_SOURCE = {
  url: 'https://help.e8markets.com/en/articles/6929927-policy-against-gambling',
  readOn: '2026-11-29',
  kind: 'firm' as const,
};
const CAP_SOURCE = { url: 'https://help.e8funding.com/en/articles/9323923', readOn: '2026-11-29', kind: 'firm' as const };

/** The catalog as the operation layer wires it in, cut down to what these rules read: E8 and FTMO forbid it. */
const FIRMS: Record<string, FirmCrossAccount> = {
  e8: {
    slug: 'e8-markets',
    name: 'E8 Markets',
    rules: {
      hedging: { value: 'forbidden', source: HEDGING_SOURCE },
      allocationCap: { amount: 400000, currency: 'USD', counts: 'funded', source: CAP_SOURCE },
    },
  },
  ftmo: { slug: 'ftmo', name: 'FTMO', rules: { hedging: { value: 'forbidden', source: HEDGING_SOURCE } } },
};
const catalog = {
  planRulesOn: () => Promise.reject(AppError.notFound('Plan')),
  matchPlan: () => Promise.resolve({ kind: 'none' as const, reason: 'unknown_firm' as const, near: [] }),
  firmCrossAccount: (firm: string, planId: string | null) =>
    (planId?.startsWith('e8-markets-') ? FIRMS['e8'] : FIRMS[firm.toLowerCase().replace(/[^a-z0-9]/g, '')]) ?? null,
};

const RULES = {
  dailyLoss: { percent: 4, amountOf: 'initial_balance', basis: 'day_start_balance' },
  maxLoss: { percent: 8, type: 'static' },
} as const;

async function seedPlan(db: Database) {
  await db.prisma.firm.upsert({
    where: { slug: 'e8-markets' },
    create: { slug: 'e8-markets', name: 'E8 Markets', aliases: [] },
    update: {},
  });
  const plan = {
    firmSlug: 'e8-markets',
    program: 'E8 test',
    phases: 1,
    accountSize: 200000,
    currency: 'USD',
    billing: 'one_time' as const,
    rules: {},
    checkedOn: new Date('2026-01-01T00:00:00Z'),
    sourceUrl: 'https://example.com/plan',
    contentHash: 'test',
  };
  await db.prisma.plan.upsert({ where: { id: E8_PLAN }, create: { id: E8_PLAN, ...plan }, update: {} });
}

interface Open {
  position: string;
  symbol: string;
  side: 'buy' | 'sell';
  openedAt: string;
}

/** A funded challenge at `firm` with one EA account of `size` USD and these positions open five minutes ago. */
async function account(s: DomainServices, caller: Caller, firm: string, name: string, login: string, open: Open[], size = 200000) {
  const challenge = await s.challenges.create(
    caller,
    { firm, plan: `${firm} 200k`, price: 100, currency: 'USD', phase: 'Funded', purchasedAt: '2026-03-01' },
    NOW,
  );
  await s.coach.rules.set(caller, { id: challenge.id, rules: RULES });
  const registered = await s.accounts.register(caller, {
    login,
    server: `${firm}-Server`,
    currency: 'USD',
    initialBalance: size,
    challengeId: challenge.id,
    name,
  });
  const positions = open.map((p) => ({ ...p, volume: 1, stopLoss: null }));
  await s.snapshots.push(
    caller,
    await parse(AccountSnapshotInput, { id: registered.id, at: minutesAgo(5), balance: size, equity: size, openPositions: positions }),
    NOW,
  );
  return { accountId: registered.id, challengeId: challenge.id };
}

describeEachDatabase('rules across one trader’s accounts at a firm', (getDb) => {
  let services: DomainServices | undefined;
  const domain = () => (services ??= createDomainServices(getDb(), { planRules: catalog, planFinder: catalog }));
  const today = async (caller: Caller) => domain().portfolio.today(caller, await parse(PortfolioTodayInput, {}), NOW);
  const headroom = async (caller: Caller, id: string) =>
    domain().coach.headroom.forChallenge(caller, await parse(HeadroomInput, { id }), NOW);

  it('a long and a short EURUSD on two E8 accounts: the rule on both rows and in headroom, each naming the other, amber not red', async () => {
    const s = domain();
    const caller = await newCaller(getDb());
    const one = await account(s, caller, 'E8', 'E8 One', '6100001', [
      { position: '1', symbol: 'EURUSD', side: 'buy', openedAt: '2026-03-18T09:00:00Z' },
    ]);
    const two = await account(s, caller, 'E8', 'E8 Two', '6100002', [
      { position: '2', symbol: 'EURUSD', side: 'sell', openedAt: '2026-03-18T10:00:00Z' },
    ]);
    // Short EURUSD at another firm, long GBPUSD at E8: neither is a hedge with the E8 pair's other side.
    const ftmo = await account(s, caller, 'FTMO', 'FTMO 100k', '5100001', [
      { position: '3', symbol: 'EURUSD', side: 'sell', openedAt: '2026-03-18T09:30:00Z' },
    ]);

    const answer = await today(caller);
    const row = (id: string) => answer.accounts.find((r) => r.accountId === id) as PortfolioRow;
    for (const [mine, other, otherName, side] of [
      [one, two, 'E8 Two', 'buy'],
      [two, one, 'E8 One', 'sell'],
    ] as const) {
      expect(row(mine.accountId)).toMatchObject({ status: 'rule_broken', rules: ['crossAccountHedging'] });
      expect(row(mine.accountId).crossAccount).toEqual([
        expect.objectContaining({
          accountId: mine.accountId,
          firm: 'E8 Markets',
          otherAccountId: other.accountId,
          otherAccount: otherName,
          symbol: 'EURUSD',
          side,
          since: '2026-03-18T10:00:00.000Z',
          source: HEDGING_SOURCE,
        }),
      ]);
      // The floors are untouched: never a breach.
      expect(row(mine.accountId).daily.left).toBe('8000.00');
    }
    expect(row(ftmo.accountId)).toMatchObject({ status: 'ok', rules: [], crossAccount: [] });

    const judged = await headroom(caller, one.challengeId);
    expect(judged.status).toBe('warning');
    expect(judged.breach).toBeNull();
    expect(judged.crossAccount.hedges).toEqual([
      expect.objectContaining({ accountId: one.accountId, otherAccountId: two.accountId, otherAccount: 'E8 Two' }),
    ]);
    expect(judged.crossAccount).toMatchObject({
      firm: 'E8 Markets',
      hedging: { value: 'forbidden', source: HEDGING_SOURCE },
      hedges: [expect.objectContaining({ otherAccount: 'E8 Two' })],
      allocation: { cap: '400000', currency: 'USD', counts: 'funded', sum: '400000', over: false },
    });
    const other = await headroom(caller, two.challengeId);
    expect(other.crossAccount.hedges).toEqual([
      expect.objectContaining({ accountId: two.accountId, otherAccountId: one.accountId, otherAccount: 'E8 One' }),
    ]);
  });

  it("another user's opposite position and challenges at the same firm never count", async () => {
    const s = domain();
    await seedPlan(getDb());
    const caller = await newCaller(getDb());
    const stranger = await newCaller(getDb());
    const mine = await account(s, caller, 'E8', 'E8 Mine', '6200001', [
      { position: '1', symbol: 'XAUUSD', side: 'buy', openedAt: '2026-03-18T09:00:00Z' },
    ]);
    await account(
      s,
      stranger,
      'E8',
      'E8 Theirs',
      '6200002',
      [{ position: '2', symbol: 'XAUUSD', side: 'sell', openedAt: '2026-03-18T09:05:00Z' }],
      400000,
    );

    const row = (await today(caller)).accounts.find((r) => r.accountId === mine.accountId) as PortfolioRow;
    expect(row).toMatchObject({ status: 'ok', rules: [], crossAccount: [] });
    const judged = await headroom(caller, mine.challengeId);
    expect(judged.crossAccount.hedges).toEqual([]);
    expect(judged.crossAccount.allocation).toMatchObject({ sum: '200000', over: false });
    expect(judged.crossAccount.allocation?.counted.map((c) => c.challengeId)).toEqual([mine.challengeId]);
    // The stranger's 400k at E8 would take the caller over the cap if it counted: the new 200k plan stays at it.
    const created = await s.challenges.create(
      caller,
      { firm: 'E8', plan: 'E8 200k', planId: E8_PLAN, price: 100, phase: 'Funded', purchasedAt: '2026-03-02' },
      NOW,
    );
    expect(created.allocationWarning).toBeNull();
  });

  it('creating a challenge that takes the trader over the cap answers with a warning naming the cap and the sum; under it, none', async () => {
    const s = domain();
    await seedPlan(getDb());
    const caller = await newCaller(getDb());
    await account(s, caller, 'E8', 'E8 A', '6300001', []);
    // An evaluation does not count toward E8's cap on funded accounts.
    const evaluation = await s.challenges.create(
      caller,
      { firm: 'E8', plan: 'E8 200k', planId: E8_PLAN, price: 100, phase: 'Phase 1', purchasedAt: '2026-03-02' },
      NOW,
    );
    expect(evaluation.allocationWarning).toBeNull();
    const second = await s.challenges.create(
      caller,
      { firm: 'E8', plan: 'E8 200k', planId: E8_PLAN, price: 100, phase: 'Funded', purchasedAt: '2026-03-02' },
      NOW,
    );
    expect(second.allocationWarning).toBeNull();
    const third = await s.challenges.create(
      caller,
      { firm: 'E8', plan: 'E8 200k', planId: E8_PLAN, price: 100, phase: 'Funded', purchasedAt: '2026-03-03' },
      NOW,
    );
    expect(third.id).toBeTruthy();
    expect(third.allocationWarning).toMatchObject({
      firm: 'E8 Markets',
      cap: '400000',
      currency: 'USD',
      counts: 'funded',
      sum: '600000',
      over: true,
      source: CAP_SOURCE,
    });
    expect(third.allocationWarning?.counted).toHaveLength(3);
    expect(third.allocationWarning?.message).toContain('400000 USD');
    expect(third.allocationWarning?.message).toContain('600000 USD');
    // A firm without a cap in the catalog: no warning.
    const ftmo = await s.challenges.create(caller, { firm: 'FTMO', plan: 'FTMO 200k', price: 100, phase: 'Funded' }, NOW);
    expect(ftmo.allocationWarning).toBeNull();
  });
});
