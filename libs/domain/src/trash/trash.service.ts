import { AppError, type Caller } from '@propfolio/core';
import { Prisma, type Database } from '@propfolio/db';
import { dateToIso } from '../shared/dates.js';
import { requireId } from '../shared/ids.js';
import { findOwnedAccount } from '../accounts/owned-account.js';
import { findOwnedChallenge } from '../challenges/owned-challenge.js';
import { TRADE_FIGURES } from '../trades/trade-store.js';
import { freeze, thaw, type SnapshotRow } from './snapshot.js';

export const TRASH_KINDS = ['challenge', 'memo', 'payout', 'account'] as const;
export type TrashKind = (typeof TRASH_KINDS)[number];
const DAY_MS = 86_400_000;

/** Every row one deletion removed, by table, in insertion order (parents first). */
interface Snapshot {
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
  resetLinks?: { id: string; updatedAt: string }[];
}

export interface TrashContents {
  memos: number;
  payouts: number;
  accounts: number;
  reports: number;
}

export interface TrashEntryView {
  id: string;
  kind: TrashKind;
  label: string;
  deletedAt: string;
  purgeAfter: string;
  contents: TrashContents;
}

type Tx = Prisma.TransactionClient;

/** The intraday rows of these accounts, frozen: the account's deletion removes them by cascade. */
async function intradayOf(tx: Tx, accountIds: string[]): Promise<SnapshotRow[]> {
  return (await tx.intradayEquity.findMany({ where: { accountId: { in: accountIds } } })).map(freeze);
}

/** Every column of a trade, in one order for both moves (Trade and TrashedTrade share them, the entry's id aside). */
const TRADE_COLUMNS = [
  ...['id', 'accountId', 'userId', 'position'],
  ...TRADE_FIGURES,
  ...['tags', 'note', 'setup', 'plannedRisk', 'createdAt', 'updatedAt'],
]
  .map((c) => `"${c}"`)
  .join(', ');

/**
 * Moves the accounts' trades into the trash table under `entryId`, row for row, in one statement whatever their
 * number; the account's deletion would otherwise take them by cascade. They stay out of the entry's JSON snapshot:
 * an account can hold 100,000+ trades, which as JSON would make one row of tens of megabytes to read on every restore.
 */
async function trashTrades(tx: Tx, entryId: string, accountIds: string[]): Promise<void> {
  if (accountIds.length === 0) return;
  await tx.$executeRawUnsafe(
    `WITH moved AS (DELETE FROM "Trade" WHERE "accountId" = ANY($2::text[]) RETURNING ${TRADE_COLUMNS})
     INSERT INTO "TrashedTrade" ("entryId", ${TRADE_COLUMNS}) SELECT $1, ${TRADE_COLUMNS} FROM moved`,
    entryId,
    accountIds,
  );
}

/** Puts the entry's trades back (their accounts restored first); the entry's deletion then drops the trash rows. */
async function restoreTrades(tx: Tx, entryId: string): Promise<void> {
  await tx.$executeRawUnsafe(
    `INSERT INTO "Trade" (${TRADE_COLUMNS}) SELECT ${TRADE_COLUMNS} FROM "TrashedTrade" WHERE "entryId" = $1`,
    entryId,
  );
}

/**
 * The row this transaction removes, or 404. Two deletions (or restores) of one record at once both read it;
 * on PostgreSQL the second waits on the first's row lock and then deletes nothing: it answers 404, and its
 * transaction (everything it removed or copied before) rolls back, where `delete` threw a 500.
 */
async function claim(removed: Promise<{ count: number }>, what: string): Promise<void> {
  if ((await removed).count !== 1) throw AppError.notFound(what);
}

const toView = (row: {
  id: string;
  kind: string;
  label: string;
  deletedAt: Date;
  purgeAfter: Date;
  contents: unknown;
}): TrashEntryView => ({
  id: row.id,
  kind: row.kind as TrashKind,
  label: row.label,
  deletedAt: row.deletedAt.toISOString(),
  purgeAfter: row.purgeAfter.toISOString(),
  contents: row.contents as TrashContents,
});

const empty = (): Snapshot => ({
  challenges: [],
  memos: [],
  payouts: [],
  accounts: [],
  reports: [],
  costs: [],
  events: [],
  resetLinks: [],
});

/**
 * Deletion into a trash of exact snapshots: a delete moves the record and everything that hangs on it
 * into one entry and removes the rows in the same transaction, so every read path (REST, MCP, lists,
 * summary) simply no longer sees them. Restore re-inserts the same rows (same ids and values) or
 * refuses with 409 when they cannot come back.
 */
export class TrashService {
  constructor(
    private readonly db: Database,
    private readonly retentionDays: number,
  ) {}

  async deleteChallenge(caller: Caller, id: string, now = new Date()): Promise<TrashEntryView> {
    return this.db.prisma.$transaction(async (tx) => {
      const challenge = await findOwnedChallenge(tx, caller, id);
      const snapshot = empty();
      snapshot.challenges.push(freeze(challenge));
      const memos = await tx.memo.findMany({ where: { challengeId: challenge.id } });
      const payouts = await tx.payout.findMany({ where: { challengeId: challenge.id } });
      const accounts = await tx.eaAccount.findMany({ where: { challengeId: challenge.id } });
      const accountIds = accounts.map((a) => a.id);
      const reports = await tx.dailyPnl.findMany({ where: { accountId: { in: accountIds } } });
      snapshot.memos = memos.map(freeze);
      snapshot.payouts = payouts.map(freeze);
      snapshot.accounts = accounts.map(freeze);
      snapshot.reports = reports.map(freeze);
      snapshot.intraday = await intradayOf(tx, accountIds);
      snapshot.costs = (await tx.challengeCost.findMany({ where: { challengeId: challenge.id } })).map(freeze);
      snapshot.events = (await tx.challengeEvent.findMany({ where: { challengeId: challenge.id } })).map(freeze);
      const resets = await tx.challenge.findMany({ where: { resetOfId: challenge.id }, select: { id: true, updatedAt: true } });
      snapshot.resetLinks = resets.map((c) => ({ id: c.id, updatedAt: c.updatedAt.toISOString() }));
      // The entry first, so that the trades can be moved under its id before the accounts' deletion cascades.
      const entry = await this.record(tx, caller, 'challenge', challenge.id, `${challenge.firm} ${challenge.plan}`, snapshot, now);
      await trashTrades(tx, entry.id, accountIds);
      await tx.challengeCost.deleteMany({ where: { challengeId: challenge.id } });
      await tx.challengeEvent.deleteMany({ where: { challengeId: challenge.id } });
      await tx.dailyPnl.deleteMany({ where: { accountId: { in: accountIds } } });
      await tx.eaAccount.deleteMany({ where: { id: { in: accountIds } } });
      await tx.payout.deleteMany({ where: { challengeId: challenge.id } });
      await tx.memo.deleteMany({ where: { challengeId: challenge.id } });
      await claim(tx.challenge.deleteMany({ where: { id: challenge.id } }), 'Challenge');
      return entry;
    });
  }

  async deleteMemo(caller: Caller, id: string, now = new Date()): Promise<TrashEntryView> {
    return this.db.prisma.$transaction(async (tx) => {
      const memo = await tx.memo.findFirst({ where: { id: requireId(id, 'Memo'), userId: caller.userId } });
      if (!memo) throw AppError.notFound('Memo');
      await claim(tx.memo.deleteMany({ where: { id: memo.id } }), 'Memo');
      const label = memo.content.length > 60 ? `${memo.content.slice(0, 59)}…` : memo.content;
      return this.record(tx, caller, 'memo', memo.id, label, { ...empty(), memos: [freeze(memo)] }, now);
    });
  }

  async deletePayout(caller: Caller, id: string, now = new Date()): Promise<TrashEntryView> {
    return this.db.prisma.$transaction(async (tx) => {
      const payout = await tx.payout.findFirst({ where: { id: requireId(id, 'Payout'), userId: caller.userId } });
      if (!payout) throw AppError.notFound('Payout');
      await claim(tx.payout.deleteMany({ where: { id: payout.id } }), 'Payout');
      const label = `${payout.amount.toFixed()} ${payout.currency} ${dateToIso(payout.date)}`;
      return this.record(tx, caller, 'payout', payout.id, label, { ...empty(), payouts: [freeze(payout)] }, now);
    });
  }

  async deleteAccount(caller: Caller, id: string, now = new Date()): Promise<TrashEntryView> {
    return this.db.prisma.$transaction(async (tx) => {
      const account = await findOwnedAccount(tx, caller, id);
      const reports = await tx.dailyPnl.findMany({ where: { accountId: account.id } });
      const intraday = await intradayOf(tx, [account.id]);
      const label = `${account.name ? `${account.name} ` : ''}${account.login} @ ${account.server}`;
      // The entry first, so that the trades can be moved under its id before the account's deletion cascades.
      const entry = await this.record(
        tx,
        caller,
        'account',
        account.id,
        label,
        { ...empty(), accounts: [freeze(account)], reports: reports.map(freeze), intraday },
        now,
      );
      await trashTrades(tx, entry.id, [account.id]);
      await tx.dailyPnl.deleteMany({ where: { accountId: account.id } });
      await claim(tx.eaAccount.deleteMany({ where: { id: account.id } }), 'Account');
      return entry;
    });
  }

  /** The caller's entries, newest first (expired ones are purged first). */
  async list(caller: Caller, now = new Date()): Promise<TrashEntryView[]> {
    await this.purgeExpired(now);
    const rows = await this.db.prisma.trashEntry.findMany({
      where: { userId: caller.userId },
      orderBy: [{ deletedAt: 'desc' }, { id: 'desc' }],
      select: { id: true, kind: true, label: true, deletedAt: true, purgeAfter: true, contents: true },
    });
    return rows.map(toView);
  }

  /** Puts every row of the entry back as it was, or 409 (its challenge is in the trash, or a login was re-registered). */
  async restore(caller: Caller, id: string, now = new Date()): Promise<{ kind: TrashKind; id: string }> {
    return this.db.prisma.$transaction(async (tx) => {
      const entry = await tx.trashEntry.findFirst({
        where: { id: requireId(id, 'Trash entry'), userId: caller.userId, purgeAfter: { gt: now } },
      });
      if (!entry) throw AppError.notFound('Trash entry');
      // Claimed first: a concurrent restore of the same entry waits on this row lock and then finds it gone (404).
      // Locked rather than deleted here: the deletion would cascade to the entry's trades before they are put back.
      const [claimed] = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "TrashEntry" WHERE "id" = ${entry.id} FOR UPDATE`;
      if (!claimed) throw AppError.notFound('Trash entry');
      const snapshot = entry.snapshot as unknown as Snapshot;
      await this.checkRestorable(tx, caller, snapshot);
      if (snapshot.challenges.length)
        await tx.challenge.createMany({ data: snapshot.challenges.map((r) => thaw(r) as Prisma.ChallengeCreateManyInput) });
      if (snapshot.memos.length) await tx.memo.createMany({ data: snapshot.memos.map((r) => thaw(r) as Prisma.MemoCreateManyInput) });
      if (snapshot.payouts.length)
        await tx.payout.createMany({ data: snapshot.payouts.map((r) => thaw(r) as Prisma.PayoutCreateManyInput) });
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
      const [restoredChallenge] = snapshot.challenges;
      for (const link of restoredChallenge ? (snapshot.resetLinks ?? []) : []) {
        await tx.challenge.updateMany({
          where: { id: link.id, userId: caller.userId, resetOfId: null },
          data: { resetOfId: String(restoredChallenge?.id), updatedAt: new Date(link.updatedAt) },
        });
      }
      await restoreTrades(tx, entry.id);
      await claim(tx.trashEntry.deleteMany({ where: { id: entry.id } }), 'Trash entry');
      return { kind: entry.kind as TrashKind, id: entry.recordId };
    });
  }

  /** Removes entries past their retention for every user (their trades with them, by cascade); returns how many. */
  async purgeExpired(now = new Date()): Promise<number> {
    return (await this.db.prisma.trashEntry.deleteMany({ where: { purgeAfter: { lte: now } } })).count;
  }

  private async checkRestorable(tx: Tx, caller: Caller, snapshot: Snapshot): Promise<void> {
    const restoredChallenges = new Set(snapshot.challenges.map((c) => String(c.id)));
    const parentIds = new Set<string>();
    for (const row of [...snapshot.memos, ...snapshot.payouts, ...snapshot.accounts]) {
      if (typeof row.challengeId === 'string' && !restoredChallenges.has(row.challengeId)) parentIds.add(row.challengeId);
    }
    if (parentIds.size > 0) {
      const present = await tx.challenge.count({ where: { id: { in: [...parentIds] }, userId: caller.userId } });
      if (present !== parentIds.size) {
        throw AppError.conflict('Its challenge is in the trash (or gone): restore the challenge first.');
      }
    }
    for (const account of snapshot.accounts) {
      const clash = await tx.eaAccount.findFirst({
        where: { userId: caller.userId, server: String(account.server), login: String(account.login) },
        select: { id: true },
      });
      if (clash) {
        throw AppError.conflict(
          `Login ${String(account.login)} on ${String(account.server)} was registered again since; archive or delete that account first.`,
        );
      }
    }
  }

  private async record(
    tx: Tx,
    caller: Caller,
    kind: TrashKind,
    recordId: string,
    label: string,
    snapshot: Snapshot,
    now: Date,
  ): Promise<TrashEntryView> {
    const contents: TrashContents = {
      memos: snapshot.memos.length,
      payouts: snapshot.payouts.length,
      accounts: snapshot.accounts.length,
      reports: snapshot.reports.length,
    };
    const row = await tx.trashEntry.create({
      data: {
        userId: caller.userId,
        kind,
        recordId,
        label,
        snapshot: snapshot as unknown as Prisma.InputJsonValue,
        contents: contents as unknown as Prisma.InputJsonValue,
        deletedAt: now,
        purgeAfter: new Date(now.getTime() + this.retentionDays * DAY_MS),
      },
    });
    return toView(row);
  }
}
