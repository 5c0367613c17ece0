import type { OpenPositionFact } from '@propfolio/coach';
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
   * [position, symbol, side, volume, openedAt, closedAt, net]; null when the account has no trades at all.
   */
  trades: [string, string, 'buy' | 'sell', string, string, string, string][] | null;
  /**
   * The positions open at the account's newest snapshot and its instant (ISO UTC), when that snapshot listed them;
   * null when it did not (an older tracker) or there is none.
   */
  open: { asOf: string; positions: OpenPositionFact[] } | null;
}

/** The newest trades a headroom judges: a bound on one answer's work (the trade rules say when it was reached). */
export const MAX_HEADROOM_TRADES = 10_000;

export interface HeadroomRows {
  id: string;
  phase: string;
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
export async function readHeadroomRows(
  db: Database,
  caller: Caller,
  challengeId: string,
  /** Only this account's rows (the alert evaluation's read); an archived or foreign one reads as no account. */
  accountId?: string,
): Promise<HeadroomRows | null> {
  const id = requireId(challengeId, 'Challenge');
  const [row] = await db.driverQuery<{ data: HeadroomRows | string }>(
    accountId === undefined ? CHALLENGE_SQL : ACCOUNT_SQL,
    accountId === undefined ? [id, caller.userId] : [id, caller.userId, accountId],
  );
  if (!row) return null;
  // node-postgres parses json; PGlite's driver may hand it back as text.
  return typeof row.data === 'string' ? (JSON.parse(row.data) as HeadroomRows) : row.data;
}

const sql = (oneAccount: boolean) => `
SELECT json_build_object(
  'id', c."id", 'phase', c."phase", 'status', c."status", 'planId', c."planId",
  'purchasedOn', c."purchasedAt"::text, 'rulesOverride', c."rulesOverride",
  'accounts', COALESCE((
    SELECT json_agg(json_build_object(
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
          to_char(r."closedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), r."net"::text) ORDER BY r."closedAt" DESC, r."id" DESC)
        FROM (SELECT * FROM "Trade" t WHERE t."accountId" = a."id"
          AND t."closedAt" >= (c."purchasedAt"::timestamp AT TIME ZONE 'UTC') - interval '1 day'
          ORDER BY t."closedAt" DESC, t."id" DESC LIMIT ${MAX_HEADROOM_TRADES + 1}) r), '[]'::json) END,
      'open', (SELECT CASE WHEN i."openPositions" IS NULL THEN NULL ELSE json_build_object(
          'asOf', to_char(i."at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'positions', i."openPositions") END
        FROM "IntradayEquity" i WHERE i."accountId" = a."id" ORDER BY i."day" DESC LIMIT 1)
    ) ORDER BY a."createdAt" DESC, a."id" DESC)
    FROM "EaAccount" a WHERE a."challengeId" = c."id" AND a."userId" = c."userId" AND a."archivedAt" IS NULL${oneAccount ? ' AND a."id" = $3' : ''}
  ), '[]'::json)
) AS "data"
FROM "Challenge" c WHERE c."id" = $1 AND c."userId" = $2`;

const CHALLENGE_SQL = sql(false);
const ACCOUNT_SQL = sql(true);
