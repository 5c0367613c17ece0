import { AppError, type Caller } from '@propfolio/core';
import type { AccountReportInput } from './accounts.inputs.js';
import { assertNotFuture } from '../shared/dates.js';
import { requireId } from '../shared/ids.js';
import { moneyFromText, toDecimal } from '../shared/money.js';
import type { ReportResult } from './accounts.outputs.js';
import { archivedAccountError } from './archived-error.js';
import type { AccountWriteNotifier } from '../shared/account-writes.js';
import type { AccountsRepository } from './accounts.repository.js';

/** Broker server days run up to a few hours ahead of UTC, so a report may be dated one day after UTC today. */
const BROKER_DAY_GRACE = 1;

/**
 * The EA tracker's daily push. One row per account and day: a new day is created, different figures
 * replace the day's, and an identical retry writes nothing at all. The account's balance and equity
 * follow its latest day. An archived account refuses reports (409 account_archived).
 *
 * The whole push is one statement (DAILY_REPORT_SQL, in the repository), so one round trip (the database is the
 * cost of a push), atomic on its own and inside a unit alike:
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
  constructor(
    private readonly accounts: AccountsRepository,
    /** Told after a report wrote a day (the alerts). */
    private readonly writes: AccountWriteNotifier,
  ) {}

  async push(caller: Caller, input: AccountReportInput, now = new Date()): Promise<ReportResult> {
    assertNotFuture('date', input.date, now, BROKER_DAY_GRACE);
    const accountId = requireId(input.id, 'EA account');
    const row = await this.accounts.recordDailyReport({
      accountId,
      ownerId: caller.userId,
      date: input.date,
      balance: toDecimal(input.balance).toString(),
      equity: toDecimal(input.equity).toString(),
      closedPnl: toDecimal(input.closedPnl).toString(),
      reportedAt: now.toISOString(),
    });
    if (!row) throw AppError.notFound('EA account');
    if (row.archivedAt) throw archivedAccountError(new Date(row.archivedAt), row.archivedReason);
    if (row.created !== null) this.writes.accountWritten(accountId);
    return {
      accountId,
      date: input.date,
      outcome: row.created === null ? 'unchanged' : row.created ? 'created' : 'updated',
      balance: moneyFromText(row.balance),
      equity: moneyFromText(row.equity),
    };
  }
}
