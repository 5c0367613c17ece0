import { defineOperation, type Operation } from '@propfolio/core';
import {
  ClosedPositionInput,
  ExportTradesInput,
  ListTradesInput,
  MAX_EXPORT_ROWS,
  MAX_POSITIONS_PER_MESSAGE,
  PushPositionsInput,
  TradeCurveInput,
  TradeIdInput,
  TradeStatsInput,
  UpdateTradeInput,
} from './trades.inputs.js';
import {
  PushPositionsResultSchema,
  TradeCalendarSchema,
  TradeCurveSchema,
  TradeDetailSchema,
  TradeExportSchema,
  TradePageSchema,
  TradeSchema,
  TradeStatsSchema,
} from './trades.outputs.js';
import type { TradeScreenshotService } from '../trade-screenshots/trade-screenshots.service.js';
import type { TradeService } from './trades.service.js';
import { callerOf, KEY_IDEMPOTENT_WRITE, KEY_LIVE_READ, KEY_READ } from '../shared/operation-flags.js';
import { parseListInSlices } from '../shared/sliced-parse.js';

/**
 * A message over the batch bound still has to reach the rule that refuses it by name (422), not the server's
 * general body limit (413): 10,001 positions of about 450 bytes each fit in this.
 */
const POSITIONS_BODY_LIMIT = 8 * 1_048_576;

/** The services these operations call; services.ts hands in its own (a context does not import the composition root). */
export interface TradesOperationServices {
  tradeScreenshots: TradeScreenshotService;
  trades: TradeService;
}

export const tradeOperations = (services: TradesOperationServices): Operation[] => [
  defineOperation({
    name: 'list_trades',
    title: 'List trades',
    description:
      'Lists your closed trades (tracker, imports), newest close first or by sort/order, with costs, net, outcome, MAE/MFE, journal, R.',
    ...KEY_READ,
    input: ListTradesInput,
    output: TradePageSchema,
    rest: { method: 'GET', path: '/trades' },
    run: async (ctx, input) => services.trades.list(callerOf(ctx), input),
  }),
  // Before get_trade: its path /trades/stats would otherwise be read as /trades/:id.
  defineOperation({
    name: 'get_trade_stats',
    title: 'Trade statistics',
    description:
      'Returns stats over list_trades filters (win rate, profit factor, expectancy also in R, streaks, holding time, MAE/MFE…), overall and by symbol, side, weekday, hour (firm day), session, tag, setup; R histogram.',
    ...KEY_READ,
    input: TradeStatsInput,
    output: TradeStatsSchema,
    rest: { method: 'GET', path: '/trades/stats' },
    run: async (ctx, input) => services.trades.stats(callerOf(ctx), input),
  }),
  // Before get_trade too, for /trades/curve.
  defineOperation({
    name: 'get_trade_curve',
    // Chart data for the dashboard's Trades page, not an agent tool: the figures an agent reasons with are
    // get_trade_stats', and its ~900 bytes would take half of what is left of the tools/list budget (60,000 bytes,
    // ~58,200 used; apps/mcp-server/test/tools.spec.ts).
    mcp: false,
    title: 'Equity curve and distribution of trades',
    description:
      "Returns the equity curve by trade of the caller's trades over the filters of list_trades (the cumulative net in close order, at most 300 points: every k-th trade and the last) and the distribution of net per trade in up to 20 equal-width buckets between the smallest and largest net, with wins, losses and breakevens (|net| < 0.005) counted in each.",
    ...KEY_READ,
    input: TradeCurveInput,
    output: TradeCurveSchema,
    rest: { method: 'GET', path: '/trades/curve' },
    run: async (ctx, input) => services.trades.curve(callerOf(ctx), input),
  }),
  // Before get_trade too, for /trades/calendar.
  defineOperation({
    name: 'get_trade_calendar',
    // The dashboard's month of daily P&L, read alone (one grouping by firm day) so it does not wait for the curve's
    // running sums; not an agent tool, for the tools/list budget as get_trade_curve.
    mcp: false,
    title: 'Daily P&L calendar of trades',
    description:
      "Returns the caller's daily P&L by firm day over the filters of list_trades: each day's net and number of trades closed, in the accounts' firm clock (named in `clock`); the same days as get_trade_curve's.",
    ...KEY_READ,
    input: TradeCurveInput,
    output: TradeCalendarSchema,
    rest: { method: 'GET', path: '/trades/calendar' },
    run: async (ctx, input) => services.trades.calendar(callerOf(ctx), input),
  }),
  // Before get_trade too, for /trades/export.csv.
  defineOperation({
    name: 'export_trades',
    // Not an agent tool: an agent reads list_trades' JSON page by page; a CSV of up to 10,000 rows is a file for a
    // spreadsheet, and its words would take tools/list bytes for nothing (60,000 budget, apps/mcp-server/test/tools.spec.ts).
    mcp: false,
    title: 'Export trades as CSV',
    description: `Returns the caller's trades over the filters, sort and order of list_trades as a CSV file (UTF-8 with a byte order mark, for Excel): one row per trade with its account, figures as stored, journal and R; a text cell a spreadsheet would run as a formula starts with '. At most ${MAX_EXPORT_ROWS} rows a file; when more match, the Link header (rel="next") and X-Next-Cursor name the next file's cursor.`,
    // Live, never kept in the answer cache: the file is named by the day, and up to 10,000 rows are not worth keeping.
    ...KEY_LIVE_READ,
    input: ExportTradesInput,
    output: TradeExportSchema,
    rest: { method: 'GET', path: '/trades/export.csv' },
    run: async (ctx, input) => services.trades.exportCsv(callerOf(ctx), input, ctx.now),
    restFile: (file) => ({
      contentType: 'text/csv; charset=utf-8',
      filename: file.filename,
      body: file.csv,
      everyDoor: true,
      nextCursor: file.nextCursor,
    }),
  }),
  defineOperation({
    name: 'get_trade',
    title: 'Get a trade',
    description: "Returns one trade with its exits, tags, note, setup, R and screenshots' metadata.",
    ...KEY_READ,
    input: TradeIdInput,
    output: TradeDetailSchema,
    rest: { method: 'GET', path: '/trades/:id' },
    run: async (ctx, input) => {
      const trade = await services.trades.get(callerOf(ctx), input);
      return { ...trade, screenshots: await services.tradeScreenshots.ofTrade(callerOf(ctx), trade.id) };
    },
  }),
  defineOperation({
    name: 'update_trade',
    title: 'Tag or annotate a trade',
    description: "Sets a trade's journal fields; left out stays, null clears. Returns it.",
    auth: 'key',
    readOnly: false,
    idempotent: true,
    input: UpdateTradeInput,
    output: TradeSchema,
    rest: { method: 'PATCH', path: '/trades/:id' },
    run: async (ctx, input) => services.trades.update(callerOf(ctx), input),
  }),
  defineOperation({
    name: 'push_account_positions',
    // Fed by the EA P&L tracker over REST; not an agent tool.
    mcp: false,
    tracker: true,
    title: 'Push closed positions',
    description: `The EA tracker's closed-positions message for one account. Returns how many positions were stored (\`accepted\`) and how many were already stored as sent (\`unchanged\`): a resend changes nothing. A position closing before it opens or over a day past the service clock, with exits over its volume, repeated, or over ${MAX_POSITIONS_PER_MESSAGE} in a message: 422 naming it, nothing stored.`,
    ...KEY_IDEMPOTENT_WRITE,
    input: PushPositionsInput,
    output: PushPositionsResultSchema,
    rest: { method: 'POST', path: '/accounts/:id/positions', status: 200, bodyLimitBytes: POSITIONS_BODY_LIMIT },
    admit: async (ctx, raw) => services.trades.admitPush(callerOf(ctx), raw),
    parse: async (raw) => parseListInSlices(PushPositionsInput, raw, 'positions', ClosedPositionInput),
    run: async (ctx, input) => services.trades.push(callerOf(ctx), input, ctx.now),
  }),
];
