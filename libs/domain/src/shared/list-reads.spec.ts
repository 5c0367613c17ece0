import { expect, it } from '@jest/globals';
import type { Caller, Page } from '@propfolio/core';
import type { Database, Prisma } from '@propfolio/db';
import { describeEachDatabase } from '@propfolio/db/testing';
import { toListedAccountView, WITH_CHALLENGE as ACCOUNT_CHALLENGE, type ListedAccountRow } from '../accounts/account-view.js';
import { toChallengeView } from '../challenges/challenge-view.js';
import { ListAccountsInput, ListChallengesInput, ListPayoutsInput } from '../index.js';
import { toPayoutView, type PayoutRow } from '../payouts/payout-view.js';
import { createDomainServices, type DomainServices } from '../services.js';
import { newCaller, NOW, parse } from '../testing/fixtures.js';
import { countingStatements } from '../testing/statement-counter.js';
import { CurrencyTotals } from './money.js';
import { Keyset } from './pagination.js';

// The three hot lists read in one SQL statement each, where Prisma's model queries enforced the owner, the
// filters, the keyset order and the cursor. The model queries they replaced are kept here as the oracle:
// every page, cursor and total must come out byte for byte the same, ties in the sort column included.

type ChallengeRow = Awaited<ReturnType<Database['prisma']['challenge']['findFirstOrThrow']>>;

type Lists = Pick<DomainServices, 'challenges' | 'payouts' | 'accounts'>;
type ListOf<K extends keyof Lists> = Pick<Lists[K], 'list'>;

function prismaLists(db: Database): { [K in keyof Lists]: ListOf<K> } {
  return {
    challenges: {
      list: async (caller: Caller, input: ListChallengesInput) => {
        const keyset = new Keyset<ChallengeRow>(input, (row) => row.createdAt);
        const status = input.status ?? 'all';
        const rows = await db.prisma.challenge.findMany({
          where: {
            userId: caller.userId,
            ...(status === 'all' ? {} : { status }),
            AND: keyset.whereAfter<Prisma.ChallengeWhereInput>('createdAt'),
          },
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          take: keyset.take,
        });
        return keyset.page(rows, (row) => toChallengeView(row, NOW));
      },
    },
    payouts: {
      list: async (caller: Caller, input: ListPayoutsInput) => {
        const keyset = new Keyset<PayoutRow>(input, (row) => row.date);
        const where: Prisma.PayoutWhereInput = {
          userId: caller.userId,
          ...(input.from !== undefined ? { date: { gte: new Date(`${input.from}T00:00:00.000Z`) } } : {}),
        };
        const [rows, sums] = await Promise.all([
          db.prisma.payout.findMany({
            where: { ...where, AND: keyset.whereAfter<Prisma.PayoutWhereInput>('date') },
            orderBy: [{ date: 'desc' }, { id: 'desc' }],
            take: keyset.take,
            include: { challenge: { select: { firm: true, plan: true } } },
          }),
          db.prisma.payout.groupBy({ by: ['currency'], where: { ...where, status: 'paid' }, _sum: { amount: true } }),
        ]);
        const totals = new CurrencyTotals();
        for (const sum of sums) if (sum._sum.amount) totals.add(sum.currency, sum._sum.amount);
        return { ...keyset.page(rows, toPayoutView), totals: totals.list() };
      },
    },
    accounts: {
      list: async (caller: Caller, input: ListAccountsInput) => {
        const keyset = new Keyset<ListedAccountRow>(input, (row) => row.createdAt);
        const archived = { exclude: { archivedAt: null }, include: {}, only: { archivedAt: { not: null } } }[input.archived ?? 'exclude'];
        const rows = await db.prisma.eaAccount.findMany({
          where: { userId: caller.userId, ...archived, AND: keyset.whereAfter<Prisma.EaAccountWhereInput>('createdAt') },
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          take: keyset.take,
          include: { ...ACCOUNT_CHALLENGE, intraday: LATEST_INTRADAY },
        });
        return keyset.page(
          rows.map(({ intraday, ...row }) => ({ ...row, snapshot: intraday[0] ?? null })),
          toListedAccountView,
        );
      },
    },
  };
}

/** Every page of a list, following its cursors, as the JSON text an answer would carry. */
async function allPages(read: (cursor: string | undefined) => Promise<Page<unknown>>): Promise<string[]> {
  const pages: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await read(cursor);
    pages.push(JSON.stringify(page));
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined && pages.length < 50);
  return pages;
}

/** A user's records with ties in every sort column, odd decimals, every status and an unlinked account. */
async function seed(db: Database, caller: Caller, login: string): Promise<void> {
  const tie = new Date('2026-02-01T10:00:00.123Z');
  const challenges = [];
  for (const [i, status] of (['in_progress', 'failed', 'passed', 'in_progress', 'failed'] as const).entries()) {
    challenges.push(
      await db.prisma.challenge.create({
        data: {
          userId: caller.userId,
          firm: `Firm ${i}`,
          plan: 'P',
          price: '100.1234',
          currency: 'USD',
          phase: 'Phase 1',
          status,
          purchasedAt: new Date('2026-01-0' + String(i + 1) + 'T00:00:00.000Z'),
          listPrice: i === 0 ? '120' : null,
          fxRate: i === 1 ? '1.23456789' : null,
          fxCurrency: i === 1 ? 'EUR' : null,
          // Three share one instant: the id decides their order and where a page ends.
          createdAt: i < 3 ? tie : new Date(tie.getTime() + i),
        },
      }),
    );
  }
  const [first, second] = challenges as [ChallengeRow, ChallengeRow];
  const payouts = [
    ['0.1', 'USD', '2026-02-01', 'paid'],
    ['0.2', 'USD', '2026-02-01', 'paid'],
    ['1234.5678', 'EUR', '2026-02-01', 'requested'],
    ['5', 'EUR', '2026-01-15', 'paid'],
    ['7.77', 'USD', '2026-03-01', 'denied'],
    ['3', 'JPY', '2026-01-31', 'paid'],
  ] as const;
  for (const [i, [amount, currency, date, status]] of payouts.entries()) {
    await db.prisma.payout.create({
      data: {
        userId: caller.userId,
        challengeId: (i % 2 === 0 ? first : second).id,
        amount,
        currency,
        date: new Date(`${date}T00:00:00.000Z`),
        status,
        ...(i === 2 ? { grossAmount: '1500', splitPercent: '82.3045', method: 'wise' } : {}),
      },
    });
  }
  for (const [i, challengeId] of [first.id, null, second.id, first.id].entries()) {
    await db.prisma.eaAccount.create({
      data: {
        userId: caller.userId,
        challengeId,
        login: `${login}-${i}`,
        server: 'S',
        currency: 'USD',
        initialBalance: '10000',
        balance: '10123.45',
        equity: '10100.5',
        createdAt: i < 2 ? tie : new Date(tie.getTime() + i),
        ...(i === 3 ? { archivedAt: tie, archivedReason: 'challenge_failed' } : {}),
        ...(i === 0 ? { lastReportOn: new Date('2026-03-14T00:00:00.000Z') } : {}),
        // Two firm days of snapshots on the first account: its latest day's row is the one listed.
        ...(i === 0
          ? {
              intraday: {
                create: ['2026-03-13', '2026-03-14'].map((day, d) => ({
                  day: new Date(`${day}T00:00:00.000Z`),
                  at: new Date(`${day}T15:30:00.${String(d)}25Z`),
                  balance: '10123.45',
                  equity: `${String(10090 + d)}.1234`,
                  minEquity: '10001.5',
                  minEquityAt: new Date(`${day}T09:00:00.000Z`),
                  maxEquity: '10200',
                  maxEquityAt: new Date(`${day}T10:00:00.000Z`),
                  firstAt: new Date(`${day}T01:00:00.000Z`),
                  firstBalance: '10100',
                  firstEquity: '10100.01',
                })),
              },
            }
          : {}),
      },
    });
  }
}

/** The latest intraday row, as list_accounts lists it. */
const LATEST_INTRADAY = {
  orderBy: { day: 'desc' },
  take: 1,
  select: { at: true, day: true, balance: true, equity: true, firstEquity: true, minEquity: true, maxEquity: true },
} as const;

describeEachDatabase('the hot lists read in one statement', (getDb) => {
  it('answer what the model queries answered: pages, cursors, filters and totals, and only the caller’s rows', async () => {
    const caller = await newCaller(getDb());
    const stranger = await newCaller(getDb());
    await seed(getDb(), caller, 'mine');
    await seed(getDb(), stranger, 'theirs');
    const { db, statements } = countingStatements(getDb());
    const s = createDomainServices(db);
    const oracle = prismaLists(getDb());
    const cases = [
      ...[undefined, 'all', 'in_progress', 'failed', 'passed'].map((status) => ['challenges', { limit: 2, status }] as const),
      ...[undefined, '2026-02-01', '2026-03-02'].map((from) => ['payouts', { limit: 2, from }] as const),
      ...[undefined, 'exclude', 'include', 'only'].map((archived) => ['accounts', { limit: 1, archived }] as const),
    ];
    for (const [list, options] of cases) {
      const read = async (lists: { [K in keyof Lists]: ListOf<K> }, cursor: string | undefined) => {
        const raw = Object.fromEntries(Object.entries({ ...options, cursor }).filter(([, value]) => value !== undefined));
        if (list === 'challenges') return lists.challenges.list(caller, await parse(ListChallengesInput, raw), NOW);
        if (list === 'payouts') return lists.payouts.list(caller, await parse(ListPayoutsInput, raw));
        return lists.accounts.list(caller, await parse(ListAccountsInput, raw));
      };
      const before = statements();
      const pages = await allPages((cursor) => read(s, cursor));
      // One statement per page on the new path.
      expect({ list, options, statements: statements() - before }).toEqual({ list, options, statements: pages.length });
      const expected = await allPages((cursor) => read(oracle, cursor));
      expect({ list, options, pages }).toEqual({ list, options, pages: expected });
      expect(pages.join()).not.toContain('theirs');
    }
  });

  it('never answers another user’s rows, totals or challenges, even with a cursor taken from their list', async () => {
    const caller = await newCaller(getDb());
    const stranger = await newCaller(getDb());
    await seed(getDb(), stranger, 'theirs-only');
    const s = createDomainServices(getDb());
    const theirs = await s.payouts.list(stranger, await parse(ListPayoutsInput, { limit: 1 }));
    expect(theirs.items).toHaveLength(1);
    const cursor = theirs.nextCursor ?? undefined;
    expect(await s.payouts.list(caller, await parse(ListPayoutsInput, { cursor }))).toEqual({ items: [], nextCursor: null, totals: [] });
    expect(await s.challenges.list(caller, await parse(ListChallengesInput, {}), NOW)).toEqual({ items: [], nextCursor: null });
    expect(await s.accounts.list(caller, await parse(ListAccountsInput, { archived: 'include' }))).toEqual({ items: [], nextCursor: null });
  });
});
