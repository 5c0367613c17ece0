import { AppError, type Caller } from '@propfolio/core';
import type { Database, Prisma, TradeModel as Trade } from '@propfolio/db';
import { archivedAccountError } from '../accounts/archived-error.js';
import type { AccountWriteNotifier } from '../shared/account-writes.js';
import { requireId } from '../shared/ids.js';
import { jsonArray, jsonObject, queryJson, revive } from '../shared/json-rows.js';
import { SqlParams } from '../shared/keyset-sql.js';
import { Keyset } from '../shared/pagination.js';
import { toDecimal } from '../shared/money.js';
import { assertOneCurrency, assertScopeOwned, scopeSql } from './trade-scope.js';
import { readTradeCurve } from './trade-curve.js';
import { readKeptTradeStats } from './trade-stats-kept.js';
import { recordsFromMessage, refuseOversizedBatch, STORE_TIMEOUT_MS, storePositions } from './trade-store.js';
import { BREAKEVEN_BELOW, TRADE, tradeView } from './trade-view.js';
import type { NewsService } from '../calendar/news.service.js';
import { MAX_EXITS_PER_POSITION } from './trades.inputs.js';
import type {
  ListTradesInput,
  Outcome,
  PushPositionsInput,
  TradeCurveInput,
  TradeIdInput,
  TradeStatsInput,
  UpdateTradeInput,
} from './trades.inputs.js';
import type { PushPositionsResult, TradeCurve, TradePage, TradeStats, TradeView } from './trades.outputs.js';

const OUTCOME_SQL: Record<Outcome, string> = {
  win: ` AND t."net" >= ${BREAKEVEN_BELOW}`,
  loss: ` AND t."net" <= -${BREAKEVEN_BELOW}`,
  breakeven: ` AND abs(t."net") < ${BREAKEVEN_BELOW}`,
};

/**
 * The trade journal: closed positions per EA account, from the tracker's message or a statement import
 * (`storePositions`), read as a paged list and as stats, with the trader's own tags, note, setup and
 * planned risk on each. A trade of another user is never found (404), exactly like an unknown id.
 */
export class TradeService {
  constructor(
    private readonly db: Database,
    /** Told after a closed-positions message was stored (the alerts). */
    private readonly writes: AccountWriteNotifier,
    /** Marks trades closed or opened in a news window of the plan's news rule; without it no trade is marked. */
    private readonly news?: NewsService,
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
    const owned = await this.db.prisma.eaAccount.findFirst({
      where: { id: requireId(raw['id'], 'EA account'), userId: caller.userId },
      select: { id: true },
    });
    if (!owned) throw AppError.notFound('EA account');
  }

  /** The tracker's closed-positions message: all of it stored in one transaction, or nothing (422 naming the position). */
  async push(caller: Caller, input: PushPositionsInput, now = new Date()): Promise<PushPositionsResult> {
    const accountId = requireId(input.id, 'EA account');
    const records = await recordsFromMessage(input.positions, now);
    const { created, updated, unchanged } = await this.db.prisma.$transaction(
      async (tx) => {
        // Locked like a report (FOR KEY SHARE), so an archive either waits for the message or is seen by it.
        const [locked] = await tx.$queryRaw<{ archivedAt: Date | null; archivedReason: string | null }[]>`
        SELECT "archivedAt", "archivedReason" FROM "EaAccount" WHERE "id" = ${accountId} AND "userId" = ${caller.userId} FOR KEY SHARE`;
        if (!locked) throw AppError.notFound('EA account');
        if (locked.archivedAt) throw archivedAccountError(locked.archivedAt, locked.archivedReason);
        return storePositions(tx, accountId, records);
      },
      { timeout: STORE_TIMEOUT_MS },
    );
    this.writes.accountWritten(accountId);
    return { accountId, accepted: created + updated, unchanged };
  }

  /** Newest close first, one statement on the driver; an empty page for a foreign account or challenge is a 404. */
  async list(caller: Caller, input: ListTradesInput): Promise<TradePage> {
    const keyset = new Keyset<Trade>(input, (row) => row.closedAt);
    const params = new SqlParams();
    let where = scopeSql(caller, input, params);
    if (input.symbol !== undefined) where += ` AND t."symbol" = ${params.add(input.symbol)}`;
    if (input.side !== undefined) where += ` AND t."side" = ${params.add(input.side)}`;
    if (input.outcome !== undefined) where += OUTCOME_SQL[input.outcome];
    if (input.tag !== undefined) where += ` AND t."tags" @> ARRAY[${params.add(input.tag)}]::text[]`;
    // The cursor as a row comparison, which the (owner, closedAt desc, id desc) indexes seek to directly; the
    // shared keysetPage's `a < x OR (a = x AND b < y)` made PostgreSQL walk every newer row (50 ms 60,000 deep).
    if (keyset.after) {
      const at = params.add(keyset.after.sort.toISOString(), 'timestamptz');
      where += ` AND (t."closedAt", t."id") < (${at}, ${params.add(keyset.after.id)})`;
    }
    const order = 't."closedAt" DESC, t."id" DESC';
    const from = `FROM (SELECT * FROM "Trade" t WHERE ${where} ORDER BY ${order} LIMIT ${params.add(keyset.take, 'int')}) t`;
    const rows = await queryJson<Record<string, unknown>[]>(
      this.db,
      `SELECT ${jsonArray(jsonObject('t', TRADE), from, order)} AS "data"`,
      params.values,
    );
    const trades = (rows ?? []).map((row) => revive<Trade>(row, TRADE));
    if (trades.length === 0) await assertScopeOwned(this.db, caller, input);
    const page = keyset.page(trades, tradeView);
    return { ...page, items: await this.withNewsMarks(trades.slice(0, page.items.length), page.items) };
  }

  async get(caller: Caller, input: TradeIdInput): Promise<TradeView> {
    const trade = await this.db.prisma.trade.findFirst({ where: { id: requireId(input.id, 'Trade'), userId: caller.userId } });
    if (!trade) throw AppError.notFound('Trade');
    const [view] = await this.withNewsMarks([trade], [tradeView(trade)]);
    return view ?? tradeView(trade);
  }

  /** The journal fields only; a trade's figures belong to its source. Absent fields stay, null clears. */
  async update(caller: Caller, input: UpdateTradeInput): Promise<TradeView> {
    const id = requireId(input.id, 'Trade');
    const data: Prisma.TradeUpdateManyMutationInput = {};
    if (input.tags !== undefined) data.tags = [...new Set(input.tags)];
    if (input.note !== undefined) data.note = input.note === null || input.note.trim() === '' ? null : input.note;
    if (input.setup !== undefined) data.setup = input.setup;
    if (input.plannedRisk !== undefined) data.plannedRisk = input.plannedRisk === null ? null : toDecimal(input.plannedRisk);
    if (Object.keys(data).length > 0) {
      data.updatedAt = new Date();
      const { count } = await this.db.prisma.trade.updateMany({ where: { id, userId: caller.userId }, data });
      if (count === 0) throw AppError.notFound('Trade');
    }
    return this.get(caller, input);
  }

  async stats(caller: Caller, input: TradeStatsInput): Promise<TradeStats> {
    await assertScopeOwned(this.db, caller, input);
    await assertOneCurrency(this.db, caller, input);
    return readKeptTradeStats(this.db, caller, input);
  }

  /** The equity curve by trade and the distribution of results, for the dashboard's charts (trade-curve.ts). */
  async curve(caller: Caller, input: TradeCurveInput): Promise<TradeCurve> {
    await assertScopeOwned(this.db, caller, input);
    await assertOneCurrency(this.db, caller, input);
    return readTradeCurve(this.db, caller, input);
  }
}
