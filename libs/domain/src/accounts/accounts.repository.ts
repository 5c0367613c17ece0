/**
 * The accounts context's data access: one method per intent, each one statement, its SQL a named constant beside it,
 * every row with named fields. The registration, link and lookup of an EA account, the list, the tracker's writes
 * (snapshot, daily report) and the daily P&L series read and write here; the rules (what a snapshot may be, what its
 * day is, when a challenge is closed, what an answer says) stay in the services. A challenge's breach or phase change
 * archives its accounts inside the change's transaction through `AccountsRepository.within(tx)`.
 */
import type { Platform } from '@propfolio/coach';
import { Prisma, type Database, type EaAccountModel } from '@propfolio/db';
import { columns, jsonArray, jsonObject, revive } from '../shared/json-rows.js';
import { keysetPage, SqlParams } from '../shared/keyset-sql.js';
import { ACCOUNT, queryJson } from '../shared/shared.repository.js';
import type { Keyset } from '../shared/pagination.js';
import { WITH_CHALLENGE, type AccountRow, type LatestSnapshot, type ListedAccountRow } from './account-view.js';
import type { ArchivedFilter } from './accounts.inputs.js';
import type { DailyPnlSeries } from './accounts.outputs.js';

/** An EA account's own columns, as Prisma's model queries return them (Decimal, Date). */
export type StoredAccount = EaAccountModel;

/** A transaction someone opened (a registration, a challenge's change, a restore), or the database's client. */
export type AccountsTransaction = Prisma.TransactionClient;

/** A new account's columns, amounts exact. */
type NewAccount = Omit<Prisma.EaAccountUncheckedCreateInput, 'id' | 'createdAt'>;

/** What linking or renaming an account writes. */
type AccountChanges = Pick<Prisma.EaAccountUncheckedUpdateInput, 'challengeId' | 'name' | 'platform'>;

/** An account a challenge's breach or phase change archived. */
export interface ArchivedAccount {
  id: string;
  login: string;
  server: string;
}

/** What one snapshot writes, as the statement takes it: amounts as exact decimal text, instants ISO UTC. */
export interface SnapshotWrite {
  accountId: string;
  ownerId: string;
  /** The challenge the cached roll-over was read from, and its updatedAt (ISO) then: the statement checks both. */
  challengeId: string | null;
  challengeUpdatedAt: string | null;
  /** The firm day (YYYY-MM-DD) the snapshot's instant falls in. */
  day: string;
  at: string;
  balance: string;
  equity: string;
  /** The open positions as jsonb text, or null when the tracker sent none. */
  openPositions: string | null;
}

/** What the snapshot statement answers; no row when the owner has no such account. */
export interface SnapshotRow extends Record<string, unknown> {
  archivedAt: Date | string | null;
  archivedReason: string | null;
  /** False when the account's challenge link or the challenge changed since its roll-over was cached: nothing was written. */
  fresh: boolean;
  /** true: first snapshot of the day; false: the day changed; null: nothing was written. */
  created: boolean | null;
  /** Whether this snapshot's instant is the day's latest (false: a newer one was already stored). */
  latest: boolean;
  balance: string;
  equity: string;
  minEquity: string;
  maxEquity: string;
}

/** The challenge an account is linked to, with what its roll-over is read from; null: not linked. */
export interface AccountChallengeFacts {
  id: string;
  updatedAt: Date;
  planId: string | null;
  purchasedAt: Date;
  rulesOverride: unknown;
}

/** What one daily report writes: amounts as exact decimal text, the day as YYYY-MM-DD, the instant ISO UTC. */
export interface DailyReportWrite {
  accountId: string;
  ownerId: string;
  date: string;
  balance: string;
  equity: string;
  closedPnl: string;
  reportedAt: string;
}

/** What the report statement answers; no row when the owner has no such account. */
export interface DailyReportRow extends Record<string, unknown> {
  archivedAt: Date | string | null;
  archivedReason: string | null;
  /** The account's figures after the push (the day's when it moved them, else those it already had), exact text. */
  balance: string;
  equity: string;
  /** true: a new day; false: the day's figures were replaced; null: nothing was written. */
  created: boolean | null;
}

/**
 * The tracker's snapshot, one statement. $1 account, $2 user, $3/$4 the challenge id and updatedAt the cached
 * roll-over was read from, $5 the firm day, $6 the instant, $7/$8 balance and equity as exact text, $9 the open
 * positions (jsonb text or null). See SnapshotService for what it folds and why it locks the account FOR KEY SHARE.
 */
export const SNAPSHOT_SQL = `
  WITH account AS (
    SELECT a."id", a."archivedAt", a."archivedReason",
      (a."challengeId" IS NOT DISTINCT FROM $3::text
        AND (SELECT c."updatedAt" FROM "Challenge" c WHERE c."id" = a."challengeId") IS NOT DISTINCT FROM $4::timestamptz) AS "fresh"
    FROM "EaAccount" a
    WHERE a."id" = $1 AND a."userId" = $2
    FOR KEY SHARE
  ), day AS (
    INSERT INTO "IntradayEquity" AS d ("accountId", "day", "at", "balance", "equity", "minEquity", "minEquityAt",
      "maxEquity", "maxEquityAt", "firstAt", "firstBalance", "firstEquity", "openPositions")
    SELECT "id", $5::date, $6::timestamptz, $7::numeric, $8::numeric, $8::numeric,
      $6::timestamptz, $8::numeric, $6::timestamptz, $6::timestamptz, $7::numeric, $8::numeric, $9::jsonb
    FROM account WHERE "archivedAt" IS NULL AND "fresh"
    ON CONFLICT ("accountId", "day") DO UPDATE SET
      "at" = GREATEST(d."at", EXCLUDED."at"),
      "balance" = CASE WHEN EXCLUDED."at" >= d."at" THEN EXCLUDED."balance" ELSE d."balance" END,
      "equity" = CASE WHEN EXCLUDED."at" >= d."at" THEN EXCLUDED."equity" ELSE d."equity" END,
      "openPositions" = CASE WHEN EXCLUDED."at" >= d."at" THEN EXCLUDED."openPositions" ELSE d."openPositions" END,
      "minEquity" = LEAST(d."minEquity", EXCLUDED."equity"),
      "minEquityAt" = CASE WHEN EXCLUDED."equity" < d."minEquity" THEN EXCLUDED."at" ELSE d."minEquityAt" END,
      "maxEquity" = GREATEST(d."maxEquity", EXCLUDED."equity"),
      "maxEquityAt" = CASE WHEN EXCLUDED."equity" > d."maxEquity" THEN EXCLUDED."at" ELSE d."maxEquityAt" END,
      "firstAt" = LEAST(d."firstAt", EXCLUDED."at"),
      "firstBalance" = CASE WHEN EXCLUDED."at" < d."firstAt" THEN EXCLUDED."balance" ELSE d."firstBalance" END,
      "firstEquity" = CASE WHEN EXCLUDED."at" < d."firstAt" THEN EXCLUDED."equity" ELSE d."firstEquity" END,
      "snapshots" = d."snapshots" + 1,
      -- Not yet judged by the alerts (a new row starts null): a crash before the evaluation leaves it to the next start.
      "evaluatedAt" = NULL
    WHERE EXCLUDED."at" <> d."at" OR (EXCLUDED."balance", EXCLUDED."equity") IS DISTINCT FROM (d."balance", d."equity")
      OR EXCLUDED."openPositions" IS DISTINCT FROM d."openPositions"
    RETURNING "xmax" = 0 AS "created", "at", "balance", "equity", "minEquity", "maxEquity"
  )
  SELECT a."archivedAt", a."archivedReason", a."fresh", (SELECT "created" FROM day) AS "created",
    COALESCE(n."at", o."at") = $6::timestamptz AS "latest",
    COALESCE(n."balance", o."balance")::text AS "balance", COALESCE(n."equity", o."equity")::text AS "equity",
    COALESCE(n."minEquity", o."minEquity")::text AS "minEquity", COALESCE(n."maxEquity", o."maxEquity")::text AS "maxEquity"
  FROM account a
  LEFT JOIN day n ON true
  LEFT JOIN "IntradayEquity" o ON o."accountId" = a."id" AND o."day" = $5::date`;

/**
 * The tracker's daily report, one statement. $1 account, $2 user, $3 the day, $4/$5/$6 balance, equity and closed
 * P&L as exact text, $7 the instant reported. See ReportService for the locking and the latest-day rule.
 */
const DAILY_REPORT_SQL = `
  WITH account AS (
    SELECT "id", "balance", "equity", "archivedAt", "archivedReason" FROM "EaAccount"
    WHERE "id" = $1 AND "userId" = $2
    FOR KEY SHARE
  ), day AS (
    INSERT INTO "DailyPnl" ("accountId", "date", "balance", "equity", "closedPnl", "reportedAt")
    SELECT "id", $3::date, $4::numeric, $5::numeric, $6::numeric, $7::timestamptz
    FROM account WHERE "archivedAt" IS NULL
    ON CONFLICT ("accountId", "date") DO UPDATE
    SET "balance" = EXCLUDED."balance", "equity" = EXCLUDED."equity", "closedPnl" = EXCLUDED."closedPnl", "reportedAt" = EXCLUDED."reportedAt"
    WHERE ("DailyPnl"."balance", "DailyPnl"."equity", "DailyPnl"."closedPnl")
      IS DISTINCT FROM ($4::numeric, $5::numeric, $6::numeric)
    RETURNING "xmax" = 0 AS "created"
  ), moved AS (
    UPDATE "EaAccount" SET "balance" = $4::numeric, "equity" = $5::numeric, "lastReportOn" = $3::date
    WHERE "id" = (SELECT "id" FROM account) AND EXISTS (SELECT 1 FROM day)
      AND ("lastReportOn" IS NULL OR "lastReportOn" <= $3::date)
    RETURNING "balance", "equity"
  )
  SELECT a."archivedAt", a."archivedReason", COALESCE(m."balance", a."balance")::text AS "balance",
    COALESCE(m."equity", a."equity")::text AS "equity", (SELECT "created" FROM day) AS "created"
  FROM account a LEFT JOIN moved m ON true`;

/** An account's daily P&L over a range, in the answer's own shape (every day of the range, oldest first). */
export interface DailyPnlSeriesRow {
  id: string;
  currency: string;
  reportedDays: number;
  closedPnlTotal: number;
  days: DailyPnlSeries['days'];
}

/**
 * The account and every day of the range, in the answer's own shape: PostgreSQL lays out the calendar
 * (`$1::date + i`, date arithmetic, so no time zone is involved) and writes each figure as a JSON
 * number in its exact decimal text, which JSON.parse reads as `Number(text)` would: the days need no
 * pass in JavaScript at all (building 365 entries there was most of this read's own CPU).
 * $1/$2 the first and last day, $3 account, $4 user.
 */
const DAILY_PNL_SERIES_SQL = `SELECT json_build_object('id', a.id, 'currency', a.currency, 'reportedDays', r.reported,
    'closedPnlTotal', coalesce(r.total, 0), 'days', r.days) AS "data"
  FROM "EaAccount" a
  CROSS JOIN LATERAL (
    SELECT json_agg(json_build_object('date', to_char(g.day, 'YYYY-MM-DD'), 'reported', d."accountId" IS NOT NULL,
             'balance', d.balance, 'equity', d.equity, 'closedPnl', d."closedPnl") ORDER BY g.day) AS days,
           count(d."accountId")::int AS reported, sum(d."closedPnl") AS total
    FROM (SELECT $1::date + i AS day FROM generate_series(0, $2::date - $1::date) AS i) g
    LEFT JOIN "DailyPnl" d ON d."accountId" = a.id AND d.date = g.day
  ) r
  WHERE a.id = $3 AND a."userId" = $4`;

/** The accounts' reads and writes on a transaction someone else opened (or on the database's client). */
export class AccountsStore {
  constructor(private readonly tx: AccountsTransaction) {}

  /** The owner's account `id` (a valid uuid), or null: another user's reads as unknown. */
  async ownedAccount(ownerId: string, id: string): Promise<StoredAccount | null> {
    return this.tx.eaAccount.findFirst({ where: { id, userId: ownerId } });
  }

  async updateAccount(id: string, changes: AccountChanges): Promise<AccountRow> {
    return this.tx.eaAccount.update({ where: { id }, data: changes, include: WITH_CHALLENGE });
  }

  /**
   * Archives the owner's active accounts linked to the challenge, and answers them. The rows are locked FOR UPDATE
   * first: that waits for the report pushes in flight, which hold FOR KEY SHARE (see report.service.ts), and holds
   * back the next ones until this transaction ends, when they see the account archived. A plain UPDATE would not
   * conflict with them.
   */
  async archiveChallengeAccounts(ownerId: string, challengeId: string, reason: string, now: Date): Promise<ArchivedAccount[]> {
    const accounts = await this.tx.$queryRawUnsafe<ArchivedAccount[]>(LOCK_CHALLENGE_ACCOUNTS_SQL, challengeId, ownerId);
    if (accounts.length > 0) {
      await this.tx.eaAccount.updateMany({
        where: { id: { in: accounts.map((a) => a.id) } },
        data: { archivedAt: now, archivedReason: reason },
      });
    }
    return accounts;
  }
}

/** The owner's active accounts linked to a challenge ($1, its owner $2), locked until the transaction ends. */
const LOCK_CHALLENGE_ACCOUNTS_SQL = `
    SELECT "id", "login", "server" FROM "EaAccount"
    WHERE "challengeId" = $1 AND "userId" = $2 AND "archivedAt" IS NULL
    ORDER BY "id" FOR UPDATE`;

const ARCHIVED_SQL: Record<ArchivedFilter, string> = {
  exclude: ' AND a."archivedAt" IS NULL',
  include: '',
  only: ' AND a."archivedAt" IS NOT NULL',
};

const SNAPSHOT = columns<LatestSnapshot>()({
  instant: 'at',
  date: 'day',
  decimal: 'balance equity firstEquity minEquity maxEquity',
});
// The account's latest intraday row (the primary key's order), or null before its first snapshot.
const LATEST_SNAPSHOT = `(SELECT ${jsonObject('i', SNAPSHOT)} FROM "IntradayEquity" i WHERE i."accountId" = a."id" ORDER BY i."day" DESC LIMIT 1)`;

// The linked challenge as `WITH_CHALLENGE` selects it (same keys, same order), or null for an unlinked account.
const CHALLENGE = `CASE WHEN ch."id" IS NULL THEN NULL ELSE json_build_object('id', ch."id", 'firm', ch."firm", 'plan', ch."plan", 'phase', ch."phase") END`;

export class AccountsRepository {
  constructor(private readonly db: Database) {}

  /** The store on another context's transaction. */
  static within(tx: AccountsTransaction): AccountsStore {
    return new AccountsStore(tx);
  }

  /** Runs `work` in one transaction, with the store bound to it and the transaction for the challenges' lock. */
  inTransaction<T>(work: (store: AccountsStore, tx: AccountsTransaction) => Promise<T>): Promise<T> {
    return this.db.prisma.$transaction((tx) => work(new AccountsStore(tx), tx));
  }

  /**
   * Runs `inSameTransaction` (the challenge's lock and check), then inserts the account, in one transaction; null
   * when the owner already has an account with this login on this server (a unique index, so two cannot both pass).
   */
  async insertAccount(account: NewAccount, inSameTransaction: (tx: AccountsTransaction) => Promise<void>): Promise<AccountRow | null> {
    try {
      return await this.db.prisma.$transaction(async (tx) => {
        await inSameTransaction(tx);
        return tx.eaAccount.create({ data: account, include: WITH_CHALLENGE });
      });
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') return null;
      throw error;
    }
  }

  /** The owner's account with this login on this server, archived or not; null when there is none. */
  async accountByLogin(ownerId: string, server: string, login: string): Promise<AccountRow | null> {
    return this.db.prisma.eaAccount.findUnique({
      where: { userId_server_login: { userId: ownerId, server, login } },
      include: WITH_CHALLENGE,
    });
  }

  /**
   * A page of the owner's EA accounts (newest registration first, one row more than the page) with their linked
   * challenges and latest snapshots, in one statement on the driver (Prisma sent two: the page, then its challenges
   * by an IN list). The owner is the first condition; the challenge is joined after the LIMIT.
   */
  async accountPage(
    ownerId: string,
    keyset: Keyset<ListedAccountRow>,
    archived: ArchivedFilter,
    platform?: Platform,
  ): Promise<ListedAccountRow[]> {
    const params = new SqlParams();
    let where = `a."userId" = ${params.add(ownerId)}${ARCHIVED_SQL[archived]}`;
    // Compared as text: the parameter needs no cast to the enum, and a value the input let through matches nothing.
    if (platform !== undefined) where += ` AND a."platform"::text = ${params.add(platform)}`;
    const page = keysetPage(keyset, { table: 'EaAccount', alias: 'a', where, sort: { column: 'createdAt', kind: 'instant' } }, params);
    const rows = await queryJson<Record<string, unknown>[]>(
      this.db,
      `SELECT ${jsonArray(
        jsonObject('a', ACCOUNT, { challenge: CHALLENGE, snapshot: LATEST_SNAPSHOT }),
        `FROM ${page.from} LEFT JOIN "Challenge" ch ON ch."id" = a."challengeId"`,
        page.order,
      )} AS "data"`,
      params.values,
    );
    // Each row also carries the `challenge` object (or null) the statement joined in, and the latest snapshot.
    return (rows ?? []).map((row) => {
      const snapshot = row['snapshot'] as Record<string, unknown> | null;
      return {
        ...revive<StoredAccount>(row, ACCOUNT),
        snapshot: snapshot && revive<LatestSnapshot>(snapshot, SNAPSHOT),
      } as ListedAccountRow;
    });
  }

  /** The challenge the owner's account is linked to (null: none); undefined when the owner has no such account. */
  async accountChallenge(ownerId: string, accountId: string): Promise<AccountChallengeFacts | null | undefined> {
    const account = await this.db.prisma.eaAccount.findFirst({
      where: { id: accountId, userId: ownerId },
      select: { challenge: { select: { id: true, updatedAt: true, planId: true, purchasedAt: true, rulesOverride: true } } },
    });
    return account ? account.challenge : undefined;
  }

  /** Folds one snapshot into its account's firm-day row (see SNAPSHOT_SQL); undefined when there is no such account. */
  async upsertSnapshot(write: SnapshotWrite): Promise<SnapshotRow | undefined> {
    const params = [
      write.accountId,
      write.ownerId,
      write.challengeId,
      write.challengeUpdatedAt,
      write.day,
      write.at,
      write.balance,
      write.equity,
      write.openPositions,
    ];
    // Inside a unit (Idempotency-Key) the statement must join the unit's transaction, which only Prisma's client does;
    // outside one it runs on the driver: the snapshot is the write that comes many times a minute.
    const rows = this.db.inUnit
      ? await this.db.prisma.$queryRawUnsafe<SnapshotRow[]>(SNAPSHOT_SQL, ...params)
      : await this.db.driverQuery<SnapshotRow>(SNAPSHOT_SQL, params);
    return rows[0];
  }

  /** Writes one daily report (see DAILY_REPORT_SQL); undefined when there is no such account. */
  async recordDailyReport(write: DailyReportWrite): Promise<DailyReportRow | undefined> {
    const [row] = await this.db.prisma.$queryRawUnsafe<DailyReportRow[]>(
      DAILY_REPORT_SQL,
      write.accountId,
      write.ownerId,
      write.date,
      write.balance,
      write.equity,
      write.closedPnl,
      write.reportedAt,
    );
    return row;
  }

  /**
   * The owner's account's daily P&L from `from` to `to` (YYYY-MM-DD, both included); null when the owner has no such
   * account. One statement on the driver (no Prisma client in the path): the ownership check and the series together.
   */
  async dailyPnlSeries(ownerId: string, accountId: string, from: string, to: string): Promise<DailyPnlSeriesRow | null> {
    return queryJson<DailyPnlSeriesRow>(this.db, DAILY_PNL_SERIES_SQL, [from, to, accountId, ownerId]);
  }
}
