/**
 * What `fitPlans` takes and answers: forward odds of every plan from one daily P&L series, at the trader's
 * current risk and at the risk scale that is best for the plan, and the money past the pass where the plan's
 * payout rules are known.
 */
import type { CoachRules } from '../rules/types.js';
import type { Platform } from '../rules/variants.js';

/** One catalog plan as the catalog holds it (its rules with their variants). */
export interface FitPlan {
  planId: string;
  rules: CoachRules;
  /** Evaluation phases (0: instant funding). */
  phases: number;
  /** Account size in the plan's currency; null when the plan has none (payouts cannot be valued then). */
  accountSize: number | null;
  /** List price in the plan's currency; null when unknown (the plan cannot be ranked per unit of price). */
  price: number | null;
  /**
   * How the price is charged (the catalog's `billing`): `one_time` once per purchase (the default), `monthly` at
   * purchase and again every month the evaluation account is still open (neither passed nor breached).
   */
  billing?: 'one_time' | 'monthly';
  /** The purchase date whose rules apply (variants by purchase date), YYYY-MM-DD. */
  purchasedOn: string;
  platform?: Platform | null;
}

/** One closed trade of a history day, in % of the initial balance (method `trades`). */
export interface FitTrade {
  profitPercent: number;
  /** The trade's worst floating P&L while open (at most 0); null or absent: its loss, if it lost. */
  maePercent?: number | null;
}

export interface FitInput {
  /** The trader's daily closed P&L in % of the initial balance, oldest first (as simulateChallenge takes it). */
  dailyPnlPercent: readonly number[];
  dailyLowPercent?: readonly (number | null)[];
  /**
   * `trades`: whole days drawn with their trades (blocks of days as `block`), so each day's dip comes from its
   * trades and a plan's risk per trade is judged on every drawn trade; needs `dailyTrades`.
   */
  method?: 'block' | 'iid' | 'trades';
  /** Beside `dailyPnlPercent`: each day's closed trades in the order they opened (empty for a day without any). */
  dailyTrades?: readonly (readonly FitTrade[])[];
  blockDays?: number;
  paths?: number;
  seed?: number;
  /** Simulated days of a phase without a time limit (default 60). */
  horizonDays?: number;
  /** Calendar days the funded account is followed for payouts, counted from funding (default 180). */
  payoutHorizonDays?: number;
  plans: readonly FitPlan[];
}

export interface FitPhaseOdds {
  passProbability: number;
  passInterval: { low: number; high: number };
  /** Median simulated days to pass among passing paths; null when none pass. */
  medianDaysToPass: number | null;
}

export interface FitOdds {
  riskScale: number;
  /** Chance of passing every evaluation phase (1 for instant funding); phases are simulated one after another from fresh starts on the same draws. */
  passProbability: number;
  passInterval: { low: number; high: number };
  /** Each evaluation phase on its own; phase 1 is exactly simulate_plan's answer for the same input and seed. */
  phases: FitPhaseOdds[];
  /** Sum of the phases' median days to pass; null when a phase has no passing path. */
  daysToPass: number | null;
  /** Chance that a purchase reaches at least one payout within the horizon; null when payouts cannot be simulated. */
  payoutProbability: number | null;
  /** Expected payouts of one purchase within the horizon, plan currency; null when unknown. */
  expectedPayouts: number | null;
  /** Expected refund of the price; null when unknown. */
  expectedRefund: number | null;
  /**
   * Expected fees of one purchase: the price once (`one_time`), or the monthly price times the expected months the
   * evaluation account is open (`monthly`), plus a fee due on passing (the catalog's `deferredFee`) times the pass
   * probability; no reset is priced. Known whenever the price is, even where the payouts are not; null without a
   * price, or for a monthly plan of more than one phase.
   */
  expectedFees: number | null;
  /** expectedPayouts + expectedRefund − expectedFees; null when any of them is unknown. */
  expectedValue: number | null;
  expectedValueInterval: { low: number; high: number } | null;
}

export interface FitPlanAnswer {
  planId: string;
  /** False when rules the evaluation needs are unknown: no odds, never ranked. */
  simulated: boolean;
  unknownRules: string[];
  /** Payout rules (or funded-stage rules) the money needs and the plan does not state; empty when expectedValue is computed. */
  unknownPayoutRules: string[];
  atCurrentRisk: FitOdds | null;
  /** The scale of the searched range with the highest expected value (or pass probability when the value is unknown). */
  best: FitOdds | null;
  notes: string[];
}

export interface FitAnswer {
  paths: number;
  seed: number;
  method: 'block' | 'iid' | 'trades';
  /** The scales searched (factors on every daily P&L; 1 is the current risk). */
  scales: number[];
  /** Paths per scale in the search; the best scale is then re-run with all paths. */
  searchPaths: number;
  payoutHorizonDays: number;
  plans: FitPlanAnswer[];
  notes: string[];
}
