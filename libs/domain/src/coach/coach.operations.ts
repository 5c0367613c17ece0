import { defineOperation, type Operation } from '@propfolio/core';
import { ChallengeIdInput } from '../challenges/challenges.inputs.js';
import { ChallengeHeadroomSchema, ChallengeRulesSchema, ChallengeSimulationSchema, PlanSimulationSchema } from './coach.outputs.js';
import { HeadroomInput, SetChallengeRulesInput, SimulateChallengeInput, SimulatePlanInput } from './coach.inputs.js';
import type { CoachService } from './coach.service.js';
import { callerOf, KEY_LIVE_READ, KEY_READ } from '../shared/operation-flags.js';

/** The challenge coach: the rules a challenge is judged by, its room under each, and its odds of passing. */
/** The services these operations call; services.ts hands in its own (a context does not import the composition root). */
export interface CoachOperationServices {
  coach: CoachService;
}

export const coachOperations = (services: CoachOperationServices): Operation[] => [
  defineOperation({
    name: 'get_headroom',
    title: 'Rule headroom',
    description:
      'Use before a trade. Returns room left under each rule and the next daily floor, per active EA account; a crossed floor reads breached.',
    ...KEY_LIVE_READ,
    input: HeadroomInput,
    output: ChallengeHeadroomSchema,
    rest: { method: 'GET', path: '/challenges/:id/headroom' },
    run: async (ctx, input) => services.coach.headroom.forChallenge(callerOf(ctx), input, ctx.now),
  }),
  defineOperation({
    name: 'simulate_challenge',
    title: 'Challenge pass odds',
    description:
      "Returns a bought challenge's pass probability (95% interval) from where it stands, breach and time-out odds, days, attempts and fees to funding. Needs 20 traded days or dailyPnlPercent.",
    ...KEY_LIVE_READ,
    input: SimulateChallengeInput,
    output: ChallengeSimulationSchema,
    rest: { method: 'POST', path: '/challenges/:id/simulations' },
    run: async (ctx, input) => services.coach.simulations.forChallenge(callerOf(ctx), input, ctx.now),
  }),
  defineOperation({
    name: 'get_challenge_rules',
    title: 'Challenge rules',
    description: "Returns the rules in force (the plan's on the purchase date, the challenge's own on top) with sources.",
    ...KEY_READ,
    input: ChallengeIdInput,
    output: ChallengeRulesSchema,
    rest: { method: 'GET', path: '/challenges/:id/rules' },
    run: async (ctx, input) => services.coach.rules.get(callerOf(ctx), input),
  }),
  defineOperation({
    name: 'set_challenge_rules',
    title: 'Set challenge rules',
    description: "Stores the challenge's own rules over its plan's, replacing those stored. Returns the merged rules.",
    auth: 'key',
    readOnly: false,
    idempotent: true,
    input: SetChallengeRulesInput,
    output: ChallengeRulesSchema,
    rest: { method: 'PATCH', path: '/challenges/:id/rules' },
    run: async (ctx, input) => services.coach.rules.set(callerOf(ctx), input),
  }),
];

/** The coach's public side: odds of passing a plan, for a trader who has not bought it (no key needed). */
export const publicCoachOperations = (services: CoachOperationServices): Operation[] => [
  defineOperation({
    name: 'simulate_plan',
    title: 'Plan pass odds',
    description:
      'Before buying. Returns pass probability (95% interval), breach and time-out odds, days, attempts and fees of a fresh attempt at a plan or given rules.',
    auth: 'public',
    readOnly: true,
    idempotent: true,
    input: SimulatePlanInput,
    output: PlanSimulationSchema,
    rest: { method: 'POST', path: '/simulations' },
    run: async (ctx, input) => services.coach.simulations.forPlan(input, ctx.now, ctx),
  }),
];
