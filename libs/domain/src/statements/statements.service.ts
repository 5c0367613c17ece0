import { CoachInputError, DEFAULT_BROKER_ZONE, firmDayAt, localToInstant, parseBrokerZone } from '@propfolio/coach';
import { AppError, type Caller } from '@propfolio/core';
import { Prisma, type Database } from '@propfolio/db';
import { foldDays, readStatement, StatementError, MAX_STATEMENT_BYTES, type Statement } from '@propfolio/mt-statements';
import { archivedAccountError } from '../accounts/archived-error.js';
import { challengeRules, rolloverOf, type PlanRulesSource } from '../coach/challenge-rules.js';
import type { ImportStatementInput } from './statements.inputs.js';
import { dateToIso, isoToDate } from '../shared/dates.js';
import { requireId } from '../shared/ids.js';
import { toMoney } from '../shared/money.js';
import type { StatementImport } from './statements.outputs.js';
import type { CpuRequester } from '../workers/cpu-tasks.js';

/** Reads a statement's bytes for `who`; the composition root runs it on the CPU pool, tests and tools in-process. */
export type StatementReader = (bytes: Uint8Array, who: CpuRequester) => Promise<Statement>;
export const readStatementInProcess: StatementReader = (bytes) => Promise.resolve(readStatement(bytes));

/** The file's bytes from the wire, or 413 over the documented limit. */
function fileBytes(input: ImportStatementInput): Uint8Array {
  const bytes = (input.contentEncoding ?? 'base64') === 'base64' ? decodeBase64(input.content) : new TextEncoder().encode(input.content);
  if (bytes.length > MAX_STATEMENT_BYTES) {
    throw AppError.payloadTooLarge(
      `The statement is ${bytes.length} bytes; at most ${MAX_STATEMENT_BYTES} (5 MiB) are imported.`,
      MAX_STATEMENT_BYTES,
    );
  }
  return bytes;
}

function decodeBase64(text: string): Uint8Array {
  const compact = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) {
    throw AppError.invalidField('content', 'is not valid base64 (send contentEncoding "utf8" for the file’s text)');
  }
  return Uint8Array.from(Buffer.from(compact, 'base64'));
}

function rejected(error: StatementError): AppError {
  // The reader's own bound is its default, MAX_STATEMENT_BYTES (fileBytes refuses larger files first).
  if (error.code === 'too_large') return AppError.payloadTooLarge(error.message, MAX_STATEMENT_BYTES);
  return new AppError('statement_rejected', `${error.message} (${error.code}). Nothing was imported.`);
}

interface ExistingDay {
  balance: Prisma.Decimal;
  closedPnl: Prisma.Decimal;
}

/**
 * Imports the account history a trader exports from MetaTrader: the statement's deals become daily closed
 * P&L and end-of-day balances per firm day (the broker clock converted to instants, then cut at the plan's
 * roll-over). All of a file or nothing: a statement of another login, a cut or misread file is refused
 * before anything is written, and the days are written in one transaction. Re-importing the same file
 * changes nothing; a newer overlapping file adds the new days and says which figures it replaced.
 */
export class StatementImportService {
  constructor(
    private readonly db: Database,
    private readonly plans: PlanRulesSource,
    private readonly read: StatementReader = readStatementInProcess,
  ) {}

  async import(caller: Caller, input: ImportStatementInput): Promise<StatementImport> {
    const accountId = requireId(input.id, 'EA account');
    const bytes = fileBytes(input);
    const account = await this.db.prisma.eaAccount.findFirst({
      where: { id: accountId, userId: caller.userId },
      include: { challenge: { select: { planId: true, purchasedAt: true, rulesOverride: true } } },
    });
    if (!account) throw AppError.notFound('EA account');
    if (account.archivedAt) throw archivedAccountError(account.archivedAt, account.archivedReason);
    const serverTimeZone = input.serverTimeZone ?? DEFAULT_BROKER_ZONE;
    try {
      parseBrokerZone(serverTimeZone);
    } catch (error) {
      if (error instanceof CoachInputError) throw AppError.invalidField('serverTimeZone', error.message);
      throw error;
    }

    let statement: Statement;
    try {
      statement = await this.read(bytes, { caller });
    } catch (error) {
      if (error instanceof StatementError) throw rejected(error);
      throw error;
    }
    if (statement.account.login !== account.login) {
      throw new AppError(
        'statement_rejected',
        `The statement is of account ${statement.account.login}, but this EA account's login is ${account.login}. Nothing was imported.`,
      );
    }
    const { rollover, known } = rolloverOf(account.challenge ? await challengeRules(this.plans, account.challenge) : null);
    const folded = foldDays(statement.transactions, {
      dayOf: (local) => firmDayAt(localToInstant(local, serverTimeZone), rollover).day,
      openingBalance: statement.openingBalance,
    });
    const warnings = statementWarnings(statement, account);

    return this.db.prisma.$transaction(async (tx) => {
      // Locked like a report (FOR KEY SHARE), so an archive either waits for the import or is seen by it.
      const [locked] = await tx.$queryRaw<{ archivedAt: Date | null }[]>`
        SELECT "archivedAt" FROM "EaAccount" WHERE "id" = ${accountId} AND "userId" = ${caller.userId} FOR KEY SHARE`;
      if (!locked) throw AppError.notFound('EA account');
      if (locked.archivedAt) throw archivedAccountError(locked.archivedAt, account.archivedReason);
      const existing = new Map<string, ExistingDay>(
        (
          await tx.dailyPnl.findMany({
            where: { accountId, date: { in: folded.days.map((d) => isoToDate(d.day)) } },
            select: { date: true, balance: true, closedPnl: true },
          })
        ).map((row) => [dateToIso(row.date), row]),
      );
      const days = folded.days.map((day) => {
        const before = existing.get(day.day);
        const same = before !== undefined && before.balance.equals(day.balance) && before.closedPnl.equals(day.closedPnl);
        const outcome = before === undefined ? 'created' : same ? 'unchanged' : 'updated';
        return {
          date: day.day,
          outcome,
          closedPnl: toMoney(new Prisma.Decimal(day.closedPnl)),
          balance: toMoney(new Prisma.Decimal(day.balance)),
          deposits: toMoney(new Prisma.Decimal(day.deposits)),
          withdrawals: toMoney(new Prisma.Decimal(day.withdrawals)),
          trades: day.trades,
          previous: outcome === 'updated' && before ? { balance: toMoney(before.balance), closedPnl: toMoney(before.closedPnl) } : null,
        } as const;
      });
      if (!input.dryRun) {
        for (const [index, day] of folded.days.entries()) {
          if (days[index]?.outcome === 'unchanged') continue;
          // A statement knows closed figures only: a new day's equity is its balance; a reported day keeps the equity the tracker saw.
          await tx.dailyPnl.upsert({
            where: { accountId_date: { accountId, date: isoToDate(day.day) } },
            create: { accountId, date: isoToDate(day.day), balance: day.balance, equity: day.balance, closedPnl: day.closedPnl },
            update: { balance: day.balance, closedPnl: day.closedPnl },
          });
        }
        const last = folded.days.at(-1);
        if (last && days.some((d) => d.outcome !== 'unchanged')) {
          await tx.eaAccount.updateMany({
            where: { id: accountId, OR: [{ lastReportOn: null }, { lastReportOn: { lte: isoToDate(last.day) } }] },
            data: { balance: last.balance, lastReportOn: isoToDate(last.day) },
          });
        }
      }
      return {
        accountId,
        dryRun: input.dryRun ?? false,
        platform: statement.platform,
        login: statement.account.login,
        currency: statement.account.currency,
        serverTimeZone,
        rolloverKnown: known,
        from: folded.days[0]?.day ?? null,
        to: folded.days.at(-1)?.day ?? null,
        created: days.filter((d) => d.outcome === 'created').length,
        updated: days.filter((d) => d.outcome === 'updated').length,
        unchanged: days.filter((d) => d.outcome === 'unchanged').length,
        days,
        skipped: folded.skipped,
        warnings,
      };
    });
  }
}

/** What the trader should look at: a currency or first deposit that does not match the account as registered. */
function statementWarnings(statement: Statement, account: { currency: string; initialBalance: Prisma.Decimal }): string[] {
  const warnings: string[] = [];
  if (statement.account.currency && statement.account.currency !== account.currency) {
    warnings.push(`The statement is in ${statement.account.currency}; the account was registered in ${account.currency}.`);
  }
  const firstDeposit = statement.transactions.find((t) => t.kind === 'deposit');
  if (firstDeposit && !new Prisma.Decimal(statement.openingBalance).isZero()) {
    warnings.push(`The statement starts with a balance of ${statement.openingBalance} carried from before its period.`);
  } else if (firstDeposit && !account.initialBalance.equals(firstDeposit.profit)) {
    warnings.push(
      `The first deposit is ${firstDeposit.profit}; the account's initial balance is ${account.initialBalance.toString()} (P&L % is measured from the initial balance).`,
    );
  }
  return warnings;
}
