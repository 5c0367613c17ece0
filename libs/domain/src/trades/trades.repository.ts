/**
 * The trades context's data access for copied signals (trade-signals.ts decides; this reads and writes): the owner's
 * signal lock, the account groups that link accounts, the trades that may be copies of one another, and their
 * `signalId`. Always inside the caller's transaction (the write that stored trades or changed a group), and always
 * naming the owner, so one user's trades are never read or marked for another.
 */
import type { Prisma } from '@propfolio/db';

type Tx = Prisma.TransactionClient;

/** A trade as signal matching reads it. */
export interface SignalCandidate {
  id: string;
  accountId: string;
  symbol: string;
  side: 'buy' | 'sell';
  openedAt: Date;
  signalId: string | null;
}

/** One account of one of the owner's groups. */
export interface GroupLink {
  groupId: string;
  accountId: string;
}

/** Open instants (inclusive) a bounded read covers. */
export interface OpenSpan {
  from: Date;
  to: Date;
}

/**
 * The owner's signal matching one transaction at a time ($1: the lock key), until the transaction ends. Copies
 * arrive from several terminals at once: without it two pushes each miss the other's uncommitted trade and
 * neither marks the signal. Taken before the trades are written, so a transaction holding it never waits on
 * rows another holder wrote (no deadlock).
 */
const LOCK_SQL = `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`;
const OWNER_SQL = `SELECT "userId" FROM "EaAccount" WHERE "id" = $1`;

/** Every account ($1's) of the owner's groups; a member whose account is not the owner's (in the trash) is left out. */
const GROUP_LINKS_SQL = `
  SELECT m."groupId", m."accountId" FROM "AccountGroupMember" m
  JOIN "AccountGroup" g ON g."id" = m."groupId"
  JOIN "EaAccount" a ON a."id" = m."accountId" AND a."userId" = g."userId"
  WHERE g."userId" = $1
  ORDER BY m."groupId", m."position"`;

/**
 * The owner's ($1) trades on the accounts $2 that may belong to a signal: opened within $5 ms of another trade of the
 * same symbol and side on these accounts, or marked already (so a mark that no longer holds is cleared). A trade
 * with no such neighbour is alone whatever the matching, so leaving it out changes no answer and keeps the read to
 * the copies. $3/$4 bound the open instants (null: the accounts' whole history); `closedAt >= $3` lets the
 * (accountId, closedAt) index skip the older trades (a trade closes after it opens).
 */
const CANDIDATES_SQL = `
  WITH scoped AS (
    SELECT t."id", t."accountId", t."symbol", t."side", t."openedAt", t."signalId",
      lag(t."openedAt") OVER lane AS "before", lead(t."openedAt") OVER lane AS "after"
    FROM "Trade" t
    WHERE t."userId" = $1 AND t."accountId" = ANY($2::text[])
      AND ($3::timestamptz IS NULL OR (t."openedAt" >= $3::timestamptz AND t."closedAt" >= $3::timestamptz))
      AND ($4::timestamptz IS NULL OR t."openedAt" <= $4::timestamptz)
    WINDOW lane AS (PARTITION BY upper(t."symbol"), t."side" ORDER BY t."openedAt", t."id")
  )
  SELECT "id", "accountId", "symbol", "side", "openedAt", "signalId" FROM scoped
  WHERE "signalId" IS NOT NULL
     OR "openedAt" - "before" <= make_interval(secs => $5::int / 1000.0)
     OR "after" - "openedAt" <= make_interval(secs => $5::int / 1000.0)
  ORDER BY "openedAt", "id"`;

/**
 * Sets the owner's ($1) trades $2 to the signal ids $3 (null: none). Only `signalId` changes: it is derived from the
 * trades, not the trader's edit nor the source's figures, so `updatedAt` stays theirs.
 */
const SET_SIGNALS_SQL = `
  UPDATE "Trade" t SET "signalId" = k."signalId"
  FROM unnest($2::text[], $3::text[]) AS k("id", "signalId")
  WHERE t."id" = k."id" AND t."userId" = $1 AND t."signalId" IS DISTINCT FROM k."signalId"`;

export class TradesRepository {
  constructor(private readonly tx: Tx) {}

  /** Holds the owner's signal lock until the transaction ends. */
  async lockSignals(userId: string): Promise<void> {
    await this.tx.$executeRawUnsafe(LOCK_SQL, `trade-signals:${userId}`);
  }

  /** lockSignals for the owner of an account, answering the owner (null, and no lock, for an unknown account). */
  async lockSignalsOfAccount(accountId: string): Promise<string | null> {
    const [row] = await this.tx.$queryRawUnsafe<{ userId: string }[]>(OWNER_SQL, accountId);
    if (row) await this.lockSignals(row.userId);
    return row?.userId ?? null;
  }

  async groupLinks(userId: string): Promise<GroupLink[]> {
    return this.tx.$queryRawUnsafe<GroupLink[]>(GROUP_LINKS_SQL, userId);
  }

  async signalCandidates(
    userId: string,
    accountIds: readonly string[],
    span: OpenSpan | null,
    windowMs: number,
  ): Promise<SignalCandidate[]> {
    if (accountIds.length === 0) return [];
    return this.tx.$queryRawUnsafe<SignalCandidate[]>(
      CANDIDATES_SQL,
      userId,
      [...accountIds],
      span?.from.toISOString() ?? null,
      span?.to.toISOString() ?? null,
      windowMs,
    );
  }

  /** Writes the changed marks; answers how many trades changed. */
  async setSignalIds(userId: string, marks: readonly { id: string; signalId: string | null }[]): Promise<number> {
    if (marks.length === 0) return 0;
    return this.tx.$executeRawUnsafe(
      SET_SIGNALS_SQL,
      userId,
      marks.map((m) => m.id),
      marks.map((m) => m.signalId),
    );
  }
}
