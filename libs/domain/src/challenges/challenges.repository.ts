/**
 * The challenges' reads for the rules across one trader's accounts: the owner's challenges in progress with the
 * size each counts for against a firm's allocation cap (its first active EA account's initial balance, else its
 * catalog plan's size), one statement, the owner's rows only.
 */
import type { Database } from '@propfolio/db';

/** One challenge in progress with what its size is known as; `size` exact decimal text, null when unknown. */
export interface AllocationChallengeFacts {
  id: string;
  firm: string;
  plan: string;
  planId: string | null;
  phase: string;
  size: string | null;
  currency: string | null;
}

type Row = AllocationChallengeFacts & Record<string, unknown>;

export class ChallengesRepository {
  constructor(private readonly db: Database) {}

  /** The owner's challenges in progress, oldest first. */
  async inProgress(ownerId: string): Promise<AllocationChallengeFacts[]> {
    // Through Prisma, not the driver: create_challenge reads it right after its insert, inside the request's unit
    // when it carries an Idempotency-Key. The driver works outside any unit, so on PGlite (one connection) it waited
    // for that unit for ever, and on PostgreSQL it would not have seen the new challenge.
    return this.db.prisma.$queryRawUnsafe<Row[]>(IN_PROGRESS_SQL, ownerId);
  }
}

/**
 * An EA account's initial balance is the firm account's real size (and currency); a plan's size is the catalog's,
 * in the plan's currency, used only when no account is linked.
 */
const IN_PROGRESS_SQL = `
SELECT c."id", c."firm", c."plan", c."planId", c."phase",
  CASE WHEN acct."initialBalance" IS NOT NULL THEN acct."initialBalance"::text ELSE p."accountSize"::text END AS "size",
  CASE WHEN acct."initialBalance" IS NOT NULL THEN acct."currency" WHEN p."accountSize" IS NOT NULL THEN p."currency" END AS "currency"
FROM "Challenge" c
LEFT JOIN LATERAL (
  SELECT a."initialBalance", a."currency" FROM "EaAccount" a
  WHERE a."challengeId" = c."id" AND a."userId" = c."userId" AND a."archivedAt" IS NULL
  ORDER BY a."createdAt", a."id" LIMIT 1
) acct ON true
LEFT JOIN "Plan" p ON p."id" = c."planId"
WHERE c."userId" = $1 AND c."status" = 'in_progress'
ORDER BY c."createdAt", c."id"`;
