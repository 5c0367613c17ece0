import { defineOperation, type Operation } from '@propfolio/core';
import {
  ListTradesInput,
  MAX_POSITIONS_PER_MESSAGE,
  PushPositionsInput,
  TradeIdInput,
  TradeStatsInput,
  UpdateTradeInput,
} from './trades.inputs.js';
import { PushPositionsResultSchema, TradePageSchema, TradeSchema, TradeStatsSchema } from './trades.outputs.js';
import { type DomainServices } from '../services.js';
import { callerOf, KEY_IDEMPOTENT_WRITE, KEY_READ, NO_DELETE } from '../shared/operation-flags.js';

/**
 * A message over the batch bound still has to reach the rule that refuses it by name (422), not the server's
 * general body limit (413): 10,001 positions of about 450 bytes each fit in this.
 */
const POSITIONS_BODY_LIMIT = 8 * 1_048_576;

export const tradeOperations = (services: DomainServices): Operation[] => [
  defineOperation({
    name: 'list_trades',
    title: 'List trades',
    description:
      "Lists the caller's closed trades (positions from the EA tracker and imported statements), newest close first, with symbol, side, volume, prices, costs, net, outcome, holding time, MAE/MFE, tags, note, setup and R. Filters: accountId or challengeId, symbol, side, from/to (close time), outcome (win/loss/breakeven), tag. Paginated: pass `nextCursor` back as `cursor`. For totals and breakdowns use get_trade_stats.",
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
      'Journal statistics of the caller’s trades, for one account (accountId), one challenge (challengeId) or all, optionally within from/to (close time): count, win rate, profit factor, expectancy per trade and in R (where a planned risk is set), average and largest win and loss, longest win and loss streaks, average holding time, average MAE/MFE; the same figures by symbol, side, weekday and hour of the open (in `timeZone`, default Asia/Tokyo), trading session (Tokyo, London, New York in their own clocks) and tag. Breakeven is |net| < 0.005; net = profit + commission + swap + fee.',
    ...KEY_READ,
    input: TradeStatsInput,
    output: TradeStatsSchema,
    rest: { method: 'GET', path: '/trades/stats' },
    run: async (ctx, input) => services.trades.stats(callerOf(ctx), input),
  }),
  defineOperation({
    name: 'get_trade',
    title: 'Get a trade',
    description: 'Returns one trade by id (from list_trades) with its exits, tags, note, setup and R.',
    ...KEY_READ,
    input: TradeIdInput,
    output: TradeSchema,
    rest: { method: 'GET', path: '/trades/:id' },
    run: async (ctx, input) => services.trades.get(callerOf(ctx), input),
  }),
  defineOperation({
    name: 'update_trade',
    title: 'Tag or annotate a trade',
    description: `Sets a trade's journal fields: tags (replacing its tags, at most 20 of 40 characters), a note (4,000 characters), a setup name, and the planned risk amount that R is measured against. Fields left out stay; null clears. The trade's figures (prices, volume, P&L) come from its source and cannot be changed. Returns the trade. ${NO_DELETE}`,
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
    description: `The EA tracker's closed-positions message for one account: 1 to ${MAX_POSITIONS_PER_MESSAGE} positions, each stored once per account and position id. A resend changes nothing and is counted as \`unchanged\`. A position whose exits exceed its volume, that closes before it opens, repeats in the message, or has a symbol over 32 characters, and a message over ${MAX_POSITIONS_PER_MESSAGE} positions, answer 422 position_rejected naming it, and nothing is stored. An archived account answers 409 account_archived.`,
    ...KEY_IDEMPOTENT_WRITE,
    input: PushPositionsInput,
    output: PushPositionsResultSchema,
    rest: { method: 'POST', path: '/accounts/:id/positions', status: 200, bodyLimitBytes: POSITIONS_BODY_LIMIT },
    run: async (ctx, input) => services.trades.push(callerOf(ctx), input),
  }),
];
