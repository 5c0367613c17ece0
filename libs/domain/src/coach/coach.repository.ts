/**
 * The coach's data access: one method per intent, each one statement (or one transaction), its SQL a named constant
 * beside it, every row with named fields. The headroom, the pre-trade check and the alerts read their facts here;
 * the rules and the arithmetic stay in the services and the coach library.
 */
import type { OpenPositionFact, Platform } from '@propfolio/coach';
import type { Caller } from '@propfolio/core';
import { Prisma, type Database } from '@propfolio/db';
import { findOwnedChallenge, lockOwnedChallenge } from '../challenges/owned-challenge.js';
import { ChallengesRepository, type AllocationChallengeFacts } from '../challenges/challenges.repository.js';
import type { RulesOfChallenge } from './challenge-rules.js';

/** One end-of-day report; amounts as exact decimal text, the day as YYYY-MM-DD. */
export interface DailyReportFact {
  day: string;
  balance: string;
  equity: string;
  closedPnl: string;
}

/**
 * One firm day's intraday row: its latest snapshot (`at`, `balance`, `equity`), its extremes with their instants,
 * and its first snapshot (`firstAt`, `firstBalance`, `firstEquity`). Instants ISO UTC, amounts exact decimal text.
 */
export interface IntradayFact {
  day: string;
  at: string;
  firstAt: string;
  balance: string;
  equity: string;
  minEquity: string;
  maxEquity: string;
  minEquityAt: string;
  maxEquityAt: string;
  firstBalance: string;
  firstEquity: string;
}

/** A closed trade as the trade rules judge it: instants ISO UTC, volume and net as exact decimal text. */
export interface ClosedTradeFact {
  position: string;
  symbol: string;
  side: 'buy' | 'sell';
  volume: string;
  openedAt: string;
  closedAt: string;
  net: string;
  /** The closing deals of a partial close, oldest first; empty for one close. */
  exits: StoredExit[];
}

/** One active account of an owner with its challenge's firm and the positions open at its newest snapshot. */
export interface OwnerOpenPositionsFacts {
  accountId: string;
  challengeId: string;
  firm: string;
  planId: string | null;
  label: string;
  open: { asOf: string; positions: OpenPositionFact[] } | null;
}

/** One EA account with the facts headroom is computed from. */
export interface HeadroomAccountFacts {
  id: string;
  login: string;
  server: string;
  name: string | null;
  currency: string;
  initialBalance: string;
  /** Day the account was registered (UTC). */
  createdOn: string;
  /** Its end-of-day reports, oldest first. */
  days: DailyReportFact[];
  /** One row per firm day, oldest first. */
  intraday: IntradayFact[];
  /**
   * The distinct minutes (ISO UTC) in which the account's stored trades closing after the purchase were opened,
   * oldest first, for a rule that counts opening days; null when the account has no trades at all (its opening
   * days are then unknown, not none).
   */
  opened: string[] | null;
  /**
   * The account's trades closed from the day before the purchase on, newest first, at most
   * `MAX_HEADROOM_TRADES + 1` (one more than is judged, so the caller knows it was cut); null when the account has
   * no trades at all.
   */
  trades: ClosedTradeFact[] | null;
  /**
   * The positions open at the account's newest snapshot and its instant (ISO UTC), when that snapshot listed them;
   * null when it did not (an older tracker) or there is none.
   */
  open: { asOf: string; positions: OpenPositionFact[] } | null;
}

/** A closing deal as `Trade.exits` stores it. */
export interface StoredExit {
  at: string;
  volume: number;
  profit: number;
}

/** The newest trades a headroom judges: a bound on one answer's work (the trade rules say when it was reached). */
export const MAX_HEADROOM_TRADES = 10_000;

/** A challenge with the facts of its accounts, as its headroom is computed from them. */
export interface HeadroomFacts {
  id: string;
  phase: string;
  /** The platform the challenge trades on (its rule variants may differ by platform); null when not recorded. */
  platform: Platform | null;
  status: 'in_progress' | 'passed' | 'failed';
  planId: string | null;
  purchasedOn: string;
  rulesOverride: unknown;
  /** The firm as the challenge records it (the headroom route's read only; the rules across accounts are its firm's). */
  firm?: string;
  /** Active accounts, newest registration first. */
  accounts: HeadroomAccountFacts[];
}

/** A challenge's own rules as its rules view reads them: the challenge's fields the merge depends on. */
export interface ChallengeRulesFacts extends RulesOfChallenge {
  id: string;
}

/**
 * An exact amount as the simulation's rows carry it (the data layer's decimal): `Amount` also builds one, so the
 * service does its percent arithmetic on the same exact type without importing the database.
 */
export const Amount = Prisma.Decimal;
export type Amount = Prisma.Decimal;

/** A challenge as its simulation starts from it. */
export interface SimulatedChallengeFacts extends RulesOfChallenge {
  id: string;
  phase: string;
  price: Amount;
  currency: string;
}

/** One end-of-day report with its exact amounts and its day (UTC midnight). */
export interface DailyReportAmounts {
  date: Date;
  balance: Amount;
  equity: Amount;
  closedPnl: Amount;
}

/** One account's rows the simulation's starting state comes from: its reports, oldest first, and its newest intraday row. */
export interface SimulationStartFacts {
  initialBalance: Amount;
  days: DailyReportAmounts[];
  latest: { day: Date; balance: Amount; equity: Amount } | null;
}

/** One account's history for the simulated series: its reports, oldest first, and each firm day's lowest equity. */
export interface SimulationHistoryFacts {
  id: string;
  initialBalance: Amount;
  days: DailyReportAmounts[];
  lows: { day: Date; minEquity: Amount }[];
}

/** One attempt's cost: its price, the ledger's fees and refunds, and the attempt it resets. */
export interface AttemptCostFacts {
  price: Amount;
  currency: string;
  resetOfId: string | null;
  costs: { kind: string; amount: Amount; currency: string }[];
}

const REPORT_AMOUNTS = { orderBy: { date: 'asc' }, select: { date: true, balance: true, equity: true, closedPnl: true } } as const;

export class CoachRepository {
  constructor(private readonly db: Database) {}

  /**
   * Everything a challenge's headroom is computed from, in one statement on the driver: the challenge, its active
   * accounts and their reports, intraday rows and newest trades (on the account's closedAt index), built as JSON by
   * the database with numerics as text (exact, and no Decimal object per cell only to be turned back into text for
   * the coach). Another owner's or an unknown challenge reads as null.
   */
  async challengeHeadroomFacts(ownerId: string, challengeId: string): Promise<HeadroomFacts | null> {
    const [row] = await this.db.driverQuery<{ data: StoredHeadroomFacts | string }>(CHALLENGE_HEADROOM_SQL, [challengeId, ownerId]);
    return row ? headroomFactsOf(row.data) : null;
  }

  /**
   * The facts of each of these accounts that is active and linked to a challenge, read as `challengeHeadroomFacts`
   * reads them, each with its challenge and that account only, by account id. For the service's own work (the alert
   * evaluation): no owner, every account is its owner's.
   */
  async headroomFacts(accountIds: readonly string[]): Promise<Map<string, HeadroomFacts>> {
    const rows = await this.db.driverQuery<{ accountId: string; data: StoredHeadroomFacts | string }>(ACCOUNTS_HEADROOM_SQL, [accountIds]);
    return new Map(rows.map((row) => [row.accountId, headroomFactsOf(row.data)]));
  }

  /** The owner's challenges in progress with their sizes (the challenges' read), for a firm's allocation cap. */
  async inProgressChallenges(ownerId: string): Promise<AllocationChallengeFacts[]> {
    return new ChallengesRepository(this.db).inProgress(ownerId);
  }

  /**
   * Every active EA account of the owner linked to a challenge not failed, with its challenge's firm and plan and
   * the positions open at its newest snapshot: what the rules across the owner's accounts at a firm are judged from
   * (cross-account hedging). The owner's rows only.
   */
  async ownerOpenPositions(ownerId: string): Promise<OwnerOpenPositionsFacts[]> {
    const rows = await this.db.driverQuery<
      Omit<OwnerOpenPositionsFacts, 'open'> & { open: OwnerOpenPositionsFacts['open'] | string } & Record<string, unknown>
    >(OWNER_OPEN_POSITIONS_SQL, [ownerId]);
    return rows.map((row) => ({
      ...row,
      open: typeof row.open === 'string' ? (JSON.parse(row.open) as OwnerOpenPositionsFacts['open']) : row.open,
    }));
  }

  /** The caller's challenge with what its rules depend on, or 404 exactly like an unknown id. */
  async challengeRulesFacts(caller: Caller, challengeId: string): Promise<ChallengeRulesFacts> {
    const { id, planId, purchasedAt, rulesOverride, phase, platform } = await findOwnedChallenge(this.db.prisma, caller, challengeId);
    return { id, planId, purchasedAt, rulesOverride, phase, platform };
  }

  /**
   * Replaces the challenge's own rules (`null` clears them) under the challenge's lock, which every decision about
   * its accounts also takes; 404 when it is no longer the caller's.
   */
  async replaceChallengeRules(caller: Caller, challengeId: string, rules: object | null): Promise<void> {
    await this.db.prisma.$transaction(async (tx) => {
      await lockOwnedChallenge(tx, caller, challengeId);
      await tx.challenge.update({
        where: { id: challengeId },
        data: { rulesOverride: rules === null ? Prisma.DbNull : (rules as Prisma.InputJsonObject) },
      });
    });
  }
  /** The caller's challenge as its simulation reads it, or 404 exactly like an unknown id. */
  async simulatedChallenge(caller: Caller, challengeId: string): Promise<SimulatedChallengeFacts> {
    const { id, planId, purchasedAt, rulesOverride, phase, platform, price, currency } = await findOwnedChallenge(
      this.db.prisma,
      caller,
      challengeId,
    );
    return { id, planId, purchasedAt, rulesOverride, phase, platform, price, currency };
  }

  /** The account's reports and newest intraday row (the account is the challenge's, as its headroom just read it). */
  async simulationStart(accountId: string): Promise<SimulationStartFacts> {
    const account = await this.db.prisma.eaAccount.findUniqueOrThrow({
      where: { id: accountId },
      select: {
        initialBalance: true,
        dailyPnl: REPORT_AMOUNTS,
        intraday: { orderBy: { at: 'desc' }, take: 1, select: { day: true, balance: true, equity: true } },
      },
    });
    return { initialBalance: account.initialBalance, days: account.dailyPnl, latest: account.intraday[0] ?? null };
  }

  /** The owner's accounts of a challenge (archived ones included), or one account of the owner's, with their history. */
  async simulationHistory(ownerId: string, of: { challengeId: string } | { accountId: string }): Promise<SimulationHistoryFacts[]> {
    const accounts = await this.db.prisma.eaAccount.findMany({
      where: 'accountId' in of ? { userId: ownerId, id: of.accountId } : { userId: ownerId, challengeId: of.challengeId },
      select: { id: true, initialBalance: true, dailyPnl: REPORT_AMOUNTS, intraday: { select: { day: true, minEquity: true } } },
    });
    return accounts.map((a) => ({ id: a.id, initialBalance: a.initialBalance, days: a.dailyPnl, lows: a.intraday }));
  }

  /** One of the owner's attempts with its costs, or null. */
  async attemptCost(ownerId: string, challengeId: string): Promise<AttemptCostFacts | null> {
    return this.db.prisma.challenge.findFirst({
      where: { id: challengeId, userId: ownerId },
      select: { price: true, currency: true, resetOfId: true, costs: { select: { kind: true, amount: true, currency: true } } },
    });
  }
}

/** A challenge's facts as `ACCOUNT_JSON` statements build them. node-postgres parses json; PGlite's driver may hand it back as text. */
export const headroomFactsOf = (data: StoredHeadroomFacts | string): HeadroomFacts => {
  const stored = typeof data === 'string' ? (JSON.parse(data) as StoredHeadroomFacts) : data;
  return { ...stored, accounts: stored.accounts.map((account) => ({ ...account, trades: account.trades && tradesOf(account.trades) })) };
};

/**
 * The trades as the statement sends them: one array per field, each newest first (JSON a third smaller than one
 * object per trade: 10,000 trades repeat no key), null columns when no trade closed in the window.
 */
interface TradeColumns {
  position: string[] | null;
  symbol: string[] | null;
  side: ('buy' | 'sell')[] | null;
  volume: string[] | null;
  openedAt: string[] | null;
  closedAt: string[] | null;
  net: string[] | null;
  exits: StoredExit[][] | null;
}

export type StoredHeadroomFacts = Omit<HeadroomFacts, 'accounts'> & {
  accounts: (Omit<HeadroomAccountFacts, 'trades'> & { trades: TradeColumns | null })[];
};

/**
 * The trade columns as one fact per trade, by field name (the columns come from one aggregate, so their lengths and
 * order agree), newest close first. PostgreSQL feeds the aggregate in the subquery's order but does not promise it, so
 * the order is made here (a stable sort: equal closes keep the query's id order), a few milliseconds for 10,000.
 */
function tradesOf(columns: TradeColumns): ClosedTradeFact[] {
  const { position, symbol, side, volume, openedAt, closedAt, net, exits } = columns;
  if (!position || !symbol || !side || !volume || !openedAt || !closedAt || !net || !exits) return [];
  const facts = position.map((id, i) => ({
    position: id,
    symbol: cell(symbol, i),
    side: cell(side, i),
    volume: cell(volume, i),
    openedAt: cell(openedAt, i),
    closedAt: cell(closedAt, i),
    net: cell(net, i),
    exits: cell(exits, i),
  }));
  return facts.sort((a, b) => (a.closedAt < b.closedAt ? 1 : a.closedAt > b.closedAt ? -1 : 0));
}

function cell<T>(column: readonly T[], i: number): T {
  const value = column[i];
  if (value === undefined) throw new Error(`headroom trade columns disagree: no value at ${i} of ${column.length}`);
  return value;
}

/** The minutes the account's trades opened in (they count trading days), or NULL where a reader leaves them out. */
const OPENINGS_SQL = `CASE WHEN EXISTS (SELECT 1 FROM "Trade" t WHERE t."accountId" = a."id") THEN COALESCE((
    SELECT json_agg(to_char(m, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') ORDER BY m)
    FROM (SELECT DISTINCT date_trunc('minute', t."openedAt" AT TIME ZONE 'UTC') AS m FROM "Trade" t
      WHERE t."accountId" = a."id" AND t."closedAt" >= (c."purchasedAt"::timestamp AT TIME ZONE 'UTC') - interval '1 day') o), '[]'::json) END`;

/**
 * ACCOUNT_JSON with or without the opening minutes: `opened` NULL reads as "not known", which only changes the trading
 * days counted (the portfolio's cockpit shows none, so it leaves out the DISTINCT over every trade).
 */
export const accountJsonSql = (options: { openings: boolean }): string => accountJson(options.openings ? OPENINGS_SQL : 'NULL');

/**
 * One account's facts as JSON, for the statements below and the portfolio's (which name the account `a` and its challenge `c`): its
 * reports, intraday rows, the newest trades and their opening minutes, and the open positions of its latest day.
 * The trades go as one array per field, every array aggregated in one pass over the subquery's newest-first rows
 * (the `ORDER BY … LIMIT` under a plain aggregate, which PostgreSQL feeds in that order). An `ORDER BY` inside each
 * of the eight aggregates would sort the 10,001 rows eight times on PostgreSQL 15 (one sort is shared only from 16):
 * 100 ms more per answer than the one object per trade it replaced.
 */
const accountJson = (openings: string): string => `json_build_object(
  'id', a."id", 'login', a."login", 'server', a."server", 'name', a."name", 'currency', a."currency",
  'initialBalance', a."initialBalance"::text, 'createdOn', (a."createdAt" AT TIME ZONE 'UTC')::date::text,
  'days', COALESCE((
    SELECT json_agg(json_build_object('day', d."date"::text, 'balance', d."balance"::text, 'equity', d."equity"::text,
      'closedPnl', d."closedPnl"::text) ORDER BY d."date")
    FROM "DailyPnl" d WHERE d."accountId" = a."id"), '[]'::json),
  'intraday', COALESCE((
    SELECT json_agg(json_build_object('day', i."day"::text, 'at', to_char(i."at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'firstAt', to_char(i."firstAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'balance', i."balance"::text,
      'equity', i."equity"::text, 'minEquity', i."minEquity"::text, 'maxEquity', i."maxEquity"::text,
      'minEquityAt', to_char(i."minEquityAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'maxEquityAt', to_char(i."maxEquityAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'firstBalance', i."firstBalance"::text, 'firstEquity', i."firstEquity"::text) ORDER BY i."day")
    FROM "IntradayEquity" i WHERE i."accountId" = a."id"), '[]'::json),
  'opened', ${openings},
  'trades', CASE WHEN EXISTS (SELECT 1 FROM "Trade" t WHERE t."accountId" = a."id") THEN (
    SELECT json_build_object(
      'position', json_agg(r."position"), 'symbol', json_agg(r."symbol"),
      'side', json_agg(r."side"), 'volume', json_agg(r."volume"::text),
      'openedAt', json_agg(to_char(r."openedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
      'closedAt', json_agg(to_char(r."closedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
      'net', json_agg(r."net"::text), 'exits', json_agg(r."exits"))
    FROM (SELECT * FROM "Trade" t WHERE t."accountId" = a."id"
      AND t."closedAt" >= (c."purchasedAt"::timestamp AT TIME ZONE 'UTC') - interval '1 day'
      ORDER BY t."closedAt" DESC, t."id" DESC LIMIT ${MAX_HEADROOM_TRADES + 1}) r) END,
  'open', (SELECT CASE WHEN i."openPositions" IS NULL THEN NULL ELSE json_build_object(
      'asOf', to_char(i."at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'positions', i."openPositions") END
    FROM "IntradayEquity" i WHERE i."accountId" = a."id" ORDER BY i."day" DESC LIMIT 1)
)`;

export const ACCOUNT_JSON = accountJson(OPENINGS_SQL);

/** The owner's active accounts on challenges not failed, each with its newest snapshot's open positions. */
const OWNER_OPEN_POSITIONS_SQL = `
SELECT a."id" AS "accountId", c."id" AS "challengeId", c."firm", c."planId",
  COALESCE(a."name", a."login" || '@' || a."server") AS "label",
  (SELECT CASE WHEN i."openPositions" IS NULL THEN NULL ELSE json_build_object(
      'asOf', to_char(i."at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'positions', i."openPositions") END
    FROM "IntradayEquity" i WHERE i."accountId" = a."id" ORDER BY i."day" DESC LIMIT 1) AS "open"
FROM "EaAccount" a JOIN "Challenge" c ON c."id" = a."challengeId" AND c."userId" = a."userId"
WHERE a."userId" = $1 AND a."archivedAt" IS NULL AND c."status" <> 'failed'
ORDER BY a."createdAt", a."id"`;

/** A challenge with its active accounts (the headroom route): one row, none for a foreign or unknown id. */
const CHALLENGE_HEADROOM_SQL = `
SELECT json_build_object(
  'id', c."id", 'phase', c."phase", 'platform', c."platform", 'status', c."status", 'planId', c."planId",
  'purchasedOn', c."purchasedAt"::text, 'rulesOverride', c."rulesOverride", 'firm', c."firm",
  'accounts', COALESCE((
    SELECT json_agg(${ACCOUNT_JSON} ORDER BY a."createdAt" DESC, a."id" DESC)
    FROM "EaAccount" a WHERE a."challengeId" = c."id" AND a."userId" = c."userId" AND a."archivedAt" IS NULL
  ), '[]'::json)
) AS "data"
FROM "Challenge" c WHERE c."id" = $1 AND c."userId" = $2`;

/**
 * Several active accounts, each with its own challenge and only its own rows (the alert evaluation): one row per
 * account, so a burst of crossings costs one statement (planned once: on the embedded database planning this
 * statement costs more than running it for one account).
 */
const ACCOUNTS_HEADROOM_SQL = `
SELECT a."id" AS "accountId", json_build_object(
  'id', c."id", 'phase', c."phase", 'platform', c."platform", 'status', c."status", 'planId', c."planId",
  'purchasedOn', c."purchasedAt"::text, 'rulesOverride', c."rulesOverride",
  'accounts', json_build_array(${ACCOUNT_JSON})
) AS "data"
FROM "EaAccount" a JOIN "Challenge" c ON c."id" = a."challengeId" AND c."userId" = a."userId"
WHERE a."id" = ANY($1::text[]) AND a."archivedAt" IS NULL`;
