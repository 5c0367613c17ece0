import { addDays, AppError, type Caller } from '@propfolio/core';
import { DEFAULT_DAYS, type DailyPnlInput } from './accounts.inputs.js';
import { todayIso } from '../shared/dates.js';
import { requireId } from '../shared/ids.js';
import type { DailyPnlSeries } from './accounts.outputs.js';
import type { AccountsRepository } from './accounts.repository.js';

/**
 * The daily P&L series of the last N calendar days, ending today (UTC). Every day appears, oldest
 * first; a day without a report is an entry with `reported: false` and null figures, so gaps stay
 * visible instead of being interpolated.
 */
export class DailyPnlService {
  constructor(private readonly accounts: AccountsRepository) {}

  async series(caller: Caller, input: DailyPnlInput, now = new Date()): Promise<DailyPnlSeries> {
    const days = input.days ?? DEFAULT_DAYS;
    const to = todayIso(now);
    const from = addDays(to, -(days - 1));
    const account = await this.accounts.dailyPnlSeries(caller.userId, requireId(input.id, 'EA account'), from, to);
    if (!account) throw AppError.notFound('EA account');
    return {
      accountId: account.id,
      currency: account.currency,
      from,
      to,
      reportedDays: account.reportedDays,
      closedPnlTotal: account.closedPnlTotal,
      days: account.days,
    };
  }
}
