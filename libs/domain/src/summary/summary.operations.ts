import { defineOperation, type Operation } from '@propfolio/core';
import { SummaryInput } from './summary.inputs.js';
import { SummarySchema } from './summary.outputs.js';
import type { SummaryService } from './summary.service.js';
import { callerOf, KEY_READ } from '../shared/operation-flags.js';

/** The services these operations call; services.ts hands in its own (a context does not import the composition root). */
export interface SummaryOperationServices {
  summary: SummaryService;
}

export const summaryOperations = (services: SummaryOperationServices): Operation[] => [
  defineOperation({
    name: 'get_summary',
    title: 'Portfolio summary',
    description:
      'Start here. Returns challenge counts by status, the in-progress ones, and all-time spent, refunded, withdrawn and net per currency, unconverted.',
    ...KEY_READ,
    input: SummaryInput,
    output: SummarySchema,
    rest: { method: 'GET', path: '/me/summary' },
    run: async (ctx) => services.summary.get(callerOf(ctx), ctx.now),
  }),
];
