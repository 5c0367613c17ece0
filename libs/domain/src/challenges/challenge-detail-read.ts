import type { Caller } from '@propfolio/core';
import {
  Prisma,
  type ChallengeCostModel as Cost,
  type ChallengeEventModel as ChallengeEvent,
  type ChallengeModel as Challenge,
  type Database,
  type EaAccountModel as EaAccount,
  type MemoModel as Memo,
  type PayoutModel as Payout,
  type PlanModel as Plan,
} from '@propfolio/db';
import { requireId } from '../shared/ids.js';

/** How a column travels in the JSON: as is, numeric as exact text, a date as YYYY-MM-DD, an instant as ISO UTC. */
type Kind = 'plain' | 'decimal' | 'date' | 'instant';
type Columns<T> = Readonly<Record<keyof T & string, Kind>>;

type Words<S extends string> = S extends `${infer Head} ${infer Rest}` ? Head | Words<Rest> : S;
type Layout = Partial<Record<Kind, string>>;
type Named<L extends Layout> = Words<Extract<L[keyof L], string>>;
/** The layout when it names every column of T and nothing else; otherwise a type that reports the difference. */
type Whole<T, L extends Layout> = [Exclude<Named<L>, keyof T>] extends [never]
  ? [Exclude<keyof T, Named<L>>] extends [never]
    ? L
    : { missing: Exclude<keyof T, Named<L>> }
  : { unknown: Exclude<Named<L>, keyof T> };

/** Columns by kind, names separated by spaces; the compiler holds the list to exactly the columns of T. */
const columns =
  <T>() =>
  <const L extends Layout>(layout: L & Whole<T, L>): Columns<T> =>
    Object.fromEntries(
      Object.entries(layout as Layout).flatMap(([kind, names]) => names.split(' ').map((name) => [name, kind])),
    ) as Columns<T>;

// Every column of the models the views take (a model that gains one fails to compile here until it is listed).
const CHALLENGE = columns<Challenge>()({
  plain: 'id userId firm plan currency billing phase status paymentMethod couponCode planId resetOfId fxCurrency rulesOverride',
  decimal: 'price listPrice fxRate',
  date: 'purchasedAt passedAt failedAt monthlyEndedAt',
  instant: 'createdAt updatedAt',
});
const MEMO = columns<Memo>()({ plain: 'id userId challengeId content', instant: 'createdAt' });
const PAYOUT = columns<Payout>()({
  plain: 'id userId challengeId currency status deniedReason method fxCurrency',
  decimal: 'amount grossAmount splitPercent fxRate',
  date: 'date',
  instant: 'createdAt',
});
const ACCOUNT = columns<EaAccount>()({
  plain: 'id userId challengeId login server name currency archivedReason',
  decimal: 'initialBalance balance equity',
  date: 'lastReportOn',
  instant: 'archivedAt createdAt',
});
const COST = columns<Cost>()({
  plain: 'id userId challengeId kind currency note fxCurrency',
  decimal: 'amount fxRate',
  date: 'date',
  instant: 'createdAt',
});
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
  const [row] = await db.driverQuery<{ data: Record<string, unknown> | string }>(SQL, [requireId(challengeId, 'Challenge'), caller.userId]);
  if (!row) return null;
  // node-postgres parses json; PGlite's driver may hand it back as text.
  const data = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<keyof ChallengeDetailRows, unknown>;
  const list = <T>(rows: unknown, columns: Columns<T>) => (rows as Record<string, unknown>[]).map((r) => revive(r, columns));
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

/** Text back to what Prisma returns: a Decimal from the exact text, a Date from ISO text (a date alone is UTC). */
function revive<T>(row: Record<string, unknown>, columns: Columns<T>): T {
  for (const [name, kind] of Object.entries<Kind>(columns)) {
    const value = row[name];
    if (value === null || kind === 'plain') continue;
    row[name] = kind === 'decimal' ? new Prisma.Decimal(value as string) : new Date(value as string);
  }
  return row as T;
}

const EXPRESSION: Record<Kind, (column: string) => string> = {
  plain: (column) => column,
  decimal: (column) => `${column}::text`,
  date: (column) => `to_char(${column}, 'YYYY-MM-DD')`,
  instant: (column) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
};

const object = <T>(alias: string, columns: Columns<T>) =>
  `json_build_object(${Object.entries<Kind>(columns)
    .map(([name, kind]) => `'${name}', ${EXPRESSION[kind](`${alias}."${name}"`)}`)
    .join(', ')})`;

/** The rows of `table` (as `alias`) matching `where`, as a JSON array in `order` ('[]' when none). */
const array = <T>(table: string, alias: string, columns: Columns<T>, where: string, order: string) =>
  `COALESCE((SELECT json_agg(${object(alias, columns)} ORDER BY ${order}) FROM "${table}" ${alias} WHERE ${where}), '[]'::json)`;

// The orders are those of the model queries this replaces (Prisma's `orderBy`, same columns, same directions).
const SQL = `
SELECT json_build_object(
  'challenge', ${object('c', CHALLENGE)},
  'memos', ${array('Memo', 'm', MEMO, `m."challengeId" = c."id"`, `m."createdAt" ASC, m."id" ASC`)},
  'payouts', ${array('Payout', 'p', PAYOUT, `p."challengeId" = c."id"`, `p."date" DESC, p."id" DESC`)},
  'accounts', ${array('EaAccount', 'a', ACCOUNT, `a."challengeId" = c."id"`, `a."createdAt" DESC, a."id" DESC`)},
  'costs', ${array('ChallengeCost', 'k', COST, `k."challengeId" = c."id"`, `k."date" ASC, k."createdAt" ASC`)},
  'history', ${array('ChallengeEvent', 'e', EVENT, `e."challengeId" = c."id"`, `e."date" ASC, e."createdAt" ASC`)},
  'catalogPlan', (SELECT ${object('pl', PLAN)} FROM "Plan" pl WHERE pl."id" = c."planId"),
  'resets', COALESCE((SELECT json_agg(r."id" ORDER BY r."purchasedAt" ASC) FROM "Challenge" r
    WHERE r."resetOfId" = c."id" AND r."userId" = c."userId"), '[]'::json)
) AS "data"
FROM "Challenge" c WHERE c."id" = $1 AND c."userId" = $2`;
