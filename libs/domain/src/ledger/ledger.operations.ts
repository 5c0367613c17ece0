import { defineOperation, type Operation } from '@propfolio/core';
import Type from 'typebox';
import { AddCostInput } from './ledger.inputs.js';
import { CostSchema } from './ledger.outputs.js';
import { PayoutSchema } from '../payouts/payouts.outputs.js';
import { UpdatePayoutInput } from '../payouts/payout-fields.js';
import type { PayoutService } from '../payouts/payouts.service.js';
import type { LedgerService } from './ledger.service.js';
import { callerOf, KEY_CREATE, KEY_IDEMPOTENT_WRITE } from '../shared/operation-flags.js';

const PayoutUpdateSchema = Type.Object({
  payout: PayoutSchema,
  changed: Type.Array(Type.String(), { description: 'Fields whose value changed; empty when nothing did.' }),
});

/** The services these operations call; services.ts hands in its own (a context does not import the composition root). */
export interface LedgerOperationServices {
  ledger: LedgerService;
  payouts: PayoutService;
}

export const ledgerOperations = (services: LedgerOperationServices): Operation[] => [
  defineOperation({
    name: 'add_cost',
    title: 'Record a fee or refund',
    description:
      "Records a fee on a challenge besides its price, or a firm's refund (not income); resets: create_challenge with resetOf. Returns it.",
    ...KEY_CREATE,
    input: AddCostInput,
    output: CostSchema,
    rest: { method: 'POST', path: '/challenges/:id/costs', status: 201 },
    run: async (ctx, input) => services.ledger.addCost(callerOf(ctx), input, ctx.now),
  }),
  defineOperation({
    name: 'update_payout',
    title: 'Update a payout',
    description: "Moves a payout's status (requested to paid, a denial appealed) or corrects it; paid is final. Returns it.",
    ...KEY_IDEMPOTENT_WRITE,
    input: UpdatePayoutInput,
    output: PayoutUpdateSchema,
    rest: { method: 'PATCH', path: '/payouts/:id' },
    run: async (ctx, input) => services.payouts.update(callerOf(ctx), input, ctx.now),
  }),
];
