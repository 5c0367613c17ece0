/**
 * Plan fit's data access: which catalog plans a filter keeps, and the owner's own history (reports, intraday lows,
 * closed trades) of one account, a challenge's accounts, or all of them. Every read is scoped to the owner; the
 * rules and the arithmetic stay in the service and the coach library. Amounts leave as exact decimal text.
 */
import type { Database } from '@propfolio/db';

export interface PlanFilterFacts {
  planIds?: string[];
  firms?: string[];
  phases?: number[];
  accountSizes?: number[];
  maxPrice?: number;
}

/** One account's history as stored: days as YYYY-MM-DD, instants ISO UTC, amounts exact decimal text. */
export interface AccountHistoryFacts {
  id: string;
  initialBalance: string;
  reports: { day: string; balance: string; equity: string; closedPnl: string }[];
  lows: { day: string; minEquity: string }[];
  trades: { openedAt: string; closedAt: string; net: string; mae: string | null }[];
}

export type HistoryScope = { accountId: string } | { challengeId: string } | { all: true };

const iso = (d: Date): string => d.toISOString().slice(0, 10);

export class PlanFitRepository {
  constructor(private readonly db: Database) {}

  /** The ids of the catalog plans every given filter keeps (firms by slug or name, case-insensitive), in id order. */
  async planIds(filter: PlanFilterFacts): Promise<string[]> {
    return (await this.plans(filter)).map((p) => p.id);
  }

  /** The plans every given filter keeps with how each is billed (one-time or monthly), in id order. */
  async plans(filter: PlanFilterFacts): Promise<{ id: string; billing: 'one_time' | 'monthly' }[]> {
    const firms = filter.firms?.map((f) => f.trim());
    const rows = await this.db.prisma.plan.findMany({
      where: {
        ...(filter.planIds ? { id: { in: filter.planIds } } : {}),
        ...(firms
          ? {
              OR: firms.flatMap((f) => [
                { firmSlug: { equals: f, mode: 'insensitive' as const } },
                { firm: { name: { equals: f, mode: 'insensitive' as const } } },
              ]),
            }
          : {}),
        ...(filter.phases ? { phases: { in: filter.phases } } : {}),
        ...(filter.accountSizes ? { accountSize: { in: filter.accountSizes } } : {}),
        ...(filter.maxPrice !== undefined ? { price: { lte: filter.maxPrice } } : {}),
      },
      select: { id: true, billing: true },
      orderBy: { id: 'asc' },
    });
    return rows.map((r) => ({ id: r.id, billing: r.billing }));
  }

  /** True when the challenge is the owner's. */
  async ownsChallenge(ownerId: string, challengeId: string): Promise<boolean> {
    return (await this.db.prisma.challenge.count({ where: { id: challengeId, userId: ownerId } })) > 0;
  }

  /** The owner's accounts in scope (archived ones included) with their reports, lows and closed trades, oldest first. */
  async history(ownerId: string, scope: HistoryScope): Promise<AccountHistoryFacts[]> {
    const where =
      'accountId' in scope
        ? { userId: ownerId, id: scope.accountId }
        : 'challengeId' in scope
          ? { userId: ownerId, challengeId: scope.challengeId }
          : { userId: ownerId };
    const accounts = await this.db.prisma.eaAccount.findMany({
      where,
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: {
        id: true,
        initialBalance: true,
        dailyPnl: { orderBy: { date: 'asc' }, select: { date: true, balance: true, equity: true, closedPnl: true } },
        intraday: { orderBy: { day: 'asc' }, select: { day: true, minEquity: true } },
        trades: {
          where: { userId: ownerId },
          orderBy: [{ closedAt: 'asc' }, { id: 'asc' }],
          select: { openedAt: true, closedAt: true, net: true, mae: true },
        },
      },
    });
    return accounts.map((a) => ({
      id: a.id,
      initialBalance: a.initialBalance.toString(),
      reports: a.dailyPnl.map((r) => ({
        day: iso(r.date),
        balance: r.balance.toString(),
        equity: r.equity.toString(),
        closedPnl: r.closedPnl.toString(),
      })),
      lows: a.intraday.map((l) => ({ day: iso(l.day), minEquity: l.minEquity.toString() })),
      trades: a.trades.map((t) => ({
        openedAt: t.openedAt.toISOString(),
        closedAt: t.closedAt.toISOString(),
        net: t.net.toString(),
        mae: t.mae === null ? null : t.mae.toString(),
      })),
    }));
  }
}
