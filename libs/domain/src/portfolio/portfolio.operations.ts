import { defineOperation, type Operation } from '@propfolio/core';
import { PortfolioTodayInput } from './portfolio.inputs.js';
import { PortfolioTodaySchema } from './portfolio.outputs.js';
import type { PortfolioService } from './portfolio.service.js';
import { callerOf, KEY_LIVE_READ } from '../shared/operation-flags.js';

/** Today across every account of the caller. */
/** The services these operations call; services.ts hands in its own (a context does not import the composition root). */
export interface PortfolioOperationServices {
  portfolio: PortfolioService;
}

export const portfolioOperations = (services: PortfolioOperationServices): Operation[] => [
  defineOperation({
    name: 'get_portfolio_today',
    title: 'Today across all accounts',
    description: 'Returns active EA accounts now, most at risk first: equity, room to each floor, next reset, today’s P&L, positions.',
    ...KEY_LIVE_READ,
    input: PortfolioTodayInput,
    output: PortfolioTodaySchema,
    rest: { method: 'GET', path: '/me/today' },
    run: async (ctx, input) => services.portfolio.today(callerOf(ctx), input, ctx.now),
  }),
];
