import { defineOperation, type Operation } from '@propfolio/core';
import { AddPayoutInput, ListPayoutsInput } from './payouts.inputs.js';
import { PayoutListSchema, PayoutSchema } from './payouts.outputs.js';
import { type DomainServices } from '../services.js';
import { callerOf, NO_DELETE, KEY_CREATE, KEY_READ } from '../shared/operation-flags.js';

export const payoutOperations = (services: DomainServices): Operation[] => [
  defineOperation({
    name: 'add_payout',
    title: 'Record a payout',
    description: `Records money withdrawn from one of the caller's challenges: amount (> 0, the net received), ISO 4217 currency and the date (not in the future, not before the purchase); optionally status (requested, paid (default) or denied with deniedReason; only paid counts as withdrawn, move it later with update_payout), grossAmount, splitPercent, method and a typed exchange rate. Returns the payout. ${NO_DELETE}`,
    ...KEY_CREATE,
    input: AddPayoutInput,
    output: PayoutSchema,
    rest: { method: 'POST', path: '/challenges/:challengeId/payouts', status: 201 },
    run: async (ctx, input) => services.payouts.add(callerOf(ctx), input, ctx.now),
  }),
  defineOperation({
    name: 'list_payouts',
    title: 'List payouts',
    description:
      "Lists the caller's payouts on or after `from` (all when left out), newest first, each with its challenge's firm and plan, plus exact totals per currency over every matching paid payout (not just this page; requested and denied ones are listed but not counted). Paginated: pass `nextCursor` back as `cursor`.",
    ...KEY_READ,
    input: ListPayoutsInput,
    output: PayoutListSchema,
    rest: { method: 'GET', path: '/payouts' },
    run: async (ctx, input) => services.payouts.list(callerOf(ctx), input),
  }),
];
