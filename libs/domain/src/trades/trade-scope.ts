import { AppError, type Caller } from '@propfolio/core';
import type { Database } from '@propfolio/db';
import { requireId } from '../shared/ids.js';
import { SqlParams } from '../shared/keyset-sql.js';
import type { Platform } from '@propfolio/coach';
import type { TradeScope } from './trades.inputs.js';

/**
 * The WHERE over `t` ("Trade") for the scope a list or the stats read: the owner first (so a foreign id
 * matches nothing), then the account or the challenge's accounts, the platform's accounts, then the close window.
 */
export function scopeSql(caller: Caller, scope: TradeScope, params: SqlParams): string {
  const user = params.add(caller.userId);
  let where = `t."userId" = ${user}`;
  if (scope.accountId !== undefined) where += ` AND t."accountId" = ${params.add(requireId(scope.accountId, 'EA account'))}`;
  if (scope.challengeId !== undefined) {
    where += ` AND t."accountId" IN (SELECT a."id" FROM "EaAccount" a WHERE a."userId" = ${user} AND a."challengeId" = ${params.add(
      requireId(scope.challengeId, 'Challenge'),
    )})`;
  }
  if (scope.platform !== undefined) {
    where += ` AND t."accountId" IN (SELECT a."id" FROM "EaAccount" a WHERE ${platformAccountsSql(user, scope.platform, params)})`;
  }
  if (scope.currency !== undefined) {
    where += ` AND t."accountId" IN (SELECT a."id" FROM "EaAccount" a WHERE ${currencyAccountsSql(user, scope.currency, params)})`;
  }
  if (scope.from !== undefined) where += ` AND t."closedAt" >= ${params.add(new Date(scope.from).toISOString(), 'timestamptz')}`;
  if (scope.to !== undefined) where += ` AND t."closedAt" < ${params.add(new Date(scope.to).toISOString(), 'timestamptz')}`;
  return where;
}

/**
 * The condition over `a` ("EaAccount") picking the owner's accounts on `platform` (`user` its placeholder): an
 * account that records no platform is on none. Compared as text, so the parameter needs no cast to the enum.
 */
export function platformAccountsSql(user: string, platform: Platform, params: SqlParams): string {
  return `a."userId" = ${user} AND a."platform"::text = ${params.add(platform)}`;
}

/** The condition over `a` ("EaAccount") picking the owner's accounts in `currency` (`user` its placeholder). */
export function currencyAccountsSql(user: string, currency: string, params: SqlParams): string {
  return `a."userId" = ${user} AND a."currency" = ${params.add(currency)}`;
}

/**
 * Money of different currencies is never added up: a statistic or curve over a scope whose accounts (with trades in
 * it) hold more than one currency is refused with 422 mixed_currencies naming them, so the caller asks again per
 * currency (`currency`) or per account. A list of trades may mix them: each trade carries its own currency.
 */
export async function assertOneCurrency(db: Database, caller: Caller, scope: TradeScope): Promise<void> {
  if (scope.accountId !== undefined || scope.currency !== undefined) return;
  const params = new SqlParams();
  const where = scopeSql(caller, scope, params);
  // One row per currency with a trade in scope, by the (user, closedAt) index's owner prefix: a few rows, not the trades.
  const rows = await db.driverQuery<{ currency: string }>(
    `SELECT a."currency" FROM "EaAccount" a WHERE a."userId" = $1
       AND EXISTS (SELECT 1 FROM "Trade" t WHERE t."accountId" = a."id" AND ${where}) ORDER BY a."currency"`,
    params.values,
  );
  const currencies = [...new Set(rows.map((r) => r.currency))];
  if (currencies.length <= 1) return;
  throw new AppError(
    'mixed_currencies',
    `These trades are in ${currencies.join(' and ')}: amounts of different currencies are never added up. Ask per currency (currency=${currencies[0]}) or per account (accountId).`,
    [{ field: 'currency', message: `required when the trades are in ${currencies.join(', ')}` }],
    { currencies: currencies.join(',') },
  );
}

/**
 * 404 when the scope names an account or a challenge the caller does not own (exactly like an unknown id),
 * so an empty answer always means "no trades", never "not yours".
 */
export async function assertScopeOwned(db: Database, caller: Caller, scope: TradeScope): Promise<void> {
  if (scope.accountId !== undefined) {
    const id = requireId(scope.accountId, 'EA account');
    const rows = await db.driverQuery('SELECT 1 FROM "EaAccount" WHERE "id" = $1 AND "userId" = $2', [id, caller.userId]);
    if (rows.length === 0) throw AppError.notFound('EA account');
  }
  if (scope.challengeId !== undefined) {
    const id = requireId(scope.challengeId, 'Challenge');
    const rows = await db.driverQuery('SELECT 1 FROM "Challenge" WHERE "id" = $1 AND "userId" = $2', [id, caller.userId]);
    if (rows.length === 0) throw AppError.notFound('Challenge');
  }
}
