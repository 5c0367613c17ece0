/**
 * The coach's wire shapes as the dashboard reads them. Whatever the pure engine defines (a headroom, a
 * simulation, the rule vocabulary, a rules override) comes from @propfolio/coach; the web may not import
 * @propfolio/domain, so the few envelopes the domain adds around them are written here, thin, and named
 * after the domain schema they mirror (libs/domain/src/coach/*-schema.ts, statements/statement-schemas.ts).
 */
import type {
  EffectiveRuleValues,
  Headroom,
  RuleName,
  RuleProvenance,
  RulesOverride,
  Simulation,
  SimulationInput,
  SimulationRules,
} from '@propfolio/coach';
export { MAX_STATEMENT_BYTES } from '@propfolio/mt-statements';

export type { Headroom, Simulation, RulesOverride, RuleName, RuleProvenance };
export type HeadroomStatus = Headroom['status'];
export type HeadroomReason = Headroom['reasons'][number];

/** Mirrors ChallengeHeadroomSchema: the primary account's headroom spread at the top (all null without an active account). */
export interface ChallengeHeadroom {
  challengeId: string;
  challengeStatus: 'in_progress' | 'passed' | 'failed';
  phase: string;
  at: string;
  rules: {
    planId: string | null;
    planCheckedOn: string | null;
    planVersionInForce: boolean;
    planMissing: string | null;
    provenance: Record<RuleName, RuleProvenance>;
  };
  status: HeadroomStatus;
  accountId: string | null;
  currency: string | null;
  dailyLoss: Headroom['dailyLoss'] | null;
  maxLoss: Headroom['maxLoss'] | null;
  target: Headroom['target'] | null;
  tradingDays: Headroom['tradingDays'] | null;
  consistency: Headroom['consistency'];
  nextReset: Headroom['nextReset'] | null;
  stale: Headroom['stale'] | null;
  reasons: HeadroomReason[];
  warningThreshold: number | null;
  accounts: { account: { id: string; login: string; server: string; name: string | null; currency: string }; headroom: Headroom }[];
}

interface ByCurrency {
  currency: string;
  amount: number;
}

/** Mirrors ChallengeSimulationSchema: the engine's answer plus where it started and the ledger's own figures. */
export interface ChallengeSimulation extends Simulation {
  challengeId: string;
  currency: string;
  history: { source: 'tracked' | 'supplied'; accounts: string[] };
  start: {
    accountId: string | null;
    balancePercent: number;
    highWaterMarkPercent: number;
    daysDone: number;
    tradingDaysDone: number;
    daysLeft: number | null;
  };
  rulesProvenance: Record<RuleName, RuleProvenance>;
  realized: { attempts: number; feesPaid: ByCurrency[]; refunds: ByCurrency[] };
}

/** Mirrors ChallengeRulesSchema: the merged rules (the engine's EffectiveRuleValues), their provenance and the stored override. */
export interface ChallengeRulesView {
  challengeId: string;
  planId: string | null;
  planCheckedOn: string | null;
  planVersionInForce: boolean;
  planMissing: string | null;
  override: RulesOverride | null;
  rules: EffectiveRuleValues;
  provenance: Record<RuleName, RuleProvenance>;
}

/** Mirrors StatementImportSchema (POST /accounts/:id/statements). */
export interface StatementImport {
  accountId: string;
  dryRun: boolean;
  platform: 'mt5' | 'mt4';
  login: string;
  currency: string | null;
  serverTimeZone: string;
  rolloverKnown: boolean;
  from: string | null;
  to: string | null;
  created: number;
  updated: number;
  unchanged: number;
  days: {
    date: string;
    outcome: 'created' | 'updated' | 'unchanged';
    closedPnl: number;
    balance: number;
    deposits: number;
    withdrawals: number;
    trades: number;
    previous: { balance: number; closedPnl: number } | null;
  }[];
  skipped: { ticket: string; reason: string }[];
  warnings: string[];
}

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
 * The server's run replayed in the browser: same start, history, paths and seed, so at the server's own
 * rules and scale 1 it gives the server's figure, and any other scale or rule is a true what-if.
 */
export function whatIfInput(sim: ChallengeSimulation, rules: SimulationRules, series: number[], riskScale: number): SimulationInput {
  const { balancePercent, highWaterMarkPercent, daysDone, tradingDaysDone } = sim.start;
  return {
    state: { balancePercent, highWaterMarkPercent, daysDone, tradingDaysDone, daysLeft: null },
    horizonDays: sim.horizonDays,
    rules,
    dailyPnlPercent: series,
    method: sim.method,
    ...(sim.blockDays === null ? {} : { blockDays: sim.blockDays }),
    paths: sim.paths,
    seed: sim.seed,
    riskScale: [riskScale],
  };
}

/** The count in a 422 insufficient_history detail ("…; there are 7 on this account."), when it says one. */
export function reportedDaysIn(detail: string): number | null {
  const m = /there (?:is|are) (\d+)/.exec(detail);
  return m ? Number(m[1]) : null;
}

/** A file's bytes as base64, in chunks (String.fromCharCode on 5 MiB at once overflows the stack). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
