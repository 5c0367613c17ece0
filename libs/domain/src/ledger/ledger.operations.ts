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
    description: `Records money paid or given back on one of the caller's challenges besides its purchase price: kind is reset_fee, activation_fee, addon, data_fee or other (counted as spent) or refund (a cost recovery, counted as refunded, never as income from trading); amount > 0, ISO 4217 currency, date (not in the future, not before the purchase), optional note and a typed exchange rate (fxRate into fxCurrency). A reset that starts a new attempt is better recorded with create_challenge and resetOf. Failed challenges take costs too. ${NO_DELETE}`,
    ...KEY_CREATE,
    input: AddCostInput,
    output: CostSchema,
    rest: { method: 'POST', path: '/challenges/:id/costs', status: 201 },
    run: async (ctx, input) => services.ledger.addCost(callerOf(ctx), input, ctx.now),
  }),
  defineOperation({
    name: 'update_payout',
    title: 'Update a payout (status, amounts)',
    description: `Moves a payout's status or corrects it: status requested → paid or denied (deniedReason required), denied → requested or paid (an appeal); a paid payout stays paid (409 conflict). Only paid payouts count as withdrawn. Also corrects amount (net received), date, grossAmount, splitPercent, method and the typed rate. Returns the payout and the fields that changed. ${NO_DELETE}`,
    ...KEY_IDEMPOTENT_WRITE,
    input: UpdatePayoutInput,
    output: PayoutUpdateSchema,
    rest: { method: 'PATCH', path: '/payouts/:id' },
    run: async (ctx, input) => services.ledger.updatePayout(callerOf(ctx), input, ctx.now),
  }),
];
