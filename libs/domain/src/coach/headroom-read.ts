import type { OpenPositionFact, Platform } from '@propfolio/coach';
import type { Caller } from '@propfolio/core';
import type { Database } from '@propfolio/db';
import { requireId } from '../shared/ids.js';

/** One EA account with the rows headroom is computed from; amounts as exact decimal text, days as YYYY-MM-DD. */
export interface HeadroomAccountRows {
  id: string;
  login: string;
  server: string;
  name: string | null;
  currency: string;
  initialBalance: string;
  /** Day the account was registered (UTC). */
  createdOn: string;
  /** [day, balance, equity, closedPnl], oldest first. */
  days: [string, string, string, string][];
  /**
   * [day, at, firstAt, balance, equity, minEquity, maxEquity, minEquityAt, maxEquityAt, firstBalance, firstEquity],
   * oldest first: one row per day holding its latest snapshot, its extremes with their instants, and its first snapshot.
   */
  intraday: [string, string, string, string, string, string, string, string, string, string, string][];
  /**
   * The distinct minutes (ISO UTC) in which the account's stored trades closing after the purchase were opened,
   * oldest first, for a rule that counts opening days; null when the account has no trades at all (its opening
   * days are then unknown, not none).
   */
  opened: string[] | null;
  /**
   * The account's trades closed from the day before the purchase on, newest first, at most
   * `MAX_HEADROOM_TRADES + 1` (one more than is judged, so the caller knows it was cut) as
   * [position, symbol, side, volume, openedAt, closedAt, net, exits] (exits: the closing deals of a partial close,
   * oldest first, empty for one close); null when the account has no trades at all.
   */
  trades: [string, string, 'buy' | 'sell', string, string, string, string, StoredExit[]][] | null;
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

export interface HeadroomRows {
  id: string;
  phase: string;
  /** The platform the challenge trades on (its rule variants may differ by platform); null when not recorded. */
  platform: Platform | null;
  status: 'in_progress' | 'passed' | 'failed';
  planId: string | null;
  purchasedOn: string;
  rulesOverride: unknown;
  /** Active accounts, newest registration first. */
  accounts: HeadroomAccountRows[];
}

/**
 * Everything a challenge's headroom is computed from, in one statement on the driver: the challenge, its
 * active accounts and their reports, intraday rows and newest trades (on the account's closedAt index), built as JSON by the database with numerics as text
 * (exact, and no Decimal object per cell only to be turned back into text for the coach). A foreign or
 * unknown id reads as no row.
 */
export async function readHeadroomRows(db: Database, caller: Caller, challengeId: string): Promise<HeadroomRows | null> {
  const [row] = await db.driverQuery<{ data: HeadroomRows | string }>(CHALLENGE_SQL, [requireId(challengeId, 'Challenge'), caller.userId]);
  return row ? parsed(row.data) : null;
}

/**
 * The rows of each of these accounts that is active and linked to a challenge, read as `readHeadroomRows` reads
 * them, each with its challenge and that account only, by account id. For the service's own work (the alert
 * evaluation): no caller, every account is its owner's.
 */
export async function readAccountsHeadroomRows(db: Database, accountIds: readonly string[]): Promise<Map<string, HeadroomRows>> {
  const rows = await db.driverQuery<{ accountId: string; data: HeadroomRows | string }>(ACCOUNTS_SQL, [accountIds]);
  return new Map(rows.map((row) => [row.accountId, parsed(row.data)]));
}

// node-postgres parses json; PGlite's driver may hand it back as text.
const parsed = (data: HeadroomRows | string): HeadroomRows => (typeof data === 'string' ? (JSON.parse(data) as HeadroomRows) : data);

/**
 * One account's rows as JSON, for the statements below (which name the account `a` and its challenge `c`): its
 * reports, intraday rows, the newest trades and their opening minutes, and the open positions of its latest day.
 */
const ACCOUNT_JSON = `json_build_object(
  'id', a."id", 'login', a."login", 'server', a."server", 'name', a."name", 'currency', a."currency",
  'initialBalance', a."initialBalance"::text, 'createdOn', (a."createdAt" AT TIME ZONE 'UTC')::date::text,
  'days', COALESCE((
    SELECT json_agg(json_build_array(d."date"::text, d."balance"::text, d."equity"::text, d."closedPnl"::text) ORDER BY d."date")
    FROM "DailyPnl" d WHERE d."accountId" = a."id"), '[]'::json),
  'intraday', COALESCE((
    SELECT json_agg(json_build_array(i."day"::text, to_char(i."at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      to_char(i."firstAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), i."balance"::text, i."equity"::text,
      i."minEquity"::text, i."maxEquity"::text,
      to_char(i."minEquityAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      to_char(i."maxEquityAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      i."firstBalance"::text, i."firstEquity"::text) ORDER BY i."day")
    FROM "IntradayEquity" i WHERE i."accountId" = a."id"), '[]'::json),
  'opened', CASE WHEN EXISTS (SELECT 1 FROM "Trade" t WHERE t."accountId" = a."id") THEN COALESCE((
    SELECT json_agg(to_char(m, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') ORDER BY m)
    FROM (SELECT DISTINCT date_trunc('minute', t."openedAt" AT TIME ZONE 'UTC') AS m FROM "Trade" t
      WHERE t."accountId" = a."id" AND t."closedAt" >= (c."purchasedAt"::timestamp AT TIME ZONE 'UTC') - interval '1 day') o), '[]'::json) END,
  'trades', CASE WHEN EXISTS (SELECT 1 FROM "Trade" t WHERE t."accountId" = a."id") THEN COALESCE((
    SELECT json_agg(json_build_array(r."position", r."symbol", r."side", r."volume"::text,
      to_char(r."openedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      to_char(r."closedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), r."net"::text, r."exits") ORDER BY r."closedAt" DESC, r."id" DESC)
    FROM (SELECT * FROM "Trade" t WHERE t."accountId" = a."id"
      AND t."closedAt" >= (c."purchasedAt"::timestamp AT TIME ZONE 'UTC') - interval '1 day'
      ORDER BY t."closedAt" DESC, t."id" DESC LIMIT ${MAX_HEADROOM_TRADES + 1}) r), '[]'::json) END,
  'open', (SELECT CASE WHEN i."openPositions" IS NULL THEN NULL ELSE json_build_object(
      'asOf', to_char(i."at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'positions', i."openPositions") END
    FROM "IntradayEquity" i WHERE i."accountId" = a."id" ORDER BY i."day" DESC LIMIT 1)
)`;

/** A challenge with its active accounts (the headroom route): one row, none for a foreign or unknown id. */
const CHALLENGE_SQL = `
SELECT json_build_object(
  'id', c."id", 'phase', c."phase", 'platform', c."platform", 'status', c."status", 'planId', c."planId",
  'purchasedOn', c."purchasedAt"::text, 'rulesOverride', c."rulesOverride",
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
const ACCOUNTS_SQL = `
SELECT a."id" AS "accountId", json_build_object(
  'id', c."id", 'phase', c."phase", 'platform', c."platform", 'status', c."status", 'planId', c."planId",
  'purchasedOn', c."purchasedAt"::text, 'rulesOverride', c."rulesOverride",
  'accounts', json_build_array(${ACCOUNT_JSON})
) AS "data"
FROM "EaAccount" a JOIN "Challenge" c ON c."id" = a."challengeId" AND c."userId" = a."userId"
WHERE a."id" = ANY($1::text[]) AND a."archivedAt" IS NULL`;
