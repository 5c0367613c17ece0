/**
 * The coach's answers as the dashboard reads them: aliases of the types generated from the committed
 * OpenAPI document of /app/api (see types.ts). The browser's own what-if runs the pure engine
 * (@propfolio/coach), so its input types come from there.
 */
import type { RuleName, RulesOverride, SimulationInput, SimulationRules } from '@propfolio/coach';
import { app } from './api.js';
import type { AppAnswer } from './types.js';
export { MAX_STATEMENT_BYTES } from '@propfolio/mt-statements';

export type { RulesOverride, RuleName };
/** One account's headroom, as get_headroom lists it per account. */
export type Headroom = ChallengeHeadroom['accounts'][number]['headroom'];
export type HeadroomStatus = Headroom['status'];
export type HeadroomReason = Headroom['reasons'][number];

/** get_headroom: the primary account's headroom spread at the top (all null without an active account). */
export type ChallengeHeadroom = AppAnswer<'/app/api/challenges/{id}/headroom', 'get'>;
/** simulate_challenge: the engine's answer plus where it started and the ledger's own figures. */
export type ChallengeSimulation = AppAnswer<'/app/api/challenges/{id}/simulations', 'post'>;
/** get_challenge_rules: the merged rules, their provenance and the stored override. */
export type ChallengeRulesView = AppAnswer<'/app/api/challenges/{id}/rules', 'get'>;

/** GET /challenges/:id/rules. */
export const getChallengeRules = (challengeId: string) => app.get(`/challenges/${challengeId}/rules`);
/** PATCH /challenges/:id/rules: store an override (null drops it); answers the same view as the GET. */
export const setChallengeRules = (challengeId: string, rules: RulesOverride | null) =>
  app.patch(`/challenges/${challengeId}/rules`, { rules });
/** import_statement (POST /accounts/{id}/statements). */
export type StatementImport = AppAnswer<'/app/api/accounts/{id}/statements', 'post'>;

export const RISK_SCALES = [0.25, 0.5, 1, 1.5, 2] as const;
export const RULE_NAMES: readonly RuleName[] = [
  'profitTargetsPercent',
  'dailyLoss',
  'maxLoss',
  'minTradingDays',
  'timeLimit',
  'consistency',
];

/** The broker clocks a statement may be written in (the server's default first). */
export const SERVER_TIME_ZONES = ['GMT+2/+3', 'UTC+02:00', 'UTC+03:00', 'UTC'] as const;

/**
 * The server's run replayed in the browser: same start (equity, today's floor, floating P&L, days), the same
 * days with their intraday lows, paths and seed, so at the server's own rules and scale 1 it gives the
 * server's figure, and any other scale or rule is a true what-if.
 */
export function whatIfInput(sim: ChallengeSimulation, rules: SimulationRules, riskScale: number): SimulationInput {
  const { accountId: _accountId, ...state } = sim.start;
  return {
    state,
    horizonDays: sim.horizonDays,
    rules,
    dailyPnlPercent: sim.history.dailyPnlPercent,
    dailyLowPercent: sim.history.dailyLowPercent,
    method: sim.method,
    ...(sim.blockDays === null ? {} : { blockDays: sim.blockDays }),
    paths: sim.paths,
    seed: sim.seed,
    riskScale: [riskScale],
    // A what-if after a breach is still the breach: no rule tweak brings back odds (read loosely: older answers lack it).
    breach: (sim as { breach?: SimulationInput['breach'] }).breach ?? null,
  };
}

/** A file's bytes as base64, in chunks (String.fromCharCode on 5 MiB at once overflows the stack). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
