/**
 * The account groups' data access: a group and its members, only ever of one owner. Members have no foreign key to
 * the accounts (an account in the trash keeps its place), so every read joins the owner's accounts and drops a member
 * whose account is not there.
 */
import type { NamedAccount } from '@propfolio/coach';
import { type Database, Prisma } from '@propfolio/db';
import { markSignals } from '../trades/trade-signals.js';
import { TradesRepository } from '../trades/trades.repository.js';

/** One of the owner's accounts as a group shows it: what its label is made of, and its currency. */
export interface OwnerAccount extends NamedAccount {
  currency: string;
}

export interface StoredMember {
  accountId: string;
  multiplier: string;
}

export interface StoredGroup {
  id: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
  /** In the group's order, master first; members whose account is not the owner's any more are still here. */
  members: StoredMember[];
}

const GROUP_SELECT = {
  id: true,
  name: true,
  createdAt: true,
  updatedAt: true,
  members: { select: { accountId: true, multiplier: true }, orderBy: { position: 'asc' } },
} as const;

type GroupRow = Prisma.AccountGroupGetPayload<{ select: typeof GROUP_SELECT }>;
const storedGroup = (g: GroupRow): StoredGroup => ({
  ...g,
  members: g.members.map((m) => ({ accountId: m.accountId, multiplier: m.multiplier.toString() })),
});

/**
 * The transaction timeout of a group write: it matches its accounts' whole history (the trades with a possible copy),
 * seconds for accounts of 100,000 trades on a loaded machine, past Prisma's default 5 s.
 */
const SIGNALS_TIMEOUT_MS = 60_000;

/** A unique violation: another of the owner's groups has the name. */
export const isDuplicateName = (error: unknown): boolean => error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

export class GroupsRepository {
  constructor(private readonly db: Database) {}

  /** Every account of the owner (archived too), with its challenge's names: groups' labels are told apart over all of them. */
  async ownerAccounts(ownerId: string): Promise<OwnerAccount[]> {
    const rows = await this.db.prisma.eaAccount.findMany({
      where: { userId: ownerId },
      select: {
        id: true,
        login: true,
        server: true,
        name: true,
        currency: true,
        challengeId: true,
        challenge: { select: { firm: true, plan: true, purchasedAt: true, userId: true } },
      },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    return rows.map((a) => {
      // A challenge of another owner is never shown (an account links only its owner's, but the read does not trust it).
      const challenge = a.challenge?.userId === ownerId ? a.challenge : null;
      return {
        id: a.id,
        challengeId: challenge ? a.challengeId : null,
        firm: challenge?.firm ?? '',
        plan: challenge?.plan ?? '',
        label: a.name ?? `${a.login}@${a.server}`,
        login: a.login,
        purchasedOn: challenge ? challenge.purchasedAt.toISOString().slice(0, 10) : null,
        currency: a.currency.trim(),
      };
    });
  }

  async list(ownerId: string): Promise<StoredGroup[]> {
    const rows = await this.db.prisma.accountGroup.findMany({
      where: { userId: ownerId },
      select: GROUP_SELECT,
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    return rows.map(storedGroup);
  }

  /** The owner's group; null for another's or an unknown id. */
  async owned(ownerId: string, id: string): Promise<StoredGroup | null> {
    const row = await this.db.prisma.accountGroup.findFirst({ where: { id, userId: ownerId }, select: GROUP_SELECT });
    return row ? storedGroup(row) : null;
  }

  /**
   * A new group and its members in one transaction, with the signals its accounts' trades copied to each other marked
   * (trade-signals.ts): a group named after the trades were stored matches them too.
   */
  async create(ownerId: string, name: string, members: readonly StoredMember[], now: Date): Promise<StoredGroup> {
    return this.db.prisma.$transaction(
      async (tx) => {
        const signals = new TradesRepository(tx);
        await signals.lockSignals(ownerId);
        const row = await tx.accountGroup.create({
          data: {
            userId: ownerId,
            name,
            createdAt: now,
            updatedAt: now,
            members: { create: members.map((m, position) => ({ accountId: m.accountId, multiplier: m.multiplier, position })) },
          },
          select: GROUP_SELECT,
        });
        await markSignals(
          signals,
          ownerId,
          members.map((m) => m.accountId),
          null,
        );
        return storedGroup(row);
      },
      { timeout: SIGNALS_TIMEOUT_MS },
    );
  }

  /** Renames the owner's group and/or replaces its members, all or nothing; null when the group is not the owner's. */
  async update(
    ownerId: string,
    id: string,
    change: { name?: string; members?: readonly StoredMember[] },
    now: Date,
  ): Promise<StoredGroup | null> {
    return this.db.prisma.$transaction(
      async (tx) => {
        const signals = new TradesRepository(tx);
        if (change.members) await signals.lockSignals(ownerId);
        const found = await tx.accountGroup.updateMany({
          where: { id, userId: ownerId },
          data: { ...(change.name === undefined ? {} : { name: change.name }), updatedAt: now },
        });
        if (found.count === 0) return null;
        if (change.members) {
          const before = await tx.accountGroupMember.findMany({ where: { groupId: id }, select: { accountId: true } });
          await tx.accountGroupMember.deleteMany({ where: { groupId: id } });
          await tx.accountGroupMember.createMany({
            data: change.members.map((m, position) => ({ groupId: id, accountId: m.accountId, multiplier: m.multiplier, position })),
          });
          // The accounts that left are matched again too: their marks with the group's accounts no longer hold.
          const touched = new Set([...before.map((m) => m.accountId), ...change.members.map((m) => m.accountId)]);
          await markSignals(signals, ownerId, [...touched], null);
        }
        const row = await tx.accountGroup.findUniqueOrThrow({ where: { id }, select: GROUP_SELECT });
        return storedGroup(row);
      },
      { timeout: SIGNALS_TIMEOUT_MS },
    );
  }
}
