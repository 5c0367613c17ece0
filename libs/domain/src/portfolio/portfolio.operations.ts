import { defineOperation, type Operation } from '@propfolio/core';
import { PortfolioTodayInput } from './portfolio.inputs.js';
import { PortfolioTodaySchema } from './portfolio.outputs.js';
import { type DomainServices } from '../services.js';
import { callerOf, KEY_LIVE_READ } from '../shared/operation-flags.js';

/** Today across every account of the caller. */
export const portfolioOperations = (services: DomainServices): Operation[] => [
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
