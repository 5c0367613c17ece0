import type { Caller } from '@propfolio/core';
import type {
  ChallengeCostModel as Cost,
  ChallengeEventModel as ChallengeEvent,
  ChallengeModel as Challenge,
  Database,
  EaAccountModel as EaAccount,
  MemoModel as Memo,
  PayoutModel as Payout,
  PlanModel as Plan,
} from '@propfolio/db';
import { requireId } from '../shared/ids.js';
import { columns, jsonArray, jsonObject, queryJson, revive, type Columns } from '../shared/json-rows.js';
import { ACCOUNT, CHALLENGE, COST, MEMO, PAYOUT } from '../shared/model-columns.js';

const EVENT = columns<HistoryRow>()({ plain: 'phase status', date: 'date' });
const PLAN = columns<CatalogPlanRow>()({
  plain: 'id firmSlug program phases currency rules',
  decimal: 'price',
  date: 'checkedOn',
});

export type HistoryRow = Pick<ChallengeEvent, 'date' | 'phase' | 'status'>;
export type CatalogPlanRow = Pick<Plan, 'id' | 'firmSlug' | 'program' | 'phases' | 'price' | 'currency' | 'checkedOn' | 'rules'>;

/** The rows get_challenge answers from, shaped as Prisma's model queries return them (Decimal, Date). */
export interface ChallengeDetailRows {
  challenge: Challenge;
  /** Oldest first. */
  memos: Memo[];
  /** Newest first. */
  payouts: Payout[];
  /** Linked EA accounts, archived ones included, newest registration first. */
  accounts: EaAccount[];
  /** Oldest first. */
  costs: Cost[];
  /** Oldest first. */
  history: HistoryRow[];
  catalogPlan: CatalogPlanRow | null;
  /** Ids of the caller's challenges bought as resets of this one, by purchase date. */
  resets: string[];
}

/**
 * Everything get_challenge shows, in one statement on the driver: the challenge (its owner is the `where`)
 * with its memos, payouts, EA accounts, costs, history, catalog plan and resets, built as JSON by the
 * database with numerics as exact text and dates as ISO text, independent of either side's time zone.
 * The rows come back in the shapes the views take. A foreign or unknown id reads as null. Like every
 * driver query it runs outside any `unit(…)` (get_challenge is a read and is never called inside one).
 */
export async function readChallengeDetail(db: Database, caller: Caller, challengeId: string): Promise<ChallengeDetailRows | null> {
  const data = await queryJson<Record<keyof ChallengeDetailRows, unknown>>(db, SQL, [requireId(challengeId, 'Challenge'), caller.userId]);
  if (!data) return null;
  const list = <T>(rows: unknown, cols: Columns<T>) => (rows as Record<string, unknown>[]).map((r) => revive<T>(r, cols));
  return {
    challenge: revive<Challenge>(data.challenge as Record<string, unknown>, CHALLENGE),
    memos: list<Memo>(data.memos, MEMO),
    payouts: list<Payout>(data.payouts, PAYOUT),
    accounts: list<EaAccount>(data.accounts, ACCOUNT),
    costs: list<Cost>(data.costs, COST),
    history: list<HistoryRow>(data.history, EVENT),
    catalogPlan: data.catalogPlan === null ? null : revive<CatalogPlanRow>(data.catalogPlan as Record<string, unknown>, PLAN),
    resets: data.resets as string[],
  };
}

/** The rows of `table` (as `alias`) matching `where`, as a JSON array in `order` ('[]' when none). */
const array = <T>(table: string, alias: string, cols: Columns<T>, where: string, order: string) =>
  jsonArray(jsonObject(alias, cols), `FROM "${table}" ${alias} WHERE ${where}`, order);

// The orders are those of the model queries this replaces (Prisma's `orderBy`, same columns, same directions).
const SQL = `
SELECT json_build_object(
  'challenge', ${jsonObject('c', CHALLENGE)},
  'memos', ${array('Memo', 'm', MEMO, `m."challengeId" = c."id"`, `m."createdAt" ASC, m."id" ASC`)},
  'payouts', ${array('Payout', 'p', PAYOUT, `p."challengeId" = c."id"`, `p."date" DESC, p."id" DESC`)},
  'accounts', ${array('EaAccount', 'a', ACCOUNT, `a."challengeId" = c."id"`, `a."createdAt" DESC, a."id" DESC`)},
  'costs', ${array('ChallengeCost', 'k', COST, `k."challengeId" = c."id"`, `k."date" ASC, k."createdAt" ASC`)},
  'history', ${array('ChallengeEvent', 'e', EVENT, `e."challengeId" = c."id"`, `e."date" ASC, e."createdAt" ASC`)},
  'catalogPlan', (SELECT ${jsonObject('pl', PLAN)} FROM "Plan" pl WHERE pl."id" = c."planId"),
  'resets', COALESCE((SELECT json_agg(r."id" ORDER BY r."purchasedAt" ASC) FROM "Challenge" r
    WHERE r."resetOfId" = c."id" AND r."userId" = c."userId"), '[]'::json)
) AS "data"
FROM "Challenge" c WHERE c."id" = $1 AND c."userId" = $2`;
