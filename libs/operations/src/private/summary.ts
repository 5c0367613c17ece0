import { defineOperation, type Operation } from '@propfolio/core';
import { SummaryInput, SummarySchema, type DomainServices } from '@propfolio/domain';
import { callerOf, KEY_READ } from './caller.js';

export const summaryOperations = (services: DomainServices): Operation[] => [
  defineOperation({
    name: 'get_summary',
    title: 'Portfolio summary',
    description:
      "Start here for an overview of the caller's prop-firm portfolio: challenge counts by status, total paid per currency (monthly plans count every billed month from purchase to end date or today), total withdrawn per currency (paid payouts only; requested and denied ones do not count), net per currency (withdrawn − paid, no currency conversion), and the in-progress challenges with firm, plan, phase and days since purchase.",
    ...KEY_READ,
    input: SummaryInput,
    output: SummarySchema,
    rest: { method: 'GET', path: '/me/summary' },
    run: async (ctx) => services.summary.get(callerOf(ctx), ctx.now),
  }),
];
