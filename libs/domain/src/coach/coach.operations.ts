import { defineOperation, type Operation } from '@propfolio/core';
import { ChallengeHeadroomSchema } from './headroom-schema.js';
import { ChallengeIdInput } from '../challenges/challenges.inputs.js';
import { ChallengeRulesSchema } from './coach.outputs.js';
import { ChallengeSimulationSchema, PlanSimulationSchema } from './simulation-schema.js';
import { HeadroomInput, SetChallengeRulesInput, SimulateChallengeInput, SimulatePlanInput } from './coach.inputs.js';
import { type DomainServices } from '../services.js';
import { callerOf, KEY_READ } from '../shared/operation-flags.js';

/** Reads that depend on the clock as well as the records: never kept in the answer cache. */
const KEY_LIVE_READ = { auth: 'key', readOnly: true, idempotent: true } as const;

/** The challenge coach: the rules a challenge is judged by, its room under each, and its odds of passing. */
export const coachOperations = (services: DomainServices): Operation[] => [
  defineOperation({
    name: 'get_headroom',
    title: 'Rule headroom of a challenge',
    description:
      "How much room a challenge has left under each rule, now or at `at`: the firm day's daily-loss floor and what is left of it, the maximum-loss floor (static or trailing, with its lock), the current phase's target, trading days and time left, the best-day rule, and what the daily floor will be after the next roll-over if open positions stay. Judged on the tracked reports and intraday equity of each active EA account, in the account's currency, with the rules in force on the purchase date (the challenge's own rules first). `status` is ok, warning, breached (a floor was crossed: reported, never recorded) or unknown (a rule is missing: `reasons` says which). Use it before a trade.",
    ...KEY_LIVE_READ,
    input: HeadroomInput,
    output: ChallengeHeadroomSchema,
    rest: { method: 'GET', path: '/challenges/:id/headroom' },
    run: async (ctx, input) => services.headroom.forChallenge(callerOf(ctx), input, ctx.now),
  }),
  defineOperation({
    name: 'simulate_challenge',
    title: 'Pass probability of a challenge',
    description:
      "Simulates the rest of a challenge from where it stands (balance, floors, days done and left) by resampling the trader's own reported days (or a supplied `dailyPnlPercent` series): the probability of passing with its 95% interval, of breaching the daily or maximum loss, of running out of time, the days to pass, the expected attempts and fees to a funded account, beside the fees already paid. `riskScale` answers the same for P&L scaled by each factor (e.g. 0.5 = half the risk). Needs 20 reported days unless a series is supplied (422 insufficient_history says how many there are). Reproducible with `seed`.",
    ...KEY_LIVE_READ,
    input: SimulateChallengeInput,
    output: ChallengeSimulationSchema,
    rest: { method: 'POST', path: '/challenges/:id/simulations' },
    run: async (ctx, input) => services.simulations.forChallenge(callerOf(ctx), input, ctx.now),
  }),
  defineOperation({
    name: 'get_challenge_rules',
    title: 'Rules a challenge is judged by',
    description:
      "The rules the coach applies to a challenge: the linked plan's rules as they were on the purchase date (named by their checked-on date) with the challenge's own rules on top, each rule saying where it came from, and the challenge's own rules as stored.",
    ...KEY_READ,
    input: ChallengeIdInput,
    output: ChallengeRulesSchema,
    rest: { method: 'GET', path: '/challenges/:id/rules' },
    run: async (ctx, input) => services.challengeRules.get(callerOf(ctx), input),
  }),
  defineOperation({
    name: 'set_challenge_rules',
    title: 'Set a challenge’s own rules',
    description:
      "Stores the challenge's own rules, which win over its plan's: for a plan not in the catalog, or a firm that changed a rule. Replaces what was stored; `null` clears it. Returns the merged rules as get_challenge_rules does.",
    auth: 'key',
    readOnly: false,
    idempotent: true,
    input: SetChallengeRulesInput,
    output: ChallengeRulesSchema,
    rest: { method: 'PATCH', path: '/challenges/:id/rules' },
    run: async (ctx, input) => services.challengeRules.set(callerOf(ctx), input),
  }),
];

/** The coach's public side: odds of passing a plan, for a trader who has not bought it (no key needed). */
export const publicCoachOperations = (services: DomainServices): Operation[] => [
  defineOperation({
    name: 'simulate_plan',
    title: 'Pass probability of a plan',
    description:
      'Before buying: simulates a fresh attempt at a catalog plan (`planId`, its rules as of `purchasedOn`) or at rules you give (`rules`, or both to correct a plan) by resampling a daily P&L series you supply (`dailyPnlPercent`, each day as a percent of the initial balance). Answers the probability of passing with its 95% interval, of breaching the daily or maximum loss, of running out of time, the days to pass, and the expected attempts and fees from the plan’s list price. `riskScale` answers the same for scaled P&L. Reproducible with `seed`.',
    auth: 'public',
    readOnly: true,
    idempotent: true,
    input: SimulatePlanInput,
    output: PlanSimulationSchema,
    rest: { method: 'POST', path: '/simulations' },
    run: async (ctx, input) => services.simulations.forPlan(input, ctx.now),
  }),
];
