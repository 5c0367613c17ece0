import { AppError, type Caller } from '@propfolio/core';
import type { Database } from '@propfolio/db';
import type { AccountReportInput } from '../contracts/accounts.js';
import { assertNotFuture, dateToIso, isoToDate } from '../shared/dates.js';
import { toDecimal, toMoney } from '../shared/money.js';
import type { ReportResult } from './account-schemas.js';
import { lockOwnedAccount } from './owned-account.js';

/** Broker server days run up to a few hours ahead of UTC, so a report may be dated one day after UTC today. */
const BROKER_DAY_GRACE = 1;

/**
 * The EA tracker's daily push. One row per account and day: a new day is created, different figures
 * replace the day's, and an identical retry writes nothing at all. The account's balance and equity
 * follow its latest day. An archived account refuses reports (409 account_archived).
 *
 * Concurrency: the account row is locked for the transaction, so pushes for one account (and a phase
 * change or breach archiving it) serialise; a same-day retry sees the first push's row and answers
 * `unchanged`. The latest-day rule is also one conditional UPDATE, never a read-then-write.
 */
export class ReportService {
  constructor(private readonly db: Database) {}

  async push(caller: Caller, input: AccountReportInput, now = new Date()): Promise<ReportResult> {
    assertNotFuture('date', input.date, now, BROKER_DAY_GRACE);
    const figures = { balance: toDecimal(input.balance), equity: toDecimal(input.equity), closedPnl: toDecimal(input.closedPnl) };
    const date = isoToDate(input.date);
    return this.db.prisma.$transaction(async (tx) => {
      const account = await lockOwnedAccount(tx, caller, input.id);
      if (account.archivedAt) {
        throw AppError.conflict(
          `This EA account was archived on ${account.archivedAt.toISOString().slice(0, 10)} (${account.archivedReason ?? 'no reason given'}) and takes no more reports. Register the new trading account instead.`,
          'account_archived',
        );
      }
      const key = { accountId: account.id, date };
      const existing = await tx.dailyPnl.findUnique({ where: { accountId_date: key } });
      const same =
        existing !== null &&
        existing.balance.eq(figures.balance) &&
        existing.equity.eq(figures.equity) &&
        existing.closedPnl.eq(figures.closedPnl);
      let outcome: ReportResult['outcome'] = 'unchanged';
      let current = account;
      if (!same) {
        await tx.dailyPnl.upsert({
          where: { accountId_date: key },
          create: { ...key, ...figures, reportedAt: now },
          update: { ...figures, reportedAt: now },
        });
        outcome = existing ? 'updated' : 'created';
        const moved = await tx.eaAccount.updateMany({
          where: { id: account.id, OR: [{ lastReportOn: null }, { lastReportOn: { lte: date } }] },
          data: { balance: figures.balance, equity: figures.equity, lastReportOn: date },
        });
        if (moved.count > 0) current = await tx.eaAccount.findUniqueOrThrow({ where: { id: account.id } });
      }
      return {
        accountId: account.id,
        date: dateToIso(date),
        outcome,
        balance: toMoney(current.balance),
        equity: toMoney(current.equity),
      };
    });
  }
}
