import { AppError, type Caller } from '@propfolio/core';
import type { Rollover } from '@propfolio/coach';
import { archivedAccountError } from '../accounts/archived-error.js';
import type { AccountWriteNotifier } from '../shared/account-writes.js';
import { requireId } from '../shared/ids.js';
import { DEFAULT_LIMIT } from '../shared/pagination.js';
import { toDecimal } from '../shared/money.js';
import { firmClock, zoneClock, type StatsClock } from './trade-clock.js';
import { filtersOf, mixedCurrencies } from './trade-scope.js';
import { traderZone } from './trade-stats.js';
import { calendarDays, tradeCurve } from './trade-curve.js';
import { readKeptTradeStats } from './trade-stats-kept.js';
import {
  TradeJournalRepository,
  type AccountClockFacts,
  type JournalFields,
  type SortedRead,
  type TradeRow as Trade,
} from './trades.repository.js';
import { prepareBatch, recordsFromMessage, refuseOversizedBatch } from './trade-store.js';
import { tradeView } from './trade-view.js';
import { decodeSortCursor, encodeSortCursor, orderingOf, type SortOrder, type TradeSort } from './trade-sort.js';
import type { NewsService } from '../calendar/news.service.js';
import { MAX_EXITS_PER_POSITION, MAX_EXPORT_ROWS } from './trades.inputs.js';
import { tradesCsv, type ExportRow } from './trade-export.js';
import type {
  ExportTradesInput,
  ListTradesInput,
  PushPositionsInput,
  TradeCurveInput,
  TradeIdInput,
  TradeScope,
  TradeStatsInput,
  UpdateTradeInput,
} from './trades.inputs.js';
import type { PushPositionsResult, TradeCalendar, TradeCurve, TradeExport, TradePage, TradeStats, TradeView } from './trades.outputs.js';

/** An account's firm clock: its challenge's daily roll-over, or UTC midnight with `known: false`. */
export type AccountClock = (account: AccountClockFacts) => Promise<{ rollover: Rollover; known: boolean }>;

const UTC_MIDNIGHT: Rollover = { timeZone: 'UTC', time: '00:00' };

/** The ordering and the cursor a sorted read takes (the list's and the export's). */
interface SortedPage {
  sort?: TradeSort | undefined;
  order?: SortOrder | undefined;
  cursor?: string | undefined;
}

/**
 * The trade journal: closed positions per EA account, from the tracker's message or a statement import
 * (`storePositions`), read as a paged list and as stats, with the trader's own tags, note, setup and
 * planned risk on each. A trade of another user is never found (404), exactly like an unknown id.
 */
export class TradeService {
  constructor(
    /** Every read and write of the journal (trades.repository.ts); the rules, views and refusals are here. */
    private readonly trades: TradeJournalRepository,
    /** Told after a closed-positions message was stored (the alerts). */
    private readonly writes: AccountWriteNotifier,
    /** Marks trades closed or opened in a news window of the plan's news rule; without it no trade is marked. */
    private readonly news?: NewsService,
    /**
     * An account's firm clock (its challenge's rules' daily roll-over) for the stats' weekday and hour, handed in by
     * services.ts from the coach's rules; without it, UTC midnight, not known.
     */
    private readonly clockOf?: AccountClock,
  ) {}

  /** The views with each trade's news mark (the window it fell in and the firm's penalty), when a news rule applies. */
  private async withNewsMarks(trades: readonly Trade[], views: TradeView[]): Promise<TradeView[]> {
    if (!this.news || trades.length === 0) return views;
    const marks = await this.news.marks(trades);
    return views.map((view, i) => ({ ...view, news: marks[i] ?? null }));
  }

  /**
   * What a closed-positions message must pass before any position is validated (seconds of work for the largest):
   * the batch bound, each position's exits bound, and that the account is the caller's (404, like an unknown id).
   */
  async admitPush(caller: Caller, raw: Record<string, unknown>): Promise<void> {
    const positions = raw['positions'];
    if (Array.isArray(positions)) {
      refuseOversizedBatch(positions.length);
      positions.forEach((p: unknown, i) => {
        const exits = typeof p === 'object' && p !== null ? (p as Record<string, unknown>)['exits'] : undefined;
        if (Array.isArray(exits) && exits.length > MAX_EXITS_PER_POSITION)
          throw AppError.invalidField(`positions.${i}.exits`, `must contain no more than ${MAX_EXITS_PER_POSITION} elements`);
      });
    }
    if (typeof raw['id'] !== 'string') return; // the contract names it
    if (!(await this.trades.ownsAccount(caller.userId, requireId(raw['id'], 'EA account')))) throw AppError.notFound('EA account');
  }

  /** The tracker's closed-positions message: all of it stored in one transaction, or nothing (422 naming the position). */
  async push(caller: Caller, input: PushPositionsInput, now = new Date()): Promise<PushPositionsResult> {
    const accountId = requireId(input.id, 'EA account');
    // Checked and turned into its statements' JSON before the transaction opens, which then holds the database only
    // for the statements (prepareBatch says why).
    const batch = await prepareBatch(await recordsFromMessage(input.positions, now));
    // The account is locked like a report in the message's transaction, so an archive either waits for it or is seen by it.
    const { created, updated, unchanged } = await this.trades.storeMessage(caller.userId, accountId, batch, (account) => {
      if (!account) throw AppError.notFound('EA account');
      if (account.archivedAt) throw archivedAccountError(account.archivedAt, account.archivedReason);
    });
    this.writes.accountWritten(accountId);
    return { accountId, accepted: created + updated, unchanged };
  }

  /**
   * The caller's trades in the asked ordering (newest close first by default), one statement on the driver; an empty
   * page for a foreign account or challenge is a 404.
   */
  async list(caller: Caller, input: ListTradesInput): Promise<TradePage> {
    const limit = input.limit ?? DEFAULT_LIMIT;
    const trades = await this.trades.listTrades(caller, input, this.sortedRead(input), limit + 1);
    if (trades.length === 0) await this.assertScopeOwned(caller, input);
    const ordering = orderingOf(input);
    const shown = trades.slice(0, limit);
    const last = shown[shown.length - 1];
    const nextCursor = trades.length > limit && last !== undefined ? encodeSortCursor(ordering, last) : null;
    return { items: await this.withNewsMarks(shown, shown.map(tradeView)), nextCursor };
  }

  /**
   * The CSV export of the list: the same filters and ordering, up to `maxRows` trades a file (MAX_EXPORT_ROWS; a
   * test hands a smaller bound) and the cursor of the rest, which the HTTP doors send as the `next` link.
   */
  async exportCsv(caller: Caller, input: ExportTradesInput, now: Date, maxRows = MAX_EXPORT_ROWS): Promise<TradeExport> {
    const rows = await this.trades.exportTrades(caller, input, this.sortedRead(input), maxRows + 1);
    if (rows.length === 0) await this.assertScopeOwned(caller, input);
    const shown: ExportRow[] = rows.slice(0, maxRows);
    const last = rows[maxRows - 1];
    return {
      csv: tradesCsv(shown),
      filename: `trades-${now.toISOString().slice(0, 10)}.csv`,
      rows: shown.length,
      nextCursor: rows.length > maxRows && last !== undefined ? encodeSortCursor(orderingOf(input), last) : null,
    };
  }

  /** The input's ordering and, after a cursor, where the read resumes (a cursor of another ordering is a 400). */
  private sortedRead(input: SortedPage): SortedRead {
    const ordering = orderingOf(input);
    return { ordering, after: input.cursor === undefined ? undefined : decodeSortCursor(ordering, input.cursor) };
  }

  async get(caller: Caller, input: TradeIdInput): Promise<TradeView> {
    const trade = await this.trades.tradeOf(caller.userId, requireId(input.id, 'Trade'));
    if (!trade) throw AppError.notFound('Trade');
    const [view] = await this.withNewsMarks([trade], [tradeView(trade)]);
    return view ?? tradeView(trade);
  }

  /** The journal fields only; a trade's figures belong to its source. Absent fields stay, null clears. */
  async update(caller: Caller, input: UpdateTradeInput): Promise<TradeView> {
    const id = requireId(input.id, 'Trade');
    const data: JournalFields = {};
    if (input.tags !== undefined) data.tags = [...new Set(input.tags)];
    if (input.note !== undefined) data.note = input.note === null || input.note.trim() === '' ? null : input.note;
    if (input.setup !== undefined) data.setup = input.setup;
    if (input.plannedRisk !== undefined) data.plannedRisk = input.plannedRisk === null ? null : toDecimal(input.plannedRisk);
    if (Object.keys(data).length > 0 && !(await this.trades.updateJournal(caller.userId, id, data, new Date()))) {
      throw AppError.notFound('Trade');
    }
    return this.get(caller, input);
  }

  async stats(caller: Caller, input: TradeStatsInput): Promise<TradeStats> {
    await this.assertScopeOwned(caller, input);
    await this.assertOneCurrency(caller, input);
    const stats = await readKeptTradeStats(this.trades.stats, caller, input, await this.statsClock(caller, input));
    return { ...stats, ...(await this.trades.journalBreakdowns(caller, input)) };
  }

  /**
   * The clock of the weekday and hour groups: a zone the caller picked (its calendar days); else the firm day of the
   * accounts in scope; when they follow several firm clocks, the one the caller names (`clockOf`, an account of theirs)
   * or the one most of the scope's trades follow, and the answer names that account and how many clocks there are.
   */
  private async statsClock(caller: Caller, input: TradeScope & Pick<TradeStatsInput, 'timeZone' | 'clockOf'>): Promise<StatsClock> {
    if (input.timeZone !== undefined) return zoneClock(traderZone(input.timeZone));
    if (input.clockOf !== undefined) {
      const [named] = await this.trades.scopeAccountClocks(caller, { accountId: input.clockOf });
      if (!named) throw AppError.notFound('EA account');
      const clocks = await this.clocksOf(await this.trades.scopeAccountClocks(caller, input));
      const { rollover, known } = await this.rolloverOfAccount(named);
      return firmClock(rollover, known, named.accountId, Math.max(1, new Set(clocks.map((c) => c.key)).size));
    }
    const clocks = await this.clocksOf(await this.trades.scopeAccountClocks(caller, input));
    const distinct = new Map(clocks.map((c) => [c.key, c]));
    const [only] = distinct.values();
    if (distinct.size <= 1) return only ? firmClock(only.rollover, only.known) : firmClock({ timeZone: 'UTC', time: '00:00' }, false);
    // Several clocks: the one that most of the scope's trades follow (ties: the first account's), named in the answer.
    const trades = await this.trades.tradesPerAccount(caller, input);
    const withTrades = clocks.filter((c) => (trades.get(c.accountId) ?? 0) > 0);
    const perClock = new Map<string, number>();
    for (const c of withTrades) perClock.set(c.key, (perClock.get(c.key) ?? 0) + (trades.get(c.accountId) ?? 0));
    const [best] = [...perClock].sort((a, b) => b[1] - a[1]);
    const chosen = clocks.find((c) => c.key === best?.[0]) ?? clocks[0];
    if (!chosen) return firmClock({ timeZone: 'UTC', time: '00:00' }, false);
    if (perClock.size <= 1) return firmClock(chosen.rollover, chosen.known);
    return firmClock(chosen.rollover, chosen.known, chosen.accountId, perClock.size);
  }

  /** Each account's firm clock, keyed by zone and time. */
  private async clocksOf(accounts: readonly AccountClockFacts[]) {
    return Promise.all(
      accounts.map(async (account) => {
        const { rollover, known } = await this.rolloverOfAccount(account);
        return { accountId: account.accountId, rollover, known, key: `${rollover.timeZone}|${rollover.time}|${String(known)}` };
      }),
    );
  }

  /** The roll-over of an account's challenge's rules; UTC midnight, unknown, without a challenge or a stated one. */
  private async rolloverOfAccount(account: AccountClockFacts): Promise<{ rollover: Rollover; known: boolean }> {
    return this.clockOf ? this.clockOf(account) : { rollover: UTC_MIDNIGHT, known: false };
  }

  /**
   * 404 when the scope names an account or a challenge the caller does not own (exactly like an unknown id),
   * so an empty answer always means "no trades", never "not yours".
   */
  private async assertScopeOwned(caller: Caller, scope: TradeScope): Promise<void> {
    if (scope.accountId !== undefined && !(await this.trades.ownsAccount(caller.userId, requireId(scope.accountId, 'EA account')))) {
      throw AppError.notFound('EA account');
    }
    if (scope.challengeId !== undefined && !(await this.trades.ownsChallenge(caller.userId, requireId(scope.challengeId, 'Challenge')))) {
      throw AppError.notFound('Challenge');
    }
  }

  /** 422 mixed_currencies over a scope whose trades are in several currencies (trade-scope.ts, mixedCurrencies). */
  private async assertOneCurrency(caller: Caller, scope: TradeScope): Promise<void> {
    if (scope.accountId !== undefined || scope.currency !== undefined) return;
    const refused = mixedCurrencies(await this.trades.scopeCurrencies(caller, scope));
    if (refused) throw refused;
  }

  /** The equity curve by trade and the distribution of results, for the dashboard's charts (trade-curve.ts). */
  async curve(caller: Caller, input: TradeCurveInput): Promise<TradeCurve> {
    await this.assertScopeOwned(caller, input);
    await this.assertOneCurrency(caller, input);
    const clock = await this.statsClock(caller, input);
    return tradeCurve(await this.trades.curveRow(caller, input, clock), input, clock);
  }

  /**
   * The calendar of daily P&L alone: the curve's `days`, same scope, clock and refusals, from one GROUP BY over the
   * scope's trades instead of the curve's running sums (docs/performance.md, "Trades").
   */
  async calendar(caller: Caller, input: TradeCurveInput): Promise<TradeCalendar> {
    await this.assertScopeOwned(caller, input);
    await this.assertOneCurrency(caller, input);
    const clock = await this.statsClock(caller, input);
    return { filters: filtersOf(input), clock: clock.answer, days: calendarDays(await this.trades.tradeDays(caller, input, clock)) };
  }
}
