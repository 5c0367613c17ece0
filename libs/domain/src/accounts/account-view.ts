import type { EaAccountModel as EaAccount } from '@propfolio/db';
import { isoOrNull } from '../shared/dates.js';
import { toMoney } from '../shared/money.js';
import type { AccountView } from './accounts.outputs.js';

export type AccountRow = EaAccount & { challenge: { id: string; firm: string; plan: string; phase: string } | null };

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
