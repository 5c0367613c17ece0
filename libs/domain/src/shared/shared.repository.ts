import type {
  ChallengeCostModel as Cost,
  ChallengeModel as Challenge,
  Database,
  EaAccountModel as EaAccount,
  MemoModel as Memo,
  PayoutModel as Payout,
} from '@propfolio/db';
import { columns } from './json-rows.js';

/**
 * The plumbing the contexts' repositories share (docs/architecture.md, "Data access"): running a one-statement JSON
 * read on the driver, and the column layouts of the Prisma models several of them read as JSON. It names the
 * database and the models, so it is a repository by the data-access rule (eslint.config.mjs) and imported only by
 * repositories; the SQL text and the rows' revival stay database-free in json-rows.ts.
 */

/**
 * The `data` column of a statement that answers one JSON row, or null when it answers none. On the driver,
 * outside any `unit(…)`: for reads only.
 */
export async function queryJson<T>(db: Database, sql: string, params: readonly unknown[]): Promise<T | null> {
  const [row] = await db.driverQuery<{ data: T | string }>(sql, [...params]);
  if (!row) return null;
  // node-postgres parses json; PGlite's driver may hand it back as text.
  return typeof row.data === 'string' ? (JSON.parse(row.data) as T) : row.data;
}

// Every column of the models the views take, by how each travels as JSON (a model that gains a column fails
// to compile here until it is listed), shared by the one-statement reads.
export const CHALLENGE = columns<Challenge>()({
  plain: 'id userId firm plan currency billing phase status paymentMethod couponCode planId resetOfId fxCurrency rulesOverride platform',
  decimal: 'price listPrice fxRate',
  date: 'purchasedAt passedAt failedAt monthlyEndedAt',
  instant: 'createdAt updatedAt',
});
export const MEMO = columns<Memo>()({ plain: 'id userId challengeId content', instant: 'createdAt' });
export const PAYOUT = columns<Payout>()({
  plain: 'id userId challengeId currency status deniedReason method fxCurrency',
  decimal: 'amount grossAmount splitPercent fxRate',
  date: 'date',
  instant: 'createdAt',
});
export const ACCOUNT = columns<EaAccount>()({
  plain: 'id userId challengeId login server name currency archivedReason platform',
  decimal: 'initialBalance balance equity',
  date: 'lastReportOn',
  instant: 'archivedAt createdAt',
});
export const COST = columns<Cost>()({
  plain: 'id userId challengeId kind currency note fxCurrency',
  decimal: 'amount fxRate',
  date: 'date',
  instant: 'createdAt',
});
