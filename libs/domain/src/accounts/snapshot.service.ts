import { firmDayAt, type OpenPositionFact, type Rollover } from '@propfolio/coach';
import { AppError, type Caller } from '@propfolio/core';
import type { Database } from '@propfolio/db';
import { challengeRules, rolloverOf, type PlanRulesSource } from '../coach/challenge-rules.js';
import { MAX_OPEN_POSITIONS, type AccountSnapshotInput, type OpenPositionInput } from './accounts.inputs.js';
import { requireId } from '../shared/ids.js';
import { moneyFromText, toDecimal } from '../shared/money.js';
import type { SnapshotResult } from './accounts.outputs.js';
import { archivedAccountError } from './archived-error.js';
import { afterAccountWrite } from '../alerts/alerts.service.js';

/** How far ahead of the service clock a snapshot may be dated (terminal clocks drift). */
const FUTURE_GRACE_MS = 5 * 60_000;

interface SnapshotRow extends Record<string, unknown> {
  archivedAt: Date | string | null;
  archivedReason: string | null;
  /** False when the account's challenge link or the challenge changed since its roll-over was cached: nothing was written. */
  fresh: boolean;
  /** true: first snapshot of the day; false: the day changed; null: nothing was written. */
  created: boolean | null;
  /** Whether this snapshot's instant is the day's latest (false: a newer one was already stored). */
  latest: boolean;
  balance: string;
  equity: string;
  minEquity: string;
  maxEquity: string;
}

/** What a snapshot needs of its account beyond the row: the roll-over its days follow, and what that was read from. */
interface AccountClock {
  userId: string;
  challengeId: string | null;
  /** The challenge's updatedAt (ISO) when the roll-over was read: any change of its plan, purchase or rules moves it. */
  challengeUpdatedAt: string | null;
  rollover: Rollover;
  known: boolean;
  readAtMs: number;
}

/**
 * How long a process trusts a cached roll-over without reading the challenge again: the statement checks the link
 * and the challenge's updatedAt on every snapshot, so this bounds only what it cannot see (the catalog's own plans).
 */
const CLOCK_TTL_MS = 60_000;
/** Writes tried before a snapshot gives up on a challenge that changes under it each time (each reads it again). */
const MAX_ATTEMPTS = 3;
/** Accounts whose roll-over a process keeps; past it the oldest go (a tracker reads its account again). */
const MAX_CACHED_CLOCKS = 50_000;

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
 *
 * The snapshot is the write that comes many times a minute, so its firm day is named from a roll-over the process
 * keeps per account (read once through the challenge's rules), and the statement itself checks that the account is
 * still linked to that challenge and that the challenge has not changed since: when either moved it writes nothing,
 * and the push reads the rules again and runs once more. Outside a unit it runs on the driver, not through Prisma.
 */
export class SnapshotService {
  private readonly clocks = new Map<string, AccountClock>();

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
    const openPositions = input.openPositions === undefined ? null : JSON.stringify(openPositionsOf(input.openPositions, at));
    let clock = this.cachedClock(caller, accountId);
    let row: SnapshotRow | undefined;
    let day: ReturnType<typeof firmDayAt>;
    for (let attempt = 1; ; attempt++) {
      clock ??= await this.readClock(caller, accountId);
      day = firmDayAt(at, clock.rollover);
      row = await this.upsert(caller, accountId, clock, day.day, at, input, openPositions);
      if (!row || row.fresh) break;
      // The link or the challenge changed since the roll-over was read: nothing was written; read it again.
      this.clocks.delete(accountId);
      clock = undefined;
      if (attempt === MAX_ATTEMPTS)
        throw AppError.conflict('The account’s challenge kept changing while the snapshot was written: send it again.');
    }
    if (!row) {
      this.clocks.delete(accountId);
      throw AppError.notFound('EA account');
    }
    if (row.archivedAt) throw archivedAccountError(new Date(row.archivedAt), row.archivedReason);
    const balance = moneyFromText(row.balance);
    if (row.created !== null)
      afterAccountWrite(this.db, accountId, {
        atMs: at.getTime(),
        equity: Math.min(input.equity, moneyFromText(row.equity)),
        balance,
      });
    return {
      accountId,
      at: at.toISOString(),
      day: day.day,
      dayStartsAt: day.startUtc,
      dayEndsAt: day.endUtc,
      rolloverKnown: clock.known,
      outcome: row.created === null ? 'unchanged' : row.created ? 'created' : 'updated',
      latest: row.latest,
      balance,
      equity: moneyFromText(row.equity),
      minEquity: moneyFromText(row.minEquity),
      maxEquity: moneyFromText(row.maxEquity),
    };
  }

  /**
   * What a snapshot must pass before its open positions are validated: their count, and that the account is the
   * caller's (404, like an unknown id). The account's clock read here is the one the push then uses.
   */
  async admit(caller: Caller, raw: Record<string, unknown>): Promise<void> {
    const open = raw['openPositions'];
    if (Array.isArray(open) && open.length > MAX_OPEN_POSITIONS)
      throw AppError.invalidField('openPositions', `must contain no more than ${MAX_OPEN_POSITIONS} elements`);
    if (typeof raw['id'] !== 'string') return; // the contract names it
    const accountId = requireId(raw['id'], 'EA account');
    if (!this.cachedClock(caller, accountId)) await this.readClock(caller, accountId);
  }

  private cachedClock(caller: Caller, accountId: string): AccountClock | undefined {
    const clock = this.clocks.get(accountId);
    if (!clock || clock.userId !== caller.userId || Date.now() - clock.readAtMs > CLOCK_TTL_MS) return undefined;
    return clock;
  }

  private async readClock(caller: Caller, accountId: string): Promise<AccountClock> {
    const account = await this.db.prisma.eaAccount.findFirst({
      where: { id: accountId, userId: caller.userId },
      select: { challenge: { select: { id: true, updatedAt: true, planId: true, purchasedAt: true, rulesOverride: true } } },
    });
    if (!account) throw AppError.notFound('EA account');
    const { rollover, known } = rolloverOf(account.challenge ? await challengeRules(this.plans, account.challenge) : null);
    const clock: AccountClock = {
      userId: caller.userId,
      challengeId: account.challenge?.id ?? null,
      challengeUpdatedAt: account.challenge?.updatedAt.toISOString() ?? null,
      rollover,
      known,
      readAtMs: Date.now(),
    };
    if (this.clocks.size >= MAX_CACHED_CLOCKS) {
      const [oldest] = this.clocks.keys();
      if (oldest !== undefined) this.clocks.delete(oldest);
    }
    this.clocks.set(accountId, clock);
    return clock;
  }

  private async upsert(
    caller: Caller,
    accountId: string,
    clock: AccountClock,
    day: string,
    at: Date,
    input: AccountSnapshotInput,
    openPositions: string | null,
  ): Promise<SnapshotRow | undefined> {
    const params = [
      accountId,
      caller.userId,
      clock.challengeId,
      clock.challengeUpdatedAt,
      day,
      at.toISOString(),
      toDecimal(input.balance).toString(),
      toDecimal(input.equity).toString(),
      openPositions,
    ];
    // Inside a unit (Idempotency-Key) the statement must join the unit's transaction, which only Prisma's client does.
    const rows = this.db.inUnit
      ? await this.db.prisma.$queryRawUnsafe<SnapshotRow[]>(SNAPSHOT_SQL, ...params)
      : await this.db.driverQuery<SnapshotRow>(SNAPSHOT_SQL, params);
    return rows[0];
  }
}

/**
 * $1 account, $2 user, $3/$4 the challenge id and updatedAt the cached roll-over was read from, $5 the firm day,
 * $6 the instant, $7/$8 balance and equity as exact text, $9 the open positions (jsonb text or null).
 */
export const SNAPSHOT_SQL = `
  WITH account AS (
    SELECT a."id", a."archivedAt", a."archivedReason",
      (a."challengeId" IS NOT DISTINCT FROM $3::text
        AND (SELECT c."updatedAt" FROM "Challenge" c WHERE c."id" = a."challengeId") IS NOT DISTINCT FROM $4::timestamptz) AS "fresh"
    FROM "EaAccount" a
    WHERE a."id" = $1 AND a."userId" = $2
    FOR KEY SHARE
  ), day AS (
    INSERT INTO "IntradayEquity" AS d ("accountId", "day", "at", "balance", "equity", "minEquity", "minEquityAt",
      "maxEquity", "maxEquityAt", "firstAt", "firstBalance", "firstEquity", "openPositions")
    SELECT "id", $5::date, $6::timestamptz, $7::numeric, $8::numeric, $8::numeric,
      $6::timestamptz, $8::numeric, $6::timestamptz, $6::timestamptz, $7::numeric, $8::numeric, $9::jsonb
    FROM account WHERE "archivedAt" IS NULL AND "fresh"
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
      "snapshots" = d."snapshots" + 1,
      -- Not yet judged by the alerts (a new row starts null): a crash before the evaluation leaves it to the next start.
      "evaluatedAt" = NULL
    WHERE EXCLUDED."at" <> d."at" OR (EXCLUDED."balance", EXCLUDED."equity") IS DISTINCT FROM (d."balance", d."equity")
      OR EXCLUDED."openPositions" IS DISTINCT FROM d."openPositions"
    RETURNING "xmax" = 0 AS "created", "at", "balance", "equity", "minEquity", "maxEquity"
  )
  SELECT a."archivedAt", a."archivedReason", a."fresh", (SELECT "created" FROM day) AS "created",
    COALESCE(n."at", o."at") = $6::timestamptz AS "latest",
    COALESCE(n."balance", o."balance")::text AS "balance", COALESCE(n."equity", o."equity")::text AS "equity",
    COALESCE(n."minEquity", o."minEquity")::text AS "minEquity", COALESCE(n."maxEquity", o."maxEquity")::text AS "maxEquity"
  FROM account a
  LEFT JOIN day n ON true
  LEFT JOIN "IntradayEquity" o ON o."accountId" = a."id" AND o."day" = $5::date`;

/**
 * The open positions as stored: amounts as exact text (the coach reads them as decimals), instants in UTC. A position
 * opened after the snapshot's instant, or listed twice, is a tracker's error, refused naming it rather than judged.
 */
function openPositionsOf(positions: readonly OpenPositionInput[], at: Date): OpenPositionFact[] {
  const seen = new Set<string>();
  return positions.map((p, i) => {
    // One position listed twice would count its risk twice.
    if (seen.has(p.position)) throw AppError.invalidField(`openPositions[${i}].position`, `lists position ${p.position} a second time`);
    seen.add(p.position);
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
