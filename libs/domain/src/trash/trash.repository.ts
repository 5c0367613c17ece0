/**
 * The trash's data access: the rows a deletion takes and a restore puts back, the entries, and the trades' moves,
 * one method per intent, every row with named fields. A deletion or a restore is one transaction:
 * `inTransaction` hands its work a `TrashStore` bound to it. What may be deleted or restored, the labels and the
 * retention stay in trash.service.ts.
 */
import type { Caller } from '@propfolio/core';
import { Prisma, type Database } from '@propfolio/db';
import { findOwnedAccount } from '../accounts/owned-account.js';
import { findOwnedChallenge } from '../challenges/owned-challenge.js';
import { TRADE_FIGURES } from '../trades/trades.repository.js';

/** A row as the entry's JSON keeps it: see `freeze`. */
export type SnapshotRow = Record<string, unknown>;

/** Every row one deletion removed, by table, in insertion order (parents first). */
export interface TrashSnapshot {
  challenges: SnapshotRow[];
  memos: SnapshotRow[];
  payouts: SnapshotRow[];
  accounts: SnapshotRow[];
  reports: SnapshotRow[];
  /** The accounts' intraday equity rows (absent in entries made before intraday tracking): they would go with the account by cascade. */
  intraday?: SnapshotRow[];
  /** The challenge's ledger: fees and refunds, and its phase/status history (absent in entries made before the ledger). */
  costs?: SnapshotRow[];
  events?: SnapshotRow[];
  /** Later attempts that named the deleted challenge as their `resetOf`: the link (and their updatedAt) is put back on restore. */
  resetLinks?: ResetLink[];
}

/** A snapshot with no rows yet (the fields every entry made since the ledger carries). */
export const emptySnapshot = (): TrashSnapshot => ({
  challenges: [],
  memos: [],
  payouts: [],
  accounts: [],
  reports: [],
  costs: [],
  events: [],
  resetLinks: [],
});

export interface ResetLink {
  id: string;
  updatedAt: string;
}

/** An entry as the trash lists it. */
export interface TrashEntryRow {
  id: string;
  kind: string;
  label: string;
  deletedAt: Date;
  purgeAfter: Date;
  contents: unknown;
}

export interface NewTrashEntry {
  userId: string;
  kind: string;
  recordId: string;
  label: string;
  snapshot: TrashSnapshot;
  contents: object;
  deletedAt: Date;
  purgeAfter: Date;
}

/** An entry being restored, locked by the restoring transaction. */
export interface ClaimedTrashEntry {
  id: string;
  kind: string;
  recordId: string;
  snapshot: TrashSnapshot;
}

/** A challenge with every row that hangs on it, frozen, as its deletion takes them. */
export interface ChallengeWithDependents {
  id: string;
  firm: string;
  plan: string;
  accountIds: string[];
  snapshot: TrashSnapshot;
}

/** An account with its reports and intraday rows, frozen, as its deletion takes them. */
export interface AccountWithDependents {
  id: string;
  login: string;
  server: string;
  name: string | null;
  snapshot: TrashSnapshot;
}

export interface TrashedMemo {
  id: string;
  content: string;
  row: SnapshotRow;
}

export interface TrashedPayout {
  id: string;
  /** Exact decimal text. */
  amount: string;
  currency: string;
  date: Date;
  row: SnapshotRow;
}

type Tx = Prisma.TransactionClient;

/** Every column of a trade, in one order for both moves (Trade and TrashedTrade share them, the entry's id aside). */
const TRADE_COLUMNS = [
  ...['id', 'accountId', 'userId', 'position'],
  ...TRADE_FIGURES,
  ...['tags', 'note', 'setup', 'plannedRisk', 'signalId', 'createdAt', 'updatedAt'],
]
  .map((c) => `"${c}"`)
  .join(', ');

/** Moves the accounts' trades ($2) into the trash table under the entry ($1), row for row. */
const TRASH_TRADES_SQL = `WITH moved AS (DELETE FROM "Trade" WHERE "accountId" = ANY($2::text[]) RETURNING ${TRADE_COLUMNS})
     INSERT INTO "TrashedTrade" ("entryId", ${TRADE_COLUMNS}) SELECT $1, ${TRADE_COLUMNS} FROM moved`;

/** Deletes the screenshots of the trades of every entry past its retention ($1): the same owner's, by trade id. */
const PURGE_SCREENSHOTS_SQL = `DELETE FROM "TradeScreenshot" s USING "TrashedTrade" t JOIN "TrashEntry" e ON e.id = t."entryId"
     WHERE s."tradeId" = t.id AND s."userId" = t."userId" AND e."purgeAfter" <= $1`;

/** Puts the entry's ($1) trades back. */
const RESTORE_TRADES_SQL = `INSERT INTO "Trade" (${TRADE_COLUMNS}) SELECT ${TRADE_COLUMNS} FROM "TrashedTrade" WHERE "entryId" = $1`;

/** Locks an entry ($1) until the transaction ends; no row when a concurrent restore took it first. */
const LOCK_ENTRY_SQL = `SELECT "id" FROM "TrashEntry" WHERE "id" = $1 FOR UPDATE`;

/**
 * Rows to JSON without losing anything: Decimals keep every digit (as strings) and dates their exact instant,
 * tagged so a restore re-inserts the very same values.
 */
type Tagged = { $decimal: string } | { $date: string };

export function freeze(row: object): SnapshotRow {
  const out: SnapshotRow = {};
  for (const [key, value] of Object.entries(row)) {
    if (value instanceof Date) out[key] = { $date: value.toISOString() } satisfies Tagged;
    else if (Prisma.Decimal.isDecimal(value)) out[key] = { $decimal: value.toFixed() } satisfies Tagged;
    else out[key] = value;
  }
  return out;
}

/** A frozen row back to the values it was frozen from. */
export function thaw(row: SnapshotRow): SnapshotRow {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (value && typeof value === 'object' && '$date' in value) out[key] = new Date((value as { $date: string }).$date);
    else if (value && typeof value === 'object' && '$decimal' in value)
      out[key] = new Prisma.Decimal((value as { $decimal: string }).$decimal);
    else out[key] = value;
  }
  return out;
}

const ENTRY_FIELDS = { id: true, kind: true, label: true, deletedAt: true, purgeAfter: true, contents: true } as const;

export class TrashRepository {
  constructor(private readonly db: Database) {}

  /** Runs `work` in one transaction, its statements through the store bound to it. */
  inTransaction<T>(work: (store: TrashStore) => Promise<T>): Promise<T> {
    return this.db.prisma.$transaction((tx) => work(new TrashStore(tx)));
  }

  /** The user's entries, newest first. */
  async entriesOf(userId: string): Promise<TrashEntryRow[]> {
    return this.db.prisma.trashEntry.findMany({
      where: { userId },
      orderBy: [{ deletedAt: 'desc' }, { id: 'desc' }],
      select: ENTRY_FIELDS,
    });
  }

  /**
   * Removes entries past their retention for every user (their trades with them, by cascade), and those trades'
   * screenshots, which have no foreign key to cascade by (they wait for a restore); returns how many entries.
   */
  async removeExpired(now: Date): Promise<number> {
    return this.db.prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(PURGE_SCREENSHOTS_SQL, now);
      return (await tx.trashEntry.deleteMany({ where: { purgeAfter: { lte: now } } })).count;
    });
  }
}

/** The trash's statements inside one deletion's or restore's transaction. */
export class TrashStore {
  constructor(private readonly tx: Tx) {}

  /** The caller's challenge with its memos, payouts, accounts and their reports and intraday rows, costs, events and reset links; 404 when not the caller's. */
  async challengeWithDependents(caller: Caller, id: string): Promise<ChallengeWithDependents> {
    const { tx } = this;
    const challenge = await findOwnedChallenge(tx, caller, id);
    const accounts = await tx.eaAccount.findMany({ where: { challengeId: challenge.id } });
    const accountIds = accounts.map((a) => a.id);
    const memos = await tx.memo.findMany({ where: { challengeId: challenge.id } });
    const payouts = await tx.payout.findMany({ where: { challengeId: challenge.id } });
    const reports = await tx.dailyPnl.findMany({ where: { accountId: { in: accountIds } } });
    const intraday = await this.intradayOf(accountIds);
    const costs = await tx.challengeCost.findMany({ where: { challengeId: challenge.id } });
    const events = await tx.challengeEvent.findMany({ where: { challengeId: challenge.id } });
    const resets = await tx.challenge.findMany({ where: { resetOfId: challenge.id }, select: { id: true, updatedAt: true } });
    return {
      id: challenge.id,
      firm: challenge.firm,
      plan: challenge.plan,
      accountIds,
      snapshot: {
        challenges: [freeze(challenge)],
        memos: memos.map(freeze),
        payouts: payouts.map(freeze),
        accounts: accounts.map(freeze),
        reports: reports.map(freeze),
        intraday,
        costs: costs.map(freeze),
        events: events.map(freeze),
        resetLinks: resets.map((c) => ({ id: c.id, updatedAt: c.updatedAt.toISOString() })),
      },
    };
  }

  /**
   * Deletes the challenge and every row that hangs on it (its accounts' trades moved first, see `moveTradesToEntry`);
   * false when this transaction removed no challenge row (a concurrent deletion took it).
   */
  async removeChallengeWithDependents(challengeId: string, accountIds: string[]): Promise<boolean> {
    const { tx } = this;
    await tx.challengeCost.deleteMany({ where: { challengeId } });
    await tx.challengeEvent.deleteMany({ where: { challengeId } });
    await tx.dailyPnl.deleteMany({ where: { accountId: { in: accountIds } } });
    await tx.eaAccount.deleteMany({ where: { id: { in: accountIds } } });
    await tx.payout.deleteMany({ where: { challengeId } });
    await tx.memo.deleteMany({ where: { challengeId } });
    return (await tx.challenge.deleteMany({ where: { id: challengeId } })).count === 1;
  }

  /** The caller's account with its reports and intraday rows; 404 when not the caller's. */
  async accountWithDependents(caller: Caller, id: string): Promise<AccountWithDependents> {
    const account = await findOwnedAccount(this.tx, caller, id);
    const reports = await this.tx.dailyPnl.findMany({ where: { accountId: account.id } });
    const intraday = await this.intradayOf([account.id]);
    return {
      id: account.id,
      login: account.login,
      server: account.server,
      name: account.name,
      snapshot: { ...emptySnapshot(), accounts: [freeze(account)], reports: reports.map(freeze), intraday },
    };
  }

  /** Deletes the account and its reports (its trades moved first); false when this transaction removed no account row. */
  async removeAccountWithDependents(accountId: string): Promise<boolean> {
    await this.tx.dailyPnl.deleteMany({ where: { accountId } });
    return (await this.tx.eaAccount.deleteMany({ where: { id: accountId } })).count === 1;
  }

  async ownedMemo(userId: string, id: string): Promise<TrashedMemo | null> {
    const memo = await this.tx.memo.findFirst({ where: { id, userId } });
    return memo && { id: memo.id, content: memo.content, row: freeze(memo) };
  }

  /** False when this transaction removed no row. */
  async removeMemo(id: string): Promise<boolean> {
    return (await this.tx.memo.deleteMany({ where: { id } })).count === 1;
  }

  async ownedPayout(userId: string, id: string): Promise<TrashedPayout | null> {
    const payout = await this.tx.payout.findFirst({ where: { id, userId } });
    return payout && { id: payout.id, amount: payout.amount.toFixed(), currency: payout.currency, date: payout.date, row: freeze(payout) };
  }

  /** False when this transaction removed no row. */
  async removePayout(id: string): Promise<boolean> {
    return (await this.tx.payout.deleteMany({ where: { id } })).count === 1;
  }

  async addEntry(entry: NewTrashEntry): Promise<TrashEntryRow> {
    return this.tx.trashEntry.create({
      data: {
        ...entry,
        snapshot: entry.snapshot as unknown as Prisma.InputJsonValue,
        contents: entry.contents,
      },
      select: ENTRY_FIELDS,
    });
  }

  /**
   * Moves the accounts' trades into the trash table under the entry, row for row, in one statement whatever their
   * number; the account's deletion would otherwise take them by cascade. They stay out of the entry's JSON snapshot:
   * an account can hold 100,000+ trades, which as JSON would make one row of tens of megabytes to read on every restore.
   */
  async moveTradesToEntry(entryId: string, accountIds: string[]): Promise<void> {
    if (accountIds.length === 0) return;
    await this.tx.$executeRawUnsafe(TRASH_TRADES_SQL, entryId, accountIds);
  }

  /** Puts the entry's trades back (their accounts restored first); the entry's deletion then drops the trash rows. */
  async restoreTradesOf(entryId: string): Promise<void> {
    await this.tx.$executeRawUnsafe(RESTORE_TRADES_SQL, entryId);
  }

  /**
   * The user's entry, not yet past `now`'s retention, locked: a concurrent restore of the same entry waits on this row
   * lock and then finds it gone (null). Locked rather than deleted here: the deletion would cascade to the entry's
   * trades before they are put back.
   */
  async claimLiveEntry(userId: string, id: string, now: Date): Promise<ClaimedTrashEntry | null> {
    const entry = await this.tx.trashEntry.findFirst({
      where: { id, userId, purgeAfter: { gt: now } },
      select: { id: true, kind: true, recordId: true, snapshot: true },
    });
    if (!entry) return null;
    const locked = await this.tx.$queryRawUnsafe<{ id: string }[]>(LOCK_ENTRY_SQL, entry.id);
    return locked.length === 1 ? { ...entry, snapshot: entry.snapshot as unknown as TrashSnapshot } : null;
  }

  /** How many of these challenges the user has. */
  async countOwnedChallenges(userId: string, ids: string[]): Promise<number> {
    return this.tx.challenge.count({ where: { id: { in: ids }, userId } });
  }

  /** Whether the user has an account with this login on this server. */
  async hasAccountWithLogin(userId: string, server: string, login: string): Promise<boolean> {
    return (await this.tx.eaAccount.findFirst({ where: { userId, server, login }, select: { id: true } })) !== null;
  }

  /** Re-inserts every row of the snapshot as it was frozen, parents first. */
  async reinsert(snapshot: TrashSnapshot): Promise<void> {
    const { tx } = this;
    if (snapshot.challenges.length)
      await tx.challenge.createMany({ data: snapshot.challenges.map((r) => thaw(r) as Prisma.ChallengeCreateManyInput) });
    if (snapshot.memos.length) await tx.memo.createMany({ data: snapshot.memos.map((r) => thaw(r) as Prisma.MemoCreateManyInput) });
    if (snapshot.payouts.length) await tx.payout.createMany({ data: snapshot.payouts.map((r) => thaw(r) as Prisma.PayoutCreateManyInput) });
    if (snapshot.accounts.length)
      await tx.eaAccount.createMany({ data: snapshot.accounts.map((r) => thaw(r) as Prisma.EaAccountCreateManyInput) });
    if (snapshot.reports.length)
      await tx.dailyPnl.createMany({ data: snapshot.reports.map((r) => thaw(r) as Prisma.DailyPnlCreateManyInput) });
    if (snapshot.intraday?.length)
      await tx.intradayEquity.createMany({ data: snapshot.intraday.map((r) => thaw(r) as Prisma.IntradayEquityCreateManyInput) });
    if (snapshot.costs?.length)
      await tx.challengeCost.createMany({ data: snapshot.costs.map((r) => thaw(r) as Prisma.ChallengeCostCreateManyInput) });
    if (snapshot.events?.length)
      await tx.challengeEvent.createMany({ data: snapshot.events.map((r) => thaw(r) as Prisma.ChallengeEventCreateManyInput) });
  }

  /** Points the user's later attempts back at the restored challenge, each with its updatedAt of before, where no other link was set since. */
  async relinkResets(userId: string, challengeId: string, links: readonly ResetLink[]): Promise<void> {
    for (const link of links) {
      await this.tx.challenge.updateMany({
        where: { id: link.id, userId, resetOfId: null },
        data: { resetOfId: challengeId, updatedAt: new Date(link.updatedAt) },
      });
    }
  }

  /** False when this transaction removed no row. */
  async removeEntry(id: string): Promise<boolean> {
    return (await this.tx.trashEntry.deleteMany({ where: { id } })).count === 1;
  }

  /** The intraday rows of these accounts, frozen: the account's deletion removes them by cascade. */
  private async intradayOf(accountIds: string[]): Promise<SnapshotRow[]> {
    return (await this.tx.intradayEquity.findMany({ where: { accountId: { in: accountIds } } })).map(freeze);
  }
}
