import { defineOperation, type Operation } from '@propfolio/core';
import { PlanSimulationSchema, SimulatePlanInput, type DomainServices } from '@propfolio/domain';

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
