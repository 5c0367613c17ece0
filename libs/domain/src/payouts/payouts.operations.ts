import { defineOperation, type Operation } from '@propfolio/core';
import { AddPayoutInput, ListPayoutsInput } from './payouts.inputs.js';
import { PayoutListSchema, PayoutSchema } from './payouts.outputs.js';
import type { PayoutService } from './payouts.service.js';
import { callerOf, KEY_CREATE, KEY_READ } from '../shared/operation-flags.js';

/** The services these operations call; services.ts hands in its own (a context does not import the composition root). */
export interface PayoutsOperationServices {
  payouts: PayoutService;
}

export const payoutOperations = (services: PayoutsOperationServices): Operation[] => [
  defineOperation({
    name: 'add_payout',
    title: 'Record a payout',
    description: 'Records a payout, received or requested. Returns it; to change it later: update_payout.',
    ...KEY_CREATE,
    input: AddPayoutInput,
    output: PayoutSchema,
    rest: { method: 'POST', path: '/challenges/:challengeId/payouts', status: 201 },
    run: async (ctx, input) => services.payouts.add(callerOf(ctx), input, ctx.now),
  }),
  defineOperation({
    name: 'list_payouts',
    title: 'List payouts',
    description: 'Lists your payouts, newest first, with firm, plan and paid totals per currency (all pages).',
    ...KEY_READ,
    input: ListPayoutsInput,
    output: PayoutListSchema,
    rest: { method: 'GET', path: '/payouts' },
    run: async (ctx, input) => services.payouts.list(callerOf(ctx), input),
  }),
];
