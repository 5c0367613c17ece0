import { AppError, type Caller } from '@propfolio/core';
import { requireId } from '../shared/ids.js';
import { SqlParams } from '../shared/keyset-sql.js';
import type { Platform } from '@propfolio/coach';
import { BREAKEVEN_BELOW } from './trade-view.js';
import type { Outcome, TradeScope } from './trades.inputs.js';
import type { TradeFilters } from './trades.outputs.js';

const OUTCOME_SQL: Record<Outcome, string> = {
  win: ` AND t."net" >= ${BREAKEVEN_BELOW}`,
  loss: ` AND t."net" <= -${BREAKEVEN_BELOW}`,
  breakeven: ` AND abs(t."net") < ${BREAKEVEN_BELOW}`,
};

/**
 * Whether the scope filters on a trade's own fields (symbol, side, outcome, tag, signal): the kept summary, folded per
 * account, cannot answer those, so the stats are read from the trades (in slices).
 */
export function filtersTrades(scope: TradeScope): boolean {
  return (
    scope.symbol !== undefined ||
    scope.side !== undefined ||
    scope.outcome !== undefined ||
    scope.tag !== undefined ||
    scope.signalId !== undefined
  );
}

/**
 * The WHERE over `t` ("Trade") for the scope a list, the stats or the curve read: the owner first (so a foreign id
 * matches nothing), then the account or the challenge's accounts, the platform's accounts, the close window, and the
 * trade's own fields (symbol, side, outcome, tag, signal). One WHERE for all three, so a figure never counts other
 * trades than the list.
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
  if (scope.symbol !== undefined) where += ` AND t."symbol" = ${params.add(scope.symbol)}`;
  if (scope.side !== undefined) where += ` AND t."side" = ${params.add(scope.side)}`;
  if (scope.outcome !== undefined) where += OUTCOME_SQL[scope.outcome];
  if (scope.tag !== undefined) where += ` AND t."tags" @> ARRAY[${params.add(scope.tag)}]::text[]`;
  // After the owner: another user's signal id matches none of the caller's trades (the (userId, signalId) index).
  if (scope.signalId !== undefined) where += ` AND t."signalId" = ${params.add(scope.signalId)}`;
  return where;
}

/** The filters a scope applies, as an answer names them. */
export function filtersOf(scope: TradeScope): TradeFilters {
  return {
    accountId: scope.accountId ?? null,
    challengeId: scope.challengeId ?? null,
    platform: scope.platform ?? null,
    currency: scope.currency ?? null,
    symbol: scope.symbol ?? null,
    side: scope.side ?? null,
    outcome: scope.outcome ?? null,
    tag: scope.tag ?? null,
    signalId: scope.signalId ?? null,
    from: scope.from === undefined ? null : new Date(scope.from).toISOString(),
    to: scope.to === undefined ? null : new Date(scope.to).toISOString(),
  };
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
 * currency (`currency`) or per account. A list of trades may mix them: each trade carries its own currency. The
 * refusal for the scope's currencies (trades.repository.ts, scopeCurrencies), or null when they are one or none.
 */
export function mixedCurrencies(found: readonly string[]): AppError | null {
  const currencies = [...new Set(found)];
  if (currencies.length <= 1) return null;
  return new AppError(
    'mixed_currencies',
    `These trades are in ${currencies.join(' and ')}: amounts of different currencies are never added up. Ask per currency (currency=${currencies[0]}) or per account (accountId).`,
    [{ field: 'currency', message: `required when the trades are in ${currencies.join(', ')}` }],
    { currencies: currencies.join(',') },
  );
}
