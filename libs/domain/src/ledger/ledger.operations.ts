import { defineOperation, type Operation } from '@propfolio/core';
import Type from 'typebox';
import { AddCostInput } from './ledger.inputs.js';
import { CostSchema } from './ledger.outputs.js';
import { PayoutSchema } from '../payouts/payouts.outputs.js';
import { UpdatePayoutInput } from '../payouts/payout-fields.js';
import { type DomainServices } from '../services.js';
import { callerOf, NO_DELETE, KEY_CREATE, KEY_IDEMPOTENT_WRITE } from '../shared/operation-flags.js';

const PayoutUpdateSchema = Type.Object({
  payout: PayoutSchema,
  changed: Type.Array(Type.String(), { description: 'Fields whose value changed; empty when nothing did.' }),
});

export const ledgerOperations = (services: DomainServices): Operation[] => [
  defineOperation({
    name: 'add_cost',
    title: 'Record a fee or refund on a challenge',
    description: `Records a fee paid on one of the caller's challenges besides its purchase price, or a refund the firm gave back (counted as refunded, never as trading income). Failed challenges take costs too. A reset that starts a new attempt is better a create_challenge with resetOf. Returns the cost. ${NO_DELETE}`,
    ...KEY_CREATE,
    input: AddCostInput,
    output: CostSchema,
    rest: { method: 'POST', path: '/challenges/:id/costs', status: 201 },
    run: async (ctx, input) => services.ledger.addCost(callerOf(ctx), input, ctx.now),
  }),
  defineOperation({
    name: 'update_payout',
    title: 'Update a payout (status, amounts)',
    description: `Moves a payout's status (e.g. once a requested one is received, or a denial is appealed) or corrects its figures. A paid payout's status is final (409 conflict); only paid payouts count as withdrawn. Returns the payout and the fields that changed. ${NO_DELETE}`,
    ...KEY_IDEMPOTENT_WRITE,
    input: UpdatePayoutInput,
    output: PayoutUpdateSchema,
    rest: { method: 'PATCH', path: '/payouts/:id' },
    run: async (ctx, input) => services.payouts.update(callerOf(ctx), input, ctx.now),
  }),
];
