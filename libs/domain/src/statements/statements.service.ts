import { firmDayAt, localToInstant, type Rollover } from '@propfolio/coach';
import { AppError, type Caller } from '@propfolio/core';
import { MAX_STATEMENT_BYTES, type FoldedDay, type FoldedDays, type Statement } from '@propfolio/mt-statements';
import { noticeText, type ImportNotice } from '@propfolio/trade-files';
import { archivedAccountError } from '../accounts/archived-error.js';
import type { AccountWriteNotifier } from '../shared/account-writes.js';
import { challengeRules, rolloverOf, type PlanRulesSource } from '../coach/challenge-rules.js';
import type { ImportStatementInput } from './statements.inputs.js';
import { requireId } from '../shared/ids.js';
import { moneyFromText, toMoney, type Decimal } from '../shared/money.js';
import type { StatementImport } from './statements.outputs.js';
import { statementDays } from './statement-days.js';
import { PLATFORM_NAMES } from './import-formats.js';
import type { StatementImportStore, StatementsRepository, StoredDay } from './statements.repository.js';
import { readImport, readStatementInProcess, readTradeFileInProcess, type ImportReaders, type ReadImport } from './read-import.js';
import { positionRecordsFromStatement } from '../trades/statement-positions.js';
import { prepareBatch, type PositionOutcomes } from '../trades/trade-store.js';

export { readStatementInProcess, readTradeFileInProcess, type StatementReader, type TradeFileReading } from './read-import.js';

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
  // A view of the decoded bytes, not Uint8Array.from's copy element by element (50 ms of event loop for 5 MiB).
  const bytes = Buffer.from(compact, 'base64');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Days listed in one answer; the rest are paged with `daysAfter` (see ImportStatementInput). */
export const DAYS_PER_ANSWER = 1_000;

type ExistingDay = StoredDay;

type Outcome = 'created' | 'updated' | 'unchanged';

/** What an import did (or, as a dry run, would do): each day's outcome, the figures it replaced, the trades' counts. */
interface Written {
  outcomes: Outcome[];
  previous: Map<string, ExistingDay>;
  trades: PositionOutcomes;
}

/**
 * Imports the account history a trader exports from MetaTrader: the statement's deals become daily closed
 * P&L and end-of-day balances per firm day (the broker clock converted to instants, then cut at the plan's
 * roll-over). All of a file or nothing: a statement of another login, a cut or misread file, a deal in the
 * future or a figure the database cannot keep is refused before anything is written (the dry run runs the same
 * checks, so it gives the same verdict), and the days are written in one transaction as a few set-based
 * statements. Imports of one account run one at a time (an advisory lock on the account), so of two identical
 * imports sent together one creates and the other finds its days unchanged. Re-importing the same file
 * changes nothing; a newer overlapping file adds the new days and says which figures it replaced.
 */
export class StatementImportService {
  constructor(
    private readonly repository: StatementsRepository,
    private readonly plans: PlanRulesSource,
    /** Told after an import wrote (the alerts). */
    private readonly writes: AccountWriteNotifier,
    private readonly readers: ImportReaders = { statement: readStatementInProcess, tradeFile: readTradeFileInProcess },
  ) {}

  async import(caller: Caller, input: ImportStatementInput, now = new Date()): Promise<StatementImport> {
    const accountId = requireId(input.id, 'EA account');
    const bytes = fileBytes(input);
    const account = await this.repository.accountForImport(caller.userId, accountId);
    if (!account) throw AppError.notFound('EA account');
    if (account.archivedAt) throw archivedAccountError(account.archivedAt, account.archivedReason);
    const kept = { find: (header: readonly string[]) => this.repository.findMapping(caller.userId, header) };
    const read = await readImport(bytes, input, account, this.readers, { caller }, kept);
    const { statement, zone: serverTimeZone } = read;
    const { rollover, known } = rolloverOf(account.challenge ? await challengeRules(this.plans, account.challenge) : null);
    const folded = await statementDays(statement, { serverTimeZone, rollover, now });
    const notices = [...statementNotices(statement, account), ...read.notices];
    if (read.clock.source === 'default') {
      const platform = PLATFORM_NAMES[read.format] ?? PLATFORM_NAMES[read.platform] ?? read.platform;
      notices.push({ code: 'default_clock', params: { zone: read.clock.zone ?? 'UTC', platform } });
    }
    // The statement's closed positions become the account's trades in the same transaction as its days (a dry run
    // checks them too, so it gives the same verdict).
    const positions = await positionRecordsFromStatement(statement.positions, serverTimeZone);
    // Checked and turned into the write's statements before the import's transaction opens, in slices: 30,000
    // positions' checks (an exact sum of exits each) held the event loop 0.3 s in one stretch (prepareBatch says more).
    const batch = await prepareBatch(positions);

    const dates = folded.days.map((d) => d.day);
    const judge = async (): Promise<Written> => ({
      outcomes: outcomesOf(folded.days, await this.repository.storedDays(accountId, dates)),
      previous: new Map<string, ExistingDay>(),
      trades: await this.repository.judgePositions(accountId, positions),
    });
    const write = async (store: StatementImportStore): Promise<Written> => {
      // Locked like a report, so an archive either waits for the import or is seen by it; and imports of this
      // account one after the other, so each compares against what the previous one wrote.
      const locked = await store.lockAccount(caller.userId, accountId);
      if (!locked) throw AppError.notFound('EA account');
      if (locked.archivedAt) throw archivedAccountError(locked.archivedAt, account.archivedReason);
      const previous = await store.storedDays(accountId, dates);
      const outcomes = await writeDays(store, accountId, folded.days, previous);
      const trades = await store.storePositions(accountId, batch);
      // The file says which platform the account trades on: recorded when the account has none, never overwritten.
      await store.recordPlatform(accountId, read.platform);
      return { outcomes, previous, trades };
    };

    const written = input.dryRun ? await judge() : await this.repository.inImport(write);
    // A mapping the caller sent reads their next file with the same header without one (never another user's).
    if (!input.dryRun && read.keep !== null) await this.repository.keepMapping(caller.userId, read.keep.header, read.keep.mapping);
    if (!input.dryRun) this.repository.announceChanges();
    if (!input.dryRun) this.writes.accountWritten(accountId);
    const clock = clockAnswer(read, rollover);
    return answerOf({ accountId, input, statement, serverTimeZone, known, folded, notices, read, clock, ...written });
  }
}

/** What writing each day does to the stored ones: the dry run's verdict and the write's are this one function. */
function outcomesOf(days: readonly FoldedDay[], stored: ReadonlyMap<string, ExistingDay>): Outcome[] {
  return days.map((day) => {
    const before = stored.get(day.day);
    if (before === undefined) return 'created';
    return before.balance.equals(day.balance) && before.closedPnl.equals(day.closedPnl) ? 'unchanged' : 'updated';
  });
}

/**
 * Writes the days that differ from `previous` (read under the import's lock); the account then follows its latest
 * day, balance and equity, unless a later day was already reported. Answers each day's outcome, in the order of
 * `days`.
 */
async function writeDays(
  store: StatementImportStore,
  accountId: string,
  days: readonly FoldedDay[],
  previous: ReadonlyMap<string, ExistingDay>,
): Promise<Outcome[]> {
  const outcomes = outcomesOf(days, previous);
  const changed = days.filter((_, i) => outcomes[i] !== 'unchanged');
  const last = days.at(-1);
  if (last && changed.length > 0) await store.writeDays(accountId, changed, last.day);
  return outcomes;
}

interface AnswerParts {
  accountId: string;
  input: ImportStatementInput;
  statement: Statement;
  serverTimeZone: string;
  known: boolean;
  folded: FoldedDays;
  read: ReadImport;
  clock: StatementImport['clock'];
  outcomes: readonly Outcome[];
  previous: ReadonlyMap<string, ExistingDay>;
  trades: PositionOutcomes;
  notices: ImportNotice[];
}

/**
 * The answer: counts and first and last days of the whole statement, the first and last changed day, and at most
 * DAYS_PER_ANSWER days listed (those after `daysAfter`), with the cursor of the next page when more follow. Only
 * the listed days are turned into JSON figures.
 */
function answerOf(parts: AnswerParts): StatementImport {
  const { folded, outcomes, input } = parts;
  const counts = { created: 0, updated: 0, unchanged: 0 };
  let changedFrom: string | null = null;
  let changedTo: string | null = null;
  for (const [i, day] of folded.days.entries()) {
    const outcome = outcomes[i] ?? 'unchanged';
    counts[outcome]++;
    if (outcome !== 'unchanged') {
      changedFrom ??= day.day;
      changedTo = day.day;
    }
  }
  const after = input.daysAfter;
  const first = after === undefined ? 0 : folded.days.findIndex((d) => d.day > after);
  const start = first < 0 ? folded.days.length : first;
  const listed = folded.days.slice(start, start + DAYS_PER_ANSWER);
  const more = start + listed.length < folded.days.length;
  return {
    accountId: parts.accountId,
    dryRun: input.dryRun ?? false,
    format: parts.read.format,
    platform: parts.read.platform as StatementImport['platform'],
    login: parts.statement.account.login,
    currency: parts.statement.account.currency,
    serverTimeZone: parts.serverTimeZone,
    clock: parts.clock,
    rolloverKnown: parts.known,
    from: folded.days[0]?.day ?? null,
    to: folded.days.at(-1)?.day ?? null,
    ...counts,
    changedFrom,
    changedTo,
    daysTotal: folded.days.length,
    days: listed.map((day, i) => {
      const outcome = outcomes[start + i] ?? 'unchanged';
      const before = outcome === 'updated' ? parts.previous.get(day.day) : undefined;
      return {
        date: day.day,
        outcome,
        closedPnl: moneyFromText(day.closedPnl),
        balance: moneyFromText(day.balance),
        deposits: moneyFromText(day.deposits),
        withdrawals: moneyFromText(day.withdrawals),
        trades: day.trades,
        previous: before ? { balance: toMoney(before.balance), closedPnl: toMoney(before.closedPnl) } : null,
      };
    }),
    nextDaysAfter: more ? (listed.at(-1)?.day ?? null) : null,
    trades: { read: parts.statement.positions.length, ...parts.trades },
    skipped: folded.skipped,
    warnings: parts.notices.map(noticeText),
    notices: parts.notices,
  };
}

/**
 * How the file's times were read, with its first and last closed trade as the file wrote them, in UTC and as firm
 * days, so a wrong zone is seen in the preview before anything is written.
 */
function clockAnswer(read: ReadImport, rollover: Rollover): StatementImport['clock'] {
  const { positions } = read.statement;
  let first = -1;
  let last = -1;
  for (const [i, p] of positions.entries()) {
    if (first < 0 || p.closedAt < (positions[first]?.closedAt ?? '')) first = i;
    if (last < 0 || p.closedAt >= (positions[last]?.closedAt ?? '')) last = i;
  }
  const trade = (i: number): NonNullable<StatementImport['clock']['first']> | null => {
    const p = positions[i];
    if (p === undefined) return null;
    const at = localToInstant(p.closedAt, read.zone);
    return { file: read.fileCloses[i] ?? p.closedAt, utc: at.toISOString(), firmDay: firmDayAt(at, rollover).day };
  };
  return { source: read.clock.source, zone: read.clock.zone, first: trade(first), last: trade(last) };
}

/** What the trader should look at: a currency or first deposit that does not match the account as registered. */
function statementNotices(statement: Statement, account: { currency: string; initialBalance: Decimal }): ImportNotice[] {
  const notices: ImportNotice[] = [];
  if (statement.account.currency && statement.account.currency !== account.currency) {
    notices.push({ code: 'currency_differs', params: { file: statement.account.currency, account: account.currency } });
  }
  const firstDeposit = statement.transactions.find((t) => t.kind === 'deposit');
  if (firstDeposit && moneyFromText(statement.openingBalance) !== 0) {
    notices.push({ code: 'carried_balance', params: { balance: statement.openingBalance } });
  } else if (firstDeposit && !account.initialBalance.equals(firstDeposit.profit)) {
    notices.push({ code: 'first_deposit_differs', params: { deposit: firstDeposit.profit, initial: account.initialBalance.toString() } });
  }
  return notices;
}
