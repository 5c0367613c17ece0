/** Plan fit's answers as the dashboard reads them (replay_own_plans), and the words for each breach rule. */
import type { MessageKey } from '../i18n/en.js';
import { app } from './api.js';
import type { AppAnswer } from './types.js';

/** replay_own_plans: the owner's tracked accounts replayed under the catalog's plans. */
export type PlanReplay = AppAnswer<'/app/api/me/plan-fit/replay', 'post'>;
export type PlanReplayRow = PlanReplay['plans'][number];
export type ReplayOutcome = NonNullable<PlanReplayRow['outcomes']>[number];
export type BreachRule = NonNullable<PlanReplayRow['mostFrequentBreach']>['rule'];

export const RULE_KEYS: Record<BreachRule, MessageKey> = {
  dailyLoss: 'fit.rule.dailyLoss',
  maxLoss: 'fit.rule.maxLoss',
  timeLimit: 'fit.rule.timeLimit',
  consistency: 'fit.rule.consistency',
};

/** POST /me/plan-fit/replay. */
export const replayOwnPlans = (body: Record<string, unknown>) => app.post('/me/plan-fit/replay', body);

/** fit_own_plans: forward odds of every catalog plan from the owner's tracked days. */
export type PlanFit = AppAnswer<'/app/api/me/plan-fit', 'post'>;
export type PlanFitRow = PlanFit['plans'][number];

/** POST /me/plan-fit. */
export const fitOwnPlans = (body: Record<string, unknown>) => app.post('/me/plan-fit', body);
