import { dateToIso, isoOrNull } from '../shared/dates.js';
import { toMoney } from '../shared/money.js';
import type { AccountView, ListedAccountView } from './accounts.outputs.js';
import type { Decimal } from '../shared/money.js';
import type { StoredAccount as EaAccount } from './accounts.repository.js';

export type AccountRow = EaAccount & { challenge: { id: string; firm: string; plan: string; phase: string } | null };

/** The linked challenge's fields an account's view shows, as the repository selects them. */
export const WITH_CHALLENGE = { challenge: { select: { id: true, firm: true, plan: true, phase: true } } } as const;

/** The account as an agent needs it, with P&L and P&L % computed exactly in Decimal. */
export function toAccountView(row: AccountRow): AccountView {
  const pnl = row.balance.minus(row.initialBalance);
  const pnlPercent = pnl.div(row.initialBalance).times(100).toDecimalPlaces(2);
  return {
    id: row.id,
    name: row.name,
    login: row.login,
    server: row.server,
    currency: row.currency,
    platform: row.platform,
    initialBalance: toMoney(row.initialBalance),
    balance: toMoney(row.balance),
    equity: toMoney(row.equity),
    pnl: toMoney(pnl),
    pnlPercent: toMoney(pnlPercent),
    lastReportOn: isoOrNull(row.lastReportOn),
    archived: row.archivedAt !== null,
    archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
    archivedReason: row.archivedReason,
    challenge: row.challenge,
    createdAt: row.createdAt.toISOString(),
  };
}

/** An account's latest intraday row: its latest snapshot and its firm day's first, lowest and highest equity. */
export interface LatestSnapshot {
  at: Date;
  day: Date;
  balance: Decimal;
  equity: Decimal;
  firstEquity: Decimal;
  minEquity: Decimal;
  maxEquity: Decimal;
}

export type ListedAccountRow = AccountRow & { snapshot: LatestSnapshot | null };

/** The account as list_accounts shows it: the view, and its latest snapshot's figures (equity now, the day's range). */
export function toListedAccountView(row: ListedAccountRow): ListedAccountView {
  const s = row.snapshot;
  return {
    ...toAccountView(row),
    snapshot: s && {
      at: s.at.toISOString(),
      day: dateToIso(s.day),
      balance: toMoney(s.balance),
      equity: toMoney(s.equity),
      floating: toMoney(s.equity.minus(s.balance)),
      equityPercent: toMoney(s.equity.minus(row.initialBalance).div(row.initialBalance).times(100).toDecimalPlaces(2)),
      dayFirst: toMoney(s.firstEquity),
      dayLow: toMoney(s.minEquity),
      dayHigh: toMoney(s.maxEquity),
    },
  };
}
