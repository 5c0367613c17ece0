import { defineOperation, type Operation } from '@propfolio/core';
import type { PlanFitService } from './planfit.service.js';
import { FitPlansInput, ReplayPlansInput } from './planfit.inputs.js';
import { PlanFitSchema, PlanReplaySchema } from './planfit.outputs.js';

/** A replay's whole history may come with the request: up to 5,000 days with their trades. */
const REPLAY_BODY_LIMIT = 8 * 1_048_576;

/** Plan fit: which catalog plan suits a trader's own history. Public: a history may come with the request; a key adds your own accounts. */
/** The services these operations call; services.ts hands in its own (a context does not import the composition root). */
export interface PlanfitOperationServices {
  planFit: PlanFitService;
}

export const publicPlanFitOperations = (services: PlanfitOperationServices): Operation[] => [
  defineOperation({
    name: 'replay_plans',
    title: 'Replay every plan',
    description:
      'Replays a history under every catalog plan from each start date. Returns per plan the share passed, median days, commonest breach, worst start.',
    auth: 'public',
    readOnly: true,
    idempotent: true,
    input: ReplayPlansInput,
    output: PlanReplaySchema,
    rest: { method: 'POST', path: '/plan-fit/replay', status: 200, bodyLimitBytes: REPLAY_BODY_LIMIT },
    run: async (ctx, input) => services.planFit.replay(input, ctx),
  }),
  defineOperation({
    name: 'fit_plans',
    title: 'Plan odds',
    description:
      'Returns each plan’s pass odds from your daily P&L at your risk and best risk scale, and expected money where payouts are known, ranked per price.',
    auth: 'public',
    readOnly: true,
    idempotent: true,
    input: FitPlansInput,
    output: PlanFitSchema,
    rest: { method: 'POST', path: '/plan-fit', status: 200, bodyLimitBytes: REPLAY_BODY_LIMIT },
    run: async (ctx, input) => services.planFit.fit(input, ctx),
  }),
];

/**
 * The same replay behind a key, for the web dashboard (whose session reaches key operations only): replay_plans
 * already answers a key's caller over REST and MCP, so this one is no MCP tool.
 */
export const planFitOperations = (services: PlanfitOperationServices): Operation[] => [
  defineOperation({
    name: 'replay_own_plans',
    title: 'Would I have passed: my accounts',
    description: 'Returns replay_plans for the signed-in owner’s tracked accounts (the dashboard’s Plan fit page).',
    auth: 'key',
    readOnly: true,
    idempotent: true,
    mcp: false,
    input: ReplayPlansInput,
    output: PlanReplaySchema,
    rest: { method: 'POST', path: '/me/plan-fit/replay', status: 200, bodyLimitBytes: REPLAY_BODY_LIMIT },
    run: async (ctx, input) => services.planFit.replay(input, ctx),
  }),
  defineOperation({
    name: 'fit_own_plans',
    title: 'Forward odds: my accounts',
    description: 'Returns fit_plans for the signed-in owner’s tracked accounts (the dashboard’s Plan fit page).',
    auth: 'key',
    readOnly: true,
    idempotent: true,
    mcp: false,
    input: FitPlansInput,
    output: PlanFitSchema,
    rest: { method: 'POST', path: '/me/plan-fit', status: 200, bodyLimitBytes: REPLAY_BODY_LIMIT },
    run: async (ctx, input) => services.planFit.fit(input, ctx),
  }),
];
