/**
 * The alerts' data access: the rule sets, the facts an evaluation words and judges its alerts by, the fired log and
 * the snapshot rows' evaluation mark, one method per intent, each statement's SQL a named constant beside it, every
 * row with named fields. What crosses, what is new and what is announced stay in alerts.service.ts and the coach.
 */
import type { NamedAccount } from '@propfolio/coach';
import type { Caller } from '@propfolio/core';
import type { Database, EaAccountModel, Prisma } from '@propfolio/db';
import { findOwnedAccount } from '../accounts/owned-account.js';
import type { RulesOfChallenge } from '../coach/challenge-rules.js';
import type { AlertRuleKind } from './alert-events.js';
import type { AlertRuleItem } from './alert-rules.js';

/**
 * The transaction the fired log is written in, handed to the sink so that the deliveries commit with the log rows
 * (a crash then cannot log an alert as fired yet never deliver it).
 */
export type AlertTransaction = Prisma.TransactionClient;

/** One active account with what its alerts are worded and judged by. */
export interface AccountFactsRow extends NamedAccount {
  id: string;
  userId: string;
  challengeId: string;
  challengeStatus: string;
  firm: string;
  plan: string;
  /** The account's name, or login@server. */
  label: string;
  currency: string;
  language: string;
  /** The challenge's stored rule items; null: the defaults. */
  rules: AlertRuleItem[] | null;
  /** The positions open at the latest snapshot, as the tracker sent them (null: not sent). */
  openPositions: unknown;
  /** The owner's other active accounts, so a title two of them would share says which one it is. */
  twins: NamedAccount[];
}

/** One fired-log key: the account, the rule, its threshold (0 for none) and the day it is logged under. */
export interface FiredKey {
  accountId: string;
  rule: AlertRuleKind;
  threshold: number;
  day: string;
}

/** A key the fired log took (it was not logged before). */
export interface LoggedKey {
  accountId: string;
  rule: AlertRuleKind;
  threshold: number;
}

/** The active accounts among $1 with their facts; json columns as json, the twins as one array. */
const ACCOUNT_FACTS_SQL = `
  SELECT a."id", a."userId", a."challengeId", c."status"::text AS "challengeStatus", c."firm", c."plan",
         COALESCE(a."name", a."login" || '@' || a."server") AS "label", a."currency", u."language", r."rules",
         (SELECT i."openPositions" FROM "IntradayEquity" i WHERE i."accountId" = a."id" ORDER BY i."day" DESC LIMIT 1) AS "openPositions",
         a."login", to_char(c."purchasedAt", 'YYYY-MM-DD') AS "purchasedOn",
         (SELECT json_agg(json_build_object('id', o."id", 'challengeId', o."challengeId", 'firm', oc."firm", 'plan', oc."plan",
                                            'label', COALESCE(o."name", o."login" || '@' || o."server"), 'login', o."login",
                                            'purchasedOn', to_char(oc."purchasedAt", 'YYYY-MM-DD')))
            FROM "EaAccount" o JOIN "Challenge" oc ON oc."id" = o."challengeId"
           WHERE o."userId" = a."userId" AND o."archivedAt" IS NULL AND o."id" <> a."id") AS "twins"
  FROM "EaAccount" a
  JOIN "Challenge" c ON c."id" = a."challengeId"
  JOIN "User" u ON u."id" = a."userId"
  LEFT JOIN "AlertRuleSet" r ON r."challengeId" = c."id"
  WHERE a."id" = ANY($1::text[]) AND a."archivedAt" IS NULL`;

/** Logs the keys ($1 accounts, $2 rules, $3 thresholds, $4 days, at $5) once each; answers the ones it took. */
const LOG_FIRED_SQL = `
  INSERT INTO "AlertFired" ("accountId", "rule", "threshold", "firmDay", "firedAt")
  SELECT a, r, t, d::date, $5::timestamptz FROM unnest($1::text[], $2::text[], $3::int[], $4::text[]) AS k(a, r, t, d)
  ON CONFLICT DO NOTHING RETURNING "accountId", "rule", "threshold"`;

/** Accounts with snapshot rows of the last days (from $1) no evaluation has marked, at most $2. */
const UNEVALUATED_ACCOUNTS_SQL = `
  SELECT DISTINCT "accountId" FROM "IntradayEquity"
  WHERE "evaluatedAt" IS NULL AND "day" >= ($1::timestamptz AT TIME ZONE 'UTC')::date - 2
  LIMIT $2::int`;

/** Marks the accounts' ($1) unmarked snapshot rows evaluated at $2. */
const MARK_EVALUATED_SQL = `
  UPDATE "IntradayEquity" SET "evaluatedAt" = $2::timestamptz WHERE "accountId" = ANY($1::text[]) AND "evaluatedAt" IS NULL`;

/**
 * Active accounts whose newest snapshot is older than a minute at $1 and younger than a day, not reported silent
 * since, oldest first, at most $2.
 */
const SILENT_ACCOUNTS_SQL = `
  SELECT a."id" FROM "EaAccount" a
  JOIN "Challenge" c ON c."id" = a."challengeId" AND c."status" = 'in_progress'
  JOIN LATERAL (SELECT max(i."at") AS last FROM "IntradayEquity" i
                WHERE i."accountId" = a."id" AND i."day" >= ($1::timestamptz AT TIME ZONE 'UTC')::date - 2) l ON true
  WHERE a."archivedAt" IS NULL AND l.last < $1::timestamptz - interval '1 minute' AND l.last > $1::timestamptz - interval '1 day'
    AND NOT EXISTS (SELECT 1 FROM "AlertFired" f WHERE f."accountId" = a."id" AND f."rule" = 'tracker_silent' AND f."firedAt" > l.last)
  ORDER BY l.last LIMIT $2::int`;

/** PGlite's driver may hand json back as text. */
const json = (value: unknown): unknown => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value);

export class AlertsRepository {
  constructor(private readonly db: Database) {}

  /** Whether the caller's writes run inside a unit (a request with Idempotency-Key) that commits later. */
  get inUnit(): boolean {
    return this.db.inUnit;
  }

  /** The user's challenge's stored rule items: null for another's or an unknown challenge, `rules` null for the defaults. */
  async rulesOfOwned(userId: string, challengeId: string): Promise<{ rules: AlertRuleItem[] | null } | null> {
    const challenge = await this.db.prisma.challenge.findFirst({
      where: { id: challengeId, userId },
      select: { alertRules: { select: { rules: true } } },
    });
    if (!challenge) return null;
    return { rules: (challenge.alertRules?.rules as AlertRuleItem[] | undefined) ?? null };
  }

  /** Whether the challenge is the user's. */
  async ownsChallenge(userId: string, challengeId: string): Promise<boolean> {
    return (await this.db.prisma.challenge.findFirst({ where: { id: challengeId, userId }, select: { id: true } })) !== null;
  }

  /** Stores the challenge's rule items, or drops them (null) so the defaults apply. */
  async saveRules(userId: string, challengeId: string, items: readonly AlertRuleItem[] | null): Promise<void> {
    if (items === null) {
      await this.db.prisma.alertRuleSet.deleteMany({ where: { challengeId } });
      return;
    }
    const rules = items as unknown as Prisma.InputJsonValue;
    await this.db.prisma.alertRuleSet.upsert({ where: { challengeId }, create: { challengeId, userId, rules }, update: { rules } });
  }

  /** The challenge's stored rule items; null for the defaults. */
  async rulesOf(challengeId: string): Promise<AlertRuleItem[] | null> {
    return ((await this.db.prisma.alertRuleSet.findUnique({ where: { challengeId } }))?.rules as AlertRuleItem[] | undefined) ?? null;
  }

  /**
   * Returns once the transactions writing to the account have ended: every write path holds the account row FOR
   * KEY SHARE until it commits, which only FOR UPDATE waits for. Held for no longer than this one statement.
   */
  async afterWritersOf(accountId: string): Promise<void> {
    await this.db.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1 FROM "EaAccount" WHERE "id" = ${accountId} FOR UPDATE`;
    });
  }

  /** The active accounts among these, each with its facts, by id. */
  async accountFacts(accountIds: readonly string[]): Promise<Map<string, AccountFactsRow>> {
    const rows = await this.db.driverQuery<Omit<AccountFactsRow, 'twins'> & { twins: unknown } & Record<string, unknown>>(
      ACCOUNT_FACTS_SQL,
      [accountIds],
    );
    return new Map(
      rows.map((row) => [
        row.id,
        {
          ...row,
          twins: (json(row.twins) as NamedAccount[] | null) ?? [],
          rules: json(row.rules) as AlertRuleItem[] | null,
          openPositions: json(row.openPositions),
        },
      ]),
    );
  }

  /**
   * Logs the keys in one transaction, each once (the insert that conflicts decides, so two processes evaluating the
   * same snapshot log it once), and hands `then` the keys it took with the transaction, for the deliveries to be
   * queued in it. Give the keys in one order everywhere, so overlapping batches never wait on each other in a cycle.
   */
  async logFired<T>(keys: readonly FiredKey[], now: Date, then: (logged: LoggedKey[], tx: AlertTransaction) => Promise<T>): Promise<T> {
    return this.db.prisma.$transaction(async (tx) => {
      const logged = await tx.$queryRawUnsafe<LoggedKey[]>(
        LOG_FIRED_SQL,
        keys.map((k) => k.accountId),
        keys.map((k) => k.rule),
        keys.map((k) => k.threshold),
        keys.map((k) => k.day),
        now.toISOString(),
      );
      return then(logged, tx);
    });
  }

  /** Accounts with recent snapshot rows no evaluation has marked, at most `limit`. */
  async unevaluatedAccounts(now: Date, limit: number): Promise<string[]> {
    const rows = await this.db.driverQuery<{ accountId: string }>(UNEVALUATED_ACCOUNTS_SQL, [now.toISOString(), limit]);
    return rows.map((row) => row.accountId);
  }

  /** The accounts' snapshot rows judged now; a row written since is left for its own evaluation's mark. */
  async markEvaluated(accountIds: readonly string[], now: Date): Promise<void> {
    if (accountIds.length === 0) return;
    await this.db.driverQuery(MARK_EVALUATED_SQL, [accountIds, now.toISOString()]);
  }

  /** Active accounts whose tracker fell silent and that were not reported silent since, oldest first, at most `limit`. */
  async silentAccounts(now: Date, limit: number): Promise<string[]> {
    const rows = await this.db.driverQuery<{ id: string }>(SILENT_ACCOUNTS_SQL, [now.toISOString(), limit]);
    return rows.map((row) => row.id);
  }

  /** The caller's account; 404 for another's or an unknown one. */
  async ownedAccount(caller: Caller, id: string): Promise<EaAccountModel> {
    return findOwnedAccount(this.db.prisma, caller, id);
  }

  /** What check_trade reads of a challenge beyond its headroom: the fields its rules are resolved from. */
  async rulesOfChallenge(challengeId: string): Promise<RulesOfChallenge> {
    return this.db.prisma.challenge.findUniqueOrThrow({
      where: { id: challengeId },
      select: { planId: true, purchasedAt: true, rulesOverride: true, phase: true, platform: true },
    });
  }
}
