/**
 * The portfolio's data access: every active account of one owner with the facts its headroom is computed from, in
 * one statement (the coach's account JSON, so the cockpit judges exactly what get_headroom judges).
 */
import type { Database } from '@propfolio/db';
import { accountJsonSql, headroomFactsOf, type HeadroomFacts, type StoredHeadroomFacts } from '../coach/coach.repository.js';

/** One active account of the owner: its challenge's names, and its facts as the headroom reads them. */
export interface PortfolioAccountFacts {
  accountId: string;
  /** Null for an account linked to no challenge (then `facts` carries the account alone, its challenge fields null). */
  challengeId: string | null;
  firm: string | null;
  plan: string | null;
  /** The challenge's purchase date (YYYY-MM-DD); null without a challenge. */
  purchasedOn: string | null;
  /** The account's name, else login@server. */
  label: string;
  login: string;
  facts: HeadroomFacts;
}

type StoredRow = {
  accountId: string;
  challengeId: string | null;
  firm: string | null;
  plan: string | null;
  purchasedOn: string | null;
  label: string;
  login: string;
  data: StoredHeadroomFacts | string;
};

export class PortfolioRepository {
  constructor(private readonly db: Database) {}

  /** The owner's active accounts (oldest registration first), each with its challenge and that one account's facts. */
  async todayFacts(ownerId: string): Promise<PortfolioAccountFacts[]> {
    const rows = await this.db.driverQuery<StoredRow>(PORTFOLIO_TODAY_SQL, [ownerId]);
    return rows.map(({ data, ...row }) => ({ ...row, facts: headroomFactsOf(data) }));
  }
}

/**
 * The coach's account JSON without the opening minutes: they only count trading days (`tradingDays.done`), which the
 * cockpit does not show, and no floor, breach or broken rule reads them. Leaving out their DISTINCT over every trade
 * cuts the statement by about a sixth on both databases (bench suite 'portfolio').
 */
export const PORTFOLIO_ACCOUNT_JSON = accountJsonSql({ openings: false });

/**
 * Every active account of one owner, each with its own challenge (the owner's, else none) and only its own rows:
 * one row per account, so twenty accounts cost one statement, not twenty. Exported for the bench's anchor (the same
 * statement run bare through the driver).
 */
export const PORTFOLIO_TODAY_SQL = `
SELECT a."id" AS "accountId", c."id" AS "challengeId", c."firm", c."plan",
  to_char(c."purchasedAt", 'YYYY-MM-DD') AS "purchasedOn",
  COALESCE(a."name", a."login" || '@' || a."server") AS "label", a."login",
  json_build_object(
    'id', c."id", 'phase', c."phase", 'platform', c."platform", 'status', c."status", 'planId', c."planId",
    'purchasedOn', c."purchasedAt"::text, 'rulesOverride', c."rulesOverride",
    'accounts', json_build_array(${PORTFOLIO_ACCOUNT_JSON})
  ) AS "data"
FROM "EaAccount" a LEFT JOIN "Challenge" c ON c."id" = a."challengeId" AND c."userId" = a."userId"
WHERE a."userId" = $1 AND a."archivedAt" IS NULL
ORDER BY a."createdAt", a."id"`;

/** The exact decimal the facts' amounts are read into (the data layer's), for the service's arithmetic. */
export { Amount } from '../coach/coach.repository.js';
