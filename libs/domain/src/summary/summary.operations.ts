import { defineOperation, type Operation } from '@propfolio/core';
import { SummaryInput } from './summary.inputs.js';
import { SummarySchema } from './summary.outputs.js';
import { type DomainServices } from '../services.js';
import { callerOf, KEY_READ } from '../shared/operation-flags.js';

export const summaryOperations = (services: DomainServices): Operation[] => [
  defineOperation({
    name: 'get_summary',
    title: 'Portfolio summary',
    description:
      "Start here for an overview of the caller's prop-firm portfolio: challenge counts by status; per currency, over all history up to today: spent (purchases, every billed month of a monthly plan, and every fee: reset, activation, add-on, data, other), refunded, withdrawn (paid payouts only; requested and denied ones do not count) and net = withdrawn + refunded − spent (the full cost against payouts, no currency conversion; the same figures as the totals of get_analytics with no period, firm or base currency); and the in-progress challenges with firm, plan, phase and days since purchase. `paid` (purchases only) is deprecated: use `spent`.",
    ...KEY_READ,
    input: SummaryInput,
    output: SummarySchema,
    rest: { method: 'GET', path: '/me/summary' },
    run: async (ctx) => services.summary.get(callerOf(ctx), ctx.now),
  }),
];
