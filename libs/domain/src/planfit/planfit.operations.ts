import { defineOperation, type Operation } from '@propfolio/core';
import type { DomainServices } from '../services.js';
import { ReplayPlansInput } from './planfit.inputs.js';
import { PlanReplaySchema } from './planfit.outputs.js';

/** Plan fit: which catalog plan suits a trader's own history. Public: a history may come with the request; a key adds your own accounts. */
export const publicPlanFitOperations = (services: DomainServices): Operation[] => [
  defineOperation({
    name: 'replay_plans',
    title: 'Would I have passed: every plan',
    description:
      'Replays a history under every catalog plan, once per start date: per plan the share of starts passed, median days, commonest breach and worst start. Plans with unknown rules are listed, not ranked.',
    auth: 'public',
    readOnly: true,
    idempotent: true,
    input: ReplayPlansInput,
    output: PlanReplaySchema,
    rest: { method: 'POST', path: '/plan-fit/replay', status: 200, bodyLimitBytes: 8 * 1_048_576 },
    run: async (ctx, input) => services.planFit.replay(input, ctx),
  }),
];
