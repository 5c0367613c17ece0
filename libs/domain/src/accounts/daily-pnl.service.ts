import { firmDayAt, type Rollover } from '@propfolio/coach';
import { addDays, AppError, type Caller } from '@propfolio/core';
import { DEFAULT_DAYS, type DailyPnlInput } from './accounts.inputs.js';
import { requireId } from '../shared/ids.js';
import type { DailyPnlSeries } from './accounts.outputs.js';
import type { AccountChallengeFacts, AccountsRepository } from './accounts.repository.js';

/**
 * The daily P&L series of the last N firm days, ending with the account's firm day now (its challenge's roll-over:
 * 17:00 New York, midnight Prague, UTC midnight without one). Every day appears, oldest first; a day without a
 * report is an entry with `reported: false` and null figures, so gaps stay visible instead of being interpolated.
 * Ending at the UTC date instead left a Prague firm's today out of the series for an hour each evening (two in
 * winter), while the headroom beside it already counted it.
 */
export class DailyPnlService {
  constructor(
    private readonly accounts: AccountsRepository,
    /** The roll-over of the rules of an account's challenge, as the snapshots use it (services.ts). */
    private readonly rolloverOf: (challenge: AccountChallengeFacts | null) => Promise<{ rollover: Rollover }>,
  ) {}

  async series(caller: Caller, input: DailyPnlInput, now = new Date()): Promise<DailyPnlSeries> {
    const days = input.days ?? DEFAULT_DAYS;
    const accountId = requireId(input.id, 'EA account');
    const challenge = await this.accounts.accountChallenge(caller.userId, accountId);
    if (challenge === undefined) throw AppError.notFound('EA account');
    const to = firmDayAt(now, (await this.rolloverOf(challenge)).rollover).day;
    const from = addDays(to, -(days - 1));
    const account = await this.accounts.dailyPnlSeries(caller.userId, accountId, from, to);
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
