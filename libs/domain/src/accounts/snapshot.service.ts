import { firmDayAt, type OpenPositionFact } from '@propfolio/coach';
import { AppError, type Caller } from '@propfolio/core';
import type { Database } from '@propfolio/db';
import { challengeRules, rolloverOf, type PlanRulesSource } from '../coach/challenge-rules.js';
import type { AccountSnapshotInput, OpenPositionInput } from './accounts.inputs.js';
import { requireId } from '../shared/ids.js';
import { type Decimal, toDecimal, toMoney } from '../shared/money.js';
import type { SnapshotResult } from './accounts.outputs.js';
import { archivedAccountError } from './archived-error.js';
import { afterAccountWrite } from '../alerts/alerts.service.js';

/** How far ahead of the service clock a snapshot may be dated (terminal clocks drift). */
const FUTURE_GRACE_MS = 5 * 60_000;

interface SnapshotRow {
  archivedAt: Date | null;
  archivedReason: string | null;
  /** true: first snapshot of the day; false: the day changed; null: nothing was written. */
  created: boolean | null;
  /** Whether this snapshot's instant is the day's latest (false: a newer one was already stored). */
  latest: boolean;
  balance: Decimal;
  equity: Decimal;
  minEquity: Decimal;
  maxEquity: Decimal;
}

/**
 * The tracker's intraday push. Each snapshot folds into one row per account and firm day: the latest
 * figures (by instant, so a late retry never overwrites newer ones), the day's lowest and highest equity,
 * and the day's first figures. The firm day follows the roll-over of the account's challenge's rules.
 *
 * One statement, like the daily report (see ReportService for the locking): the account row FOR KEY SHARE
 * (archiving takes it FOR UPDATE, so a snapshot lands before an archive or sees it), then an upsert that
 * folds in every snapshot but a retry of the day's latest one (same instant, same figures), which writes
 * nothing and answers `unchanged`. A snapshot older than the latest stored (sent late, or racing a newer one)
 * is still counted and may move an extreme: it answers `updated` with `latest: false`, never `unchanged`.
 */
export class SnapshotService {
  constructor(
    private readonly db: Database,
    private readonly plans: PlanRulesSource,
  ) {}

  async push(caller: Caller, input: AccountSnapshotInput, now = new Date()): Promise<SnapshotResult> {
    const at = new Date(input.at);
    if (at.getTime() > now.getTime() + FUTURE_GRACE_MS) {
      throw AppError.invalidField('at', `must not be more than 5 minutes ahead of the service clock (now ${now.toISOString()})`);
    }
    const accountId = requireId(input.id, 'EA account');
    const account = await this.db.prisma.eaAccount.findFirst({
      where: { id: accountId, userId: caller.userId },
      select: { challenge: { select: { planId: true, purchasedAt: true, rulesOverride: true } } },
    });
    if (!account) throw AppError.notFound('EA account');
    const { rollover, known } = rolloverOf(account.challenge ? await challengeRules(this.plans, account.challenge) : null);
    const day = firmDayAt(at, rollover);
    const balance = toDecimal(input.balance);
    const equity = toDecimal(input.equity);
    const openPositions = input.openPositions === undefined ? null : JSON.stringify(openPositionsOf(input.openPositions, at));
    const [row] = await this.db.prisma.$queryRaw<SnapshotRow[]>`
      WITH account AS (
        SELECT "id", "archivedAt", "archivedReason" FROM "EaAccount"
        WHERE "id" = ${accountId} AND "userId" = ${caller.userId}
        FOR KEY SHARE
      ), day AS (
        INSERT INTO "IntradayEquity" AS d ("accountId", "day", "at", "balance", "equity", "minEquity", "minEquityAt",
          "maxEquity", "maxEquityAt", "firstAt", "firstBalance", "firstEquity", "openPositions")
        SELECT "id", ${day.day}::date, ${at}::timestamptz, ${balance}::numeric, ${equity}::numeric, ${equity}::numeric,
          ${at}::timestamptz, ${equity}::numeric, ${at}::timestamptz, ${at}::timestamptz, ${balance}::numeric, ${equity}::numeric,
          ${openPositions}::jsonb
        FROM account WHERE "archivedAt" IS NULL
        ON CONFLICT ("accountId", "day") DO UPDATE SET
          "at" = GREATEST(d."at", EXCLUDED."at"),
          "balance" = CASE WHEN EXCLUDED."at" >= d."at" THEN EXCLUDED."balance" ELSE d."balance" END,
          "equity" = CASE WHEN EXCLUDED."at" >= d."at" THEN EXCLUDED."equity" ELSE d."equity" END,
          "openPositions" = CASE WHEN EXCLUDED."at" >= d."at" THEN EXCLUDED."openPositions" ELSE d."openPositions" END,
          "minEquity" = LEAST(d."minEquity", EXCLUDED."equity"),
          "minEquityAt" = CASE WHEN EXCLUDED."equity" < d."minEquity" THEN EXCLUDED."at" ELSE d."minEquityAt" END,
          "maxEquity" = GREATEST(d."maxEquity", EXCLUDED."equity"),
          "maxEquityAt" = CASE WHEN EXCLUDED."equity" > d."maxEquity" THEN EXCLUDED."at" ELSE d."maxEquityAt" END,
          "firstAt" = LEAST(d."firstAt", EXCLUDED."at"),
          "firstBalance" = CASE WHEN EXCLUDED."at" < d."firstAt" THEN EXCLUDED."balance" ELSE d."firstBalance" END,
          "firstEquity" = CASE WHEN EXCLUDED."at" < d."firstAt" THEN EXCLUDED."equity" ELSE d."firstEquity" END,
          "snapshots" = d."snapshots" + 1
        WHERE EXCLUDED."at" <> d."at" OR (EXCLUDED."balance", EXCLUDED."equity") IS DISTINCT FROM (d."balance", d."equity")
          OR EXCLUDED."openPositions" IS DISTINCT FROM d."openPositions"
        RETURNING "xmax" = 0 AS "created", "at", "balance", "equity", "minEquity", "maxEquity"
      )
      SELECT a."archivedAt", a."archivedReason", (SELECT "created" FROM day) AS "created",
        COALESCE(n."at", o."at") = ${at}::timestamptz AS "latest",
        COALESCE(n."balance", o."balance") AS "balance", COALESCE(n."equity", o."equity") AS "equity",
        COALESCE(n."minEquity", o."minEquity") AS "minEquity", COALESCE(n."maxEquity", o."maxEquity") AS "maxEquity"
      FROM account a
      LEFT JOIN day n ON true
      LEFT JOIN "IntradayEquity" o ON o."accountId" = a."id" AND o."day" = ${day.day}::date`;
    if (!row) throw AppError.notFound('EA account');
    if (row.archivedAt) throw archivedAccountError(row.archivedAt, row.archivedReason);
    if (row.created !== null)
      afterAccountWrite(this.db, accountId, {
        atMs: at.getTime(),
        equity: Math.min(input.equity, toMoney(row.equity)),
        balance: toMoney(row.balance),
      });
    return {
      accountId,
      at: at.toISOString(),
      day: day.day,
      dayStartsAt: day.startUtc,
      dayEndsAt: day.endUtc,
      rolloverKnown: known,
      outcome: row.created === null ? 'unchanged' : row.created ? 'created' : 'updated',
      latest: row.latest,
      balance: toMoney(row.balance),
      equity: toMoney(row.equity),
      minEquity: toMoney(row.minEquity),
      maxEquity: toMoney(row.maxEquity),
    };
  }
}

/**
 * The open positions as stored: amounts as exact text (the coach reads them as decimals), instants in UTC. A position
 * opened after the snapshot's instant is a tracker's error, refused naming it rather than judged.
 */
function openPositionsOf(positions: readonly OpenPositionInput[], at: Date): OpenPositionFact[] {
  return positions.map((p, i) => {
    const openedAt = new Date(p.openedAt);
    if (openedAt.getTime() > at.getTime())
      throw AppError.invalidField(`openPositions[${i}].openedAt`, 'must not be after the snapshot’s `at`');
    // Left out reads as null; a loss without a stop is no bound, so it is not kept.
    const stop = p.stopLoss ?? null;
    const loss = p.lossAtStop ?? null;
    return {
      position: p.position,
      symbol: p.symbol,
      side: p.side,
      volume: toDecimal(p.volume).toString(),
      openedAt: openedAt.toISOString(),
      stopLoss: stop === null ? null : toDecimal(stop).toString(),
      lossAtStop: stop === null || loss === null ? null : toDecimal(loss).toString(),
    };
  });
}
