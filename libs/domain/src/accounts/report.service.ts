import { AppError, type Caller } from '@propfolio/core';
import type { Database } from '@propfolio/db';
import type { AccountReportInput } from './accounts.inputs.js';
import { assertNotFuture } from '../shared/dates.js';
import { requireId } from '../shared/ids.js';
import { type Decimal, toDecimal, toMoney } from '../shared/money.js';
import type { ReportResult } from './accounts.outputs.js';
import { archivedAccountError } from './archived-error.js';
import { afterAccountWrite } from '../alerts/alerts.service.js';

/** Broker server days run up to a few hours ahead of UTC, so a report may be dated one day after UTC today. */
const BROKER_DAY_GRACE = 1;

/** What the push statement answers: no row when the caller owns no such account. */
interface PushRow {
  archivedAt: Date | null;
  archivedReason: string | null;
  /** The account's figures after the push (the day's when it moved them, else those it already had). */
  balance: Decimal;
  equity: Decimal;
  /** true: a new day; false: the day's figures were replaced; null: nothing was written. */
  created: boolean | null;
}

/**
 * The EA tracker's daily push. One row per account and day: a new day is created, different figures
 * replace the day's, and an identical retry writes nothing at all. The account's balance and equity
 * follow its latest day. An archived account refuses reports (409 account_archived).
 *
 * The whole push is one statement, so one round trip (the database is the cost of a push), atomic on its
 * own and inside a unit alike:
 * - the account row is locked first, FOR KEY SHARE: pushes for one account run side by side (each waits
 *   for its own commit's WAL flush; a lock held across it would cap an account at one push per flush),
 *   while archiving (archive-accounts.ts) locks the row FOR UPDATE and so waits for them: a report
 *   either lands before an archive or sees the account archived;
 * - the day is an upsert whose update only happens when the figures differ. Its check reads the day's
 *   latest committed row, not the statement's snapshot, so a same-day retry that waited on the first
 *   push's uncommitted row (the unique day index, not the account lock) sees that row and answers
 *   `unchanged`; `xmax = 0` tells a new row from a replaced one;
 * - the latest-day rule is a conditional UPDATE, re-checked against the latest account row, never a
 *   read-then-write. It runs only when the day was written, and it is what orders two pushes that both
 *   move the account (its row lock does not conflict with FOR KEY SHARE, so no deadlock).
 */
export class ReportService {
  constructor(private readonly db: Database) {}

  async push(caller: Caller, input: AccountReportInput, now = new Date()): Promise<ReportResult> {
    assertNotFuture('date', input.date, now, BROKER_DAY_GRACE);
    const accountId = requireId(input.id, 'EA account');
    const balance = toDecimal(input.balance);
    const equity = toDecimal(input.equity);
    const closedPnl = toDecimal(input.closedPnl);
    const [row] = await this.db.prisma.$queryRaw<PushRow[]>`
      WITH account AS (
        SELECT "id", "balance", "equity", "archivedAt", "archivedReason" FROM "EaAccount"
        WHERE "id" = ${accountId} AND "userId" = ${caller.userId}
        FOR KEY SHARE
      ), day AS (
        INSERT INTO "DailyPnl" ("accountId", "date", "balance", "equity", "closedPnl", "reportedAt")
        SELECT "id", ${input.date}::date, ${balance}::numeric, ${equity}::numeric, ${closedPnl}::numeric, ${now}::timestamptz
        FROM account WHERE "archivedAt" IS NULL
        ON CONFLICT ("accountId", "date") DO UPDATE
        SET "balance" = EXCLUDED."balance", "equity" = EXCLUDED."equity", "closedPnl" = EXCLUDED."closedPnl", "reportedAt" = EXCLUDED."reportedAt"
        WHERE ("DailyPnl"."balance", "DailyPnl"."equity", "DailyPnl"."closedPnl")
          IS DISTINCT FROM (${balance}::numeric, ${equity}::numeric, ${closedPnl}::numeric)
        RETURNING "xmax" = 0 AS "created"
      ), moved AS (
        UPDATE "EaAccount" SET "balance" = ${balance}::numeric, "equity" = ${equity}::numeric, "lastReportOn" = ${input.date}::date
        WHERE "id" = (SELECT "id" FROM account) AND EXISTS (SELECT 1 FROM day)
          AND ("lastReportOn" IS NULL OR "lastReportOn" <= ${input.date}::date)
        RETURNING "balance", "equity"
      )
      SELECT a."archivedAt", a."archivedReason", COALESCE(m."balance", a."balance") AS "balance",
        COALESCE(m."equity", a."equity") AS "equity", (SELECT "created" FROM day) AS "created"
      FROM account a LEFT JOIN moved m ON true`;
    if (!row) throw AppError.notFound('EA account');
    if (row.archivedAt) throw archivedAccountError(row.archivedAt, row.archivedReason);
    if (row.created !== null) afterAccountWrite(this.db, accountId);
    return {
      accountId,
      date: input.date,
      outcome: row.created === null ? 'unchanged' : row.created ? 'created' : 'updated',
      balance: toMoney(row.balance),
      equity: toMoney(row.equity),
    };
  }
}
