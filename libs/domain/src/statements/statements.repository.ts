/**
 * The statements context's data access, one method per intent, each statement's SQL a named constant beside it,
 * every row with named fields: the account an import writes to, its stored days and the import's writes (one
 * transaction, `inImport` hands its work a `StatementImportStore` bound to it), and the column mappings a user sent
 * for CSVs no reader knows, kept per user and per file header (CsvMapping rows), so the next file with the same
 * header imports without one. Every read and write names the user: one user's mapping is never read for another's
 * file. Which days change, the outcomes and the answer stay in statements.service.ts.
 */
import { createHash } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import type { Database, Prisma } from '@propfolio/db';
import type { Decimal } from '../shared/money.js';
import { judgePositions, storePositions, type PositionOutcomes, type PositionRecord, type PreparedBatch } from '../trades/trade-store.js';

type Tx = Prisma.TransactionClient;

/** A stored day's figures an import compares its own against. */
export interface StoredDay {
  balance: Decimal;
  closedPnl: Decimal;
}

/** A day as an import writes it: the firm day (YYYY-MM-DD) and its closed figures as exact decimal text. */
export interface DayToWrite {
  day: string;
  balance: string;
  closedPnl: string;
}

/** The account an import writes to, with what its rules and warnings are read from. */
export interface ImportAccountRow {
  id: string;
  login: string;
  currency: string;
  initialBalance: Decimal;
  archivedAt: Date | null;
  archivedReason: string | null;
  challenge: { planId: string | null; purchasedAt: Date; rulesOverride: Prisma.JsonValue } | null;
}

/** Dates stored per statement read, so no read holds the embedded database (which runs on the event loop) for long. */
const DAYS_PER_READ = 2_000;
/**
 * Days per statement written, so an import is a bounded number of statements and none of them holds the embedded
 * database for long: a write fires the change trigger once per row, about 0.1 ms each there.
 */
const DAYS_PER_WRITE = 250;
/** The import's writes run as set-based statements, seconds at most for the largest file; well inside this. */
const WRITE_TIMEOUT_MS = 60_000;

/**
 * Lets the event loop take other requests between two statements: the embedded database answers through
 * promises alone, so a chain of its queries would otherwise run to the end without a turn of the loop.
 */
const nextTurn = (): Promise<void> => setImmediate();

/** The stored figures of the account ($1) on the dates $2. */
const STORED_DAYS_SQL = `
  SELECT to_char("date", 'YYYY-MM-DD') AS "date", "balance", "closedPnl" FROM "DailyPnl"
  WHERE "accountId" = $1 AND "date" = ANY($2::date[])`;

/** The user's ($2) account ($1) locked FOR KEY SHARE, as a report locks it, with when it was archived. */
const LOCK_ACCOUNT_SQL = `SELECT "archivedAt" FROM "EaAccount" WHERE "id" = $1 AND "userId" = $2 FOR KEY SHARE`;

/** Imports of one account ($1: its lock key) one after the other, until the transaction ends. */
const SERIALISE_IMPORTS_SQL = `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`;

/**
 * Upserts the account's ($1) days ($2 dates, $3 balances, $4 closed P&L) from arrays. A statement knows closed
 * figures only: a new day's equity is its balance; a day already recorded keeps the floating P&L it had (equity
 * minus balance) and moves by the balance's correction, so a corrected statement corrects the equity too.
 */
const UPSERT_DAYS_SQL = `
  INSERT INTO "DailyPnl" AS d ("accountId", "date", "balance", "equity", "closedPnl")
  SELECT $1, t."date", t."balance", t."balance", t."closedPnl"
  FROM unnest($2::date[], $3::numeric[], $4::numeric[]) AS t("date", "balance", "closedPnl")
  ON CONFLICT ("accountId", "date") DO UPDATE SET
    "balance" = EXCLUDED."balance",
    "closedPnl" = EXCLUDED."closedPnl",
    "equity" = d."equity" + (EXCLUDED."balance" - d."balance")
  WHERE (d."balance", d."closedPnl") IS DISTINCT FROM (EXCLUDED."balance", EXCLUDED."closedPnl")`;

/** The account ($1) follows its day $2's balance and equity, unless a later day was already reported. */
const FOLLOW_DAY_SQL = `
  UPDATE "EaAccount" a SET "balance" = d."balance", "equity" = d."equity", "lastReportOn" = d."date"
  FROM "DailyPnl" d
  WHERE a."id" = $1 AND d."accountId" = a."id" AND d."date" = $2::date
    AND (a."lastReportOn" IS NULL OR a."lastReportOn" <= d."date")`;

/** Records the platform ($2) of an account ($1) that has none; never overwrites one. */
const RECORD_PLATFORM_SQL = `
  UPDATE "EaAccount" SET "platform" = $2::"TradingPlatform" WHERE "id" = $1 AND "platform" IS NULL`;

/** The stored days of the account among `days`, a bounded number of reads (DAYS_PER_READ dates each). */
async function storedDaysIn(client: Tx, accountId: string, days: readonly string[]): Promise<Map<string, StoredDay>> {
  const stored = new Map<string, StoredDay>();
  for (let from = 0; from < days.length; from += DAYS_PER_READ) {
    const rows = await client.$queryRawUnsafe<{ date: string; balance: Decimal; closedPnl: Decimal }[]>(
      STORED_DAYS_SQL,
      accountId,
      days.slice(from, from + DAYS_PER_READ),
    );
    for (const row of rows) stored.set(row.date, { balance: row.balance, closedPnl: row.closedPnl });
    await nextTurn();
  }
  return stored;
}

/** An import's reads and writes inside its one transaction. */
export class StatementImportStore {
  constructor(private readonly tx: Tx) {}

  /**
   * Locks the user's account like a report (FOR KEY SHARE), so an archive either waits for the import or is seen
   * by it, and waits for the account's other imports, so each compares against what the previous one wrote.
   * Answers when the account was archived, or null when it is not the user's.
   */
  async lockAccount(userId: string, accountId: string): Promise<{ archivedAt: Date | null } | null> {
    const [locked] = await this.tx.$queryRawUnsafe<{ archivedAt: Date | null }[]>(LOCK_ACCOUNT_SQL, accountId, userId);
    if (!locked) return null;
    await this.tx.$executeRawUnsafe(SERIALISE_IMPORTS_SQL, `statement-import:${accountId}`);
    return locked;
  }

  storedDays(accountId: string, days: readonly string[]): Promise<Map<string, StoredDay>> {
    return storedDaysIn(this.tx, accountId, days);
  }

  /**
   * Writes the days, DAYS_PER_WRITE to a statement (a day whose figures are unchanged is left as it is), then the
   * account follows `latest`, its newest day, unless a later day was already reported.
   */
  async writeDays(accountId: string, days: readonly DayToWrite[], latest: string): Promise<void> {
    for (let from = 0; from < days.length; from += DAYS_PER_WRITE) {
      const part = days.slice(from, from + DAYS_PER_WRITE);
      await this.tx.$executeRawUnsafe(
        UPSERT_DAYS_SQL,
        accountId,
        part.map((d) => d.day),
        part.map((d) => d.balance),
        part.map((d) => d.closedPnl),
      );
      await nextTurn();
    }
    await this.tx.$executeRawUnsafe(FOLLOW_DAY_SQL, accountId, latest);
  }

  /** Stores the statement's closed positions as the account's trades. */
  storePositions(accountId: string, batch: PreparedBatch): Promise<PositionOutcomes> {
    return storePositions(this.tx, accountId, batch);
  }

  /** Records the platform the file says the account trades on, when the account has none. */
  async recordPlatform(accountId: string, platform: string): Promise<void> {
    await this.tx.$executeRawUnsafe(RECORD_PLATFORM_SQL, accountId, platform);
  }
}

/** A kept mapping as it was sent (import_statement's `mapping`). */
export type KeptMapping = Record<string, unknown>;

/** The key of a header: its column names compared loosely (as readers compare headers), hashed to a fixed length. */
export function headerKeyOf(header: readonly string[]): string {
  const loose = header.map((h) => h.toLowerCase().replace(/[^\p{L}\p{N}]/gu, ''));
  while (loose.length > 0 && loose.at(-1) === '') loose.pop();
  return createHash('sha256').update(loose.join('\u001f')).digest('hex');
}

export class StatementsRepository {
  constructor(private readonly db: Database) {}

  /** The user's account with its challenge's rule fields; null for another's or an unknown one. */
  async accountForImport(userId: string, accountId: string): Promise<ImportAccountRow | null> {
    return this.db.prisma.eaAccount.findFirst({
      where: { id: accountId, userId },
      select: {
        id: true,
        login: true,
        currency: true,
        initialBalance: true,
        archivedAt: true,
        archivedReason: true,
        challenge: { select: { planId: true, purchasedAt: true, rulesOverride: true } },
      },
    });
  }

  /** The stored days of the account among `days` (a dry run's reads, outside any transaction). */
  storedDays(accountId: string, days: readonly string[]): Promise<Map<string, StoredDay>> {
    return storedDaysIn(this.db.prisma, accountId, days);
  }

  /** What storing the positions would do to the account's trades (a dry run's verdict). */
  judgePositions(accountId: string, positions: readonly PositionRecord[]): Promise<PositionOutcomes> {
    return judgePositions(this.db.prisma, accountId, positions);
  }

  /** Runs an import's writes in one transaction. */
  inImport<T>(work: (store: StatementImportStore) => Promise<T>): Promise<T> {
    return this.db.prisma.$transaction((tx) => work(new StatementImportStore(tx)), { timeout: WRITE_TIMEOUT_MS });
  }

  /** Tells the other processes (caches, live views) what the import wrote. */
  announceChanges(): void {
    this.db.announceChanges();
  }

  /** The user's mapping for files with this header, or null. */
  async findMapping(userId: string, header: readonly string[]): Promise<KeptMapping | null> {
    const row = await this.db.prisma.csvMapping.findUnique({
      where: { userId_headerKey: { userId, headerKey: headerKeyOf(header) } },
      select: { mapping: true },
    });
    const mapping = row?.mapping;
    return mapping !== undefined && mapping !== null && typeof mapping === 'object' && !Array.isArray(mapping) ? mapping : null;
  }

  /** Keeps `mapping` for the user's files with this header (replacing the one kept before). */
  async keepMapping(userId: string, header: readonly string[], mapping: KeptMapping, now = new Date()): Promise<void> {
    const headerKey = headerKeyOf(header);
    const json = mapping as Prisma.InputJsonObject;
    await this.db.prisma.csvMapping.upsert({
      where: { userId_headerKey: { userId, headerKey } },
      create: { userId, headerKey, header: [...header], mapping: json, createdAt: now, usedAt: now },
      update: { header: [...header], mapping: json, usedAt: now },
    });
  }
}
