/**
 * The challenges' data access: one method per intent, each statement's SQL a named constant below, every row with
 * named fields. What a purchase may be, the state machine, the ownership errors and the views stay in the service
 * and the helpers beside it. A change runs in one transaction (`inTransaction`), whose store locks and updates the
 * challenge while the accounts and the ledger join the same transaction; another context's transaction (a
 * registration, a restore) reads the caller's challenge through `ChallengesRepository.within(tx)`.
 */
import type {
  ChallengeCostModel,
  ChallengeEventModel,
  ChallengeModel,
  Database,
  EaAccountModel,
  MemoModel,
  PayoutModel,
  PlanModel,
  Prisma,
} from '@propfolio/db';
import { columns, jsonArray, jsonObject, revive, type Columns } from '../shared/json-rows.js';
import { keysetPage, SqlParams } from '../shared/keyset-sql.js';
import { ACCOUNT, CHALLENGE, COST, MEMO, PAYOUT, queryJson } from '../shared/shared.repository.js';
import type { Keyset } from '../shared/pagination.js';
import type { StatusFilter } from './challenges.inputs.js';

/** A challenge's own columns, as Prisma's model queries return them (Decimal, Date). */
export type ChallengeRow = ChallengeModel;
export type MemoRow = MemoModel;

/** A transaction someone opened (a change, an account registration, a restore), or the database's client. */
export type ChallengeTransaction = Prisma.TransactionClient;

/** What a change writes (the state machine's plan). */
export type ChallengeChanges = Prisma.ChallengeUncheckedUpdateManyInput;

/** A new challenge: every column but its status (in progress), amounts exact, the purchase day YYYY-MM-DD. */
export interface NewChallenge {
  id: string;
  userId: string;
  firm: string;
  plan: string;
  price: Prisma.Decimal;
  currency: string;
  billing: string;
  phase: string;
  platform: string | null;
  paymentMethod: string | null;
  purchasedAt: string;
  listPrice: Prisma.Decimal | null;
  couponCode: string | null;
  planId: string | null;
  resetOfId: string | null;
  fxRate: Prisma.Decimal | null;
  fxCurrency: string | null;
  /** Its createdAt and updatedAt, and its first history entry's. */
  writtenAt: Date;
  /** The id of its first history entry. */
  historyId: string;
}

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

type HistoryRow = Pick<ChallengeEventModel, 'date' | 'phase' | 'status'>;
type CatalogPlanRow = Pick<PlanModel, 'id' | 'firmSlug' | 'program' | 'phases' | 'price' | 'currency' | 'checkedOn' | 'rules'>;

/** The rows get_challenge answers from, shaped as Prisma's model queries return them (Decimal, Date). */
export interface ChallengeDetailRows {
  challenge: ChallengeRow;
  /** Oldest first. */
  memos: MemoRow[];
  /** Newest first. */
  payouts: PayoutModel[];
  /** Linked EA accounts, archived ones included, newest registration first. */
  accounts: EaAccountModel[];
  /** Oldest first. */
  costs: ChallengeCostModel[];
  /** Oldest first. */
  history: HistoryRow[];
  catalogPlan: CatalogPlanRow | null;
  /** Ids of the caller's challenges bought as resets of this one, by purchase date. */
  resets: string[];
}

type AllocationRow = AllocationChallengeFacts & Record<string, unknown>;

/** The challenges' reads and writes on a transaction someone else opened (or on the database's client). */
export class ChallengeStore {
  constructor(private readonly tx: ChallengeTransaction) {}

  /** The owner's challenge `id` (a valid uuid), or null: another user's reads as unknown. */
  async ownedChallenge(ownerId: string, id: string): Promise<ChallengeRow | null> {
    return this.tx.challenge.findFirst({ where: { id, userId: ownerId } });
  }

  /** Locks the owner's challenge until the transaction ends (SELECT … FOR UPDATE); nothing when it is not theirs. */
  async lockOwnedChallenge(ownerId: string, id: string): Promise<void> {
    await this.tx.$queryRaw`SELECT 1 FROM "Challenge" WHERE "id" = ${id} AND "userId" = ${ownerId} FOR UPDATE`;
  }

  async isCatalogPlan(planId: string): Promise<boolean> {
    return (await this.tx.plan.findUnique({ where: { id: planId }, select: { id: true } })) !== null;
  }

  /** Writes the changes unless the challenge changed since `current` was read (optimistic guard); false then. */
  async updateIfUnchanged(current: ChallengeRow, changes: ChallengeChanges): Promise<boolean> {
    const updated = await this.tx.challenge.updateMany({
      where: { id: current.id, userId: current.userId, updatedAt: current.updatedAt },
      data: changes,
    });
    return updated.count === 1;
  }
}

export class ChallengesRepository {
  constructor(private readonly db: Database) {}

  /** The store on another context's transaction. */
  static within(tx: ChallengeTransaction): ChallengeStore {
    return new ChallengeStore(tx);
  }

  /**
   * The store on the database's client, read at the call: inside a unit (Idempotency-Key) that is the unit's
   * transaction, so a read sees the unit's writes and, on PGlite's one connection, does not wait for it.
   */
  private get store(): ChallengeStore {
    return new ChallengeStore(this.db.prisma);
  }

  /** Runs `work` in one transaction, with the store bound to it and the transaction for the other contexts' writes. */
  inTransaction<T>(work: (store: ChallengeStore, tx: ChallengeTransaction) => Promise<T>): Promise<T> {
    return this.db.prisma.$transaction((tx) => work(new ChallengeStore(tx), tx));
  }

  async ownedChallenge(ownerId: string, id: string): Promise<ChallengeRow | null> {
    return this.store.ownedChallenge(ownerId, id);
  }

  async isCatalogPlan(planId: string): Promise<boolean> {
    return this.store.isCatalogPlan(planId);
  }

  /**
   * Writes the challenge and its first history entry and answers the row, in one statement: one round trip, atomic
   * without a transaction of its own (inside a unit it joins the unit). The ids and instants come with it, so a
   * statement run again after its connection died (libs/db) cannot write a second challenge.
   */
  async insertChallenge(c: NewChallenge): Promise<ChallengeRow> {
    const [row] = await this.db.prisma.$queryRawUnsafe<ChallengeRow[]>(
      INSERT_CHALLENGE_SQL,
      c.id,
      c.userId,
      c.firm,
      c.plan,
      c.price,
      c.currency,
      c.billing,
      c.phase,
      c.platform,
      c.paymentMethod,
      c.purchasedAt,
      c.listPrice,
      c.couponCode,
      c.planId,
      c.resetOfId,
      c.fxRate,
      c.fxCurrency,
      c.writtenAt,
      c.historyId,
    );
    if (!row) throw new Error('ChallengesRepository.insertChallenge: the insert returned no row');
    return row;
  }

  async insertMemo(ownerId: string, challengeId: string, content: string): Promise<MemoRow> {
    return this.db.prisma.memo.create({ data: { userId: ownerId, challengeId, content } });
  }

  /** The owner's challenges in progress, oldest first. */
  async inProgress(ownerId: string): Promise<AllocationChallengeFacts[]> {
    // Through Prisma, not the driver: create_challenge reads it right after its insert, inside the request's unit
    // when it carries an Idempotency-Key. The driver works outside any unit, so on PGlite (one connection) it waited
    // for that unit for ever, and on PostgreSQL it would not have seen the new challenge.
    return this.db.prisma.$queryRawUnsafe<AllocationRow[]>(IN_PROGRESS_SQL, ownerId);
  }

  /**
   * One page of the owner's challenges (newest first, one row more than the page), in one statement on the driver,
   * built as JSON by the database and revived into the rows Prisma's model query returned. The owner is the
   * statement's first condition. Outside any `unit(…)`, like every driver query (a list is a read).
   */
  async challengePage(ownerId: string, keyset: Keyset<ChallengeRow>, status: StatusFilter): Promise<ChallengeRow[]> {
    const params = new SqlParams();
    let where = `c."userId" = ${params.add(ownerId)}`;
    if (status !== 'all') where += ` AND c."status" = ${params.add(status, '"ChallengeStatus"')}`;
    const { from, order } = keysetPage(
      keyset,
      { table: 'Challenge', alias: 'c', where, sort: { column: 'createdAt', kind: 'instant' } },
      params,
    );
    const rows = await queryJson<Record<string, unknown>[]>(
      this.db,
      `SELECT ${jsonArray(jsonObject('c', CHALLENGE), `FROM ${from}`, order)} AS "data"`,
      params.values,
    );
    return (rows ?? []).map((row) => revive<ChallengeRow>(row, CHALLENGE));
  }

  /**
   * Everything get_challenge shows, in one statement on the driver (see DETAIL_SQL), in the shapes the views take;
   * null for another user's or an unknown challenge. Outside any `unit(…)`: get_challenge is a read, never in one.
   */
  async challengeDetail(ownerId: string, id: string): Promise<ChallengeDetailRows | null> {
    const data = await queryJson<Record<keyof ChallengeDetailRows, unknown>>(this.db, DETAIL_SQL, [id, ownerId]);
    if (!data) return null;
    const list = <T>(rows: unknown, cols: Columns<T>) => (rows as Record<string, unknown>[]).map((r) => revive<T>(r, cols));
    return {
      challenge: revive<ChallengeRow>(data.challenge as Record<string, unknown>, CHALLENGE),
      memos: list<MemoRow>(data.memos, MEMO),
      payouts: list<PayoutModel>(data.payouts, PAYOUT),
      accounts: list<EaAccountModel>(data.accounts, ACCOUNT),
      costs: list<ChallengeCostModel>(data.costs, COST),
      history: list<HistoryRow>(data.history, EVENT),
      catalogPlan: data.catalogPlan === null ? null : revive<CatalogPlanRow>(data.catalogPlan as Record<string, unknown>, PLAN),
      resets: data.resets as string[],
    };
  }
}

/**
 * $1 challenge id … $17 fxCurrency (see insertChallenge for the order), $18 the instant written, $19 the history
 * entry's id. The history entry copies the challenge's purchase day, phase, status and createdAt.
 */
const INSERT_CHALLENGE_SQL = `
      WITH challenge AS (
        INSERT INTO "Challenge" ("id", "userId", "firm", "plan", "price", "currency", "billing", "phase", "platform", "paymentMethod",
          "purchasedAt", "listPrice", "couponCode", "planId", "resetOfId", "fxRate", "fxCurrency", "createdAt", "updatedAt")
        VALUES ($1, $2, $3, $4, $5::numeric, $6,
          $7::"Billing", $8, $9::"TradingPlatform", $10, $11::date,
          $12::numeric, $13, $14, $15, $16::numeric,
          $17, $18::timestamptz, $18::timestamptz)
        RETURNING *
      ), history AS (
        INSERT INTO "ChallengeEvent" ("id", "userId", "challengeId", "date", "phase", "status", "createdAt")
        SELECT $19, "userId", "id", "purchasedAt", "phase", "status", "createdAt" FROM challenge
      )
      SELECT * FROM challenge`;

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

const EVENT = columns<HistoryRow>()({ plain: 'phase status', date: 'date' });
const PLAN = columns<CatalogPlanRow>()({
  plain: 'id firmSlug program phases currency rules',
  decimal: 'price',
  date: 'checkedOn',
});

/** The rows of `table` (as `alias`) matching `where`, as a JSON array in `order` ('[]' when none). */
const array = <T>(table: string, alias: string, cols: Columns<T>, where: string, order: string) =>
  jsonArray(jsonObject(alias, cols), `FROM "${table}" ${alias} WHERE ${where}`, order);

/**
 * The challenge ($1, its owner $2 the `where`) with its memos, payouts, EA accounts, costs, history, catalog plan and
 * resets, built as JSON by the database with numerics as exact text and dates as ISO text, independent of either
 * side's time zone. The orders are those of the model queries this replaced (Prisma's `orderBy`, same columns, same
 * directions).
 */
const DETAIL_SQL = `
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
