/**
 * The calendar's data access: one method per intent, each one statement, its SQL a named constant. Events are
 * public data, the same for every user, so nothing here filters by owner.
 */
import type { Database, Prisma } from '@propfolio/db';
import type { CalendarFormat, EventImpact, EventTiming, ParsedCalendarEvent } from './calendar-formats.js';

export interface StoredCalendarEvent extends Record<string, unknown> {
  id: string;
  at: string;
  timing: EventTiming;
  currency: string;
  impact: EventImpact;
  title: string;
  forecast: string | null;
  previous: string | null;
}

export interface EventFilter {
  from: Date;
  to: Date;
  currencies: readonly string[] | null;
  impacts: readonly EventImpact[] | null;
  limit: number;
}

export interface StoreOutcome {
  created: number;
  updated: number;
  unchanged: number;
}

/**
 * A whole file in one statement: the events travel as one JSON parameter, expanded by jsonb_to_recordset and
 * upserted on (at, currency, title). An event stored with the same figures is not touched; xmax tells the rows this
 * statement inserted (0) from those it updated.
 */
const UPSERT_EVENTS_SQL = `
  WITH input AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb)
      AS e("at" timestamptz, "timing" text, "currency" text, "impact" text, "title" text, "forecast" text, "previous" text)
  ), written AS (
    INSERT INTO "CalendarEvent" ("id", "at", "timing", "currency", "impact", "title", "forecast", "previous", "source", "importedAt")
    SELECT gen_random_uuid()::text, i."at", i."timing", i."currency", i."impact", i."title", i."forecast", i."previous", $2, now()
    FROM input i
    ON CONFLICT ("at", "currency", "title") DO UPDATE
    SET "timing" = EXCLUDED."timing", "impact" = EXCLUDED."impact", "forecast" = EXCLUDED."forecast",
        "previous" = EXCLUDED."previous", "source" = EXCLUDED."source", "importedAt" = now()
    WHERE ("CalendarEvent"."timing", "CalendarEvent"."impact", "CalendarEvent"."forecast", "CalendarEvent"."previous")
      IS DISTINCT FROM (EXCLUDED."timing", EXCLUDED."impact", EXCLUDED."forecast", EXCLUDED."previous")
    RETURNING ("xmax" = 0) AS "inserted"
  )
  SELECT count(*) FILTER (WHERE "inserted")::int AS "created", count(*) FILTER (WHERE NOT "inserted")::int AS "updated" FROM written`;

/** Events in [from, to), optionally of some currencies and impacts, by instant (the unique index leads with it). */
const EVENTS_BETWEEN_SQL = `
  SELECT "id", to_char("at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "at", "timing", "currency", "impact",
         "title", "forecast", "previous"
  FROM "CalendarEvent"
  WHERE "at" >= $1::timestamptz AND "at" < $2::timestamptz
    AND ($3::text[] IS NULL OR "currency" = ANY($3::text[]))
    AND ($4::text[] IS NULL OR "impact" = ANY($4::text[]))
  ORDER BY "at", "currency", "title"
  LIMIT $5`;

/**
 * The symbols an account's news windows are listed for: those open at its latest snapshot first, then the five it
 * closed most in the last 90 days, at most 10.
 */
const ACCOUNT_SYMBOLS_SQL = `
  SELECT s."symbol" FROM (
    SELECT p->>'symbol' AS "symbol", 0 AS "rank"
    FROM "IntradayEquity" i, jsonb_array_elements(COALESCE(i."openPositions", '[]'::jsonb)) p
    WHERE i."accountId" = $1 AND i."day" = (SELECT max("day") FROM "IntradayEquity" WHERE "accountId" = $1)
    UNION ALL
    SELECT t."symbol", 1 FROM (
      SELECT "symbol", count(*) AS n FROM "Trade"
      WHERE "accountId" = $1 AND "closedAt" > $2::timestamptz - interval '90 days'
      GROUP BY "symbol" ORDER BY n DESC, "symbol" LIMIT 5
    ) t
  ) s
  WHERE s."symbol" IS NOT NULL AND s."symbol" <> ''
  GROUP BY s."symbol" ORDER BY min(s."rank"), s."symbol" LIMIT 10`;

/**
 * One per process's services (services.ts hands the same one to the import and to the news checks), so the count of
 * imports it stored is what tells the news checks their kept releases are stale.
 */
const NEWS_CHALLENGE_COLUMNS = { planId: true, purchasedAt: true, rulesOverride: true, phase: true, platform: true } as const;

/** A challenge as its news rule and stage are read from it. */
export type NewsChallengeFacts = Prisma.ChallengeGetPayload<{ select: typeof NEWS_CHALLENGE_COLUMNS }>;

export class CalendarRepository {
  /** Imports stored through this repository: a reader's kept releases are stale once it moves. */
  private stored = 0;

  constructor(private readonly db: Database) {}

  /** Stores a file's events (new ones created, changed ones updated, the rest untouched) and counts each. */
  async storeEvents(events: readonly ParsedCalendarEvent[], source: CalendarFormat): Promise<StoreOutcome> {
    const unique = new Map<string, ParsedCalendarEvent>();
    // One row per key: a file naming the same release twice keeps its last line (one statement cannot update a row twice).
    for (const e of events) unique.set(`${e.at.toISOString()}\u0000${e.currency}\u0000${e.title}`, e);
    if (unique.size === 0) return { created: 0, updated: 0, unchanged: 0 };
    const batch = JSON.stringify([...unique.values()].map((e) => ({ ...e, at: e.at.toISOString() })));
    const [row] = await this.db.prisma.$queryRawUnsafe<{ created: number; updated: number }[]>(UPSERT_EVENTS_SQL, batch, source);
    this.stored += 1;
    const created = row?.created ?? 0;
    const updated = row?.updated ?? 0;
    return { created, updated, unchanged: unique.size - created - updated };
  }

  /** Imports stored through this repository so far. */
  generation(): number {
    return this.stored;
  }

  /** The symbols an account's upcoming windows are listed for (open ones, then the usual ones). */
  async accountSymbols(accountId: string, now: Date): Promise<string[]> {
    const rows = await this.db.driverQuery<{ symbol: string }>(ACCOUNT_SYMBOLS_SQL, [accountId, now.toISOString()]);
    return rows.map((r) => r.symbol);
  }

  /** The events a list or a news check reads, oldest first. A read on the driver: it runs on every check_trade. */
  async eventsBetween(filter: EventFilter): Promise<StoredCalendarEvent[]> {
    return this.db.driverQuery<StoredCalendarEvent>(EVENTS_BETWEEN_SQL, [
      filter.from.toISOString(),
      filter.to.toISOString(),
      filter.currencies,
      filter.impacts,
      filter.limit,
    ]);
  }

  /** Whether the user is an admin (only an admin imports the calendar every user's checks read). */
  async isAdmin(userId: string): Promise<boolean> {
    const user = await this.db.prisma.user.findUnique({ where: { id: userId }, select: { admin: true } });
    return user?.admin ?? false;
  }

  /** What a challenge's news rule is read from: its plan, purchase, own rules, phase and platform; null when unknown. */
  async newsChallenge(challengeId: string): Promise<NewsChallengeFacts | null> {
    return this.db.prisma.challenge.findUnique({ where: { id: challengeId }, select: NEWS_CHALLENGE_COLUMNS });
  }

  /** The accounts' challenges (null for an account linked to none). */
  async challengesOfAccounts(accountIds: readonly string[]): Promise<{ id: string; challengeId: string | null }[]> {
    return this.db.prisma.eaAccount.findMany({ where: { id: { in: [...accountIds] } }, select: { id: true, challengeId: true } });
  }
}
