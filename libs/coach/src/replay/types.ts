/**
 * What a replay takes and answers. Money in is Decimal strings in the account's currency, instants are
 * ISO 8601 with their offset, dates YYYY-MM-DD; money out is Decimal strings in the plan's account size.
 */
import type { Platform } from '../rules/variants.js';
import type { CoachRules } from '../rules/types.js';

/** One closed trade of a history day. */
export interface ReplayTrade {
  openedAt: string;
  closedAt: string;
  /** Closed profit (negative for a loss), fees included. */
  profit: string;
  /** Maximum adverse excursion: the trade's worst floating P&L while open (at most 0); null or absent when unknown. */
  mae?: string | null;
}

/** One day of the trader's own history, firm-agnostic: a UTC day with its own bounds. */
export interface ReplayHistoryDay {
  /** The UTC date, YYYY-MM-DD. */
  day: string;
  startUtc: string;
  endUtc: string;
  startBalance: string;
  startEquity: string;
  /** The day's closed P&L (the balance change from trades). */
  closedPnl: string;
  /** The day's lowest equity from snapshots; null or absent when unknown. */
  lowestEquity?: string | null;
  /** The day's closed trades; absent or null when the account has only daily figures. */
  trades?: readonly ReplayTrade[] | null;
}

export interface ReplayHistory {
  /** The account's initial balance: every P&L is replayed as a share of it. */
  initialBalance: string;
  /** Oldest first. */
  days: readonly ReplayHistoryDay[];
}

/** One plan as the catalog holds it: its default rules with their variants, its phases and account size. */
export interface ReplayPlan {
  planId: string;
  /** The plan's rules with their variants (by stage, platform and purchase date); a catalog plan's `rules` as they are. */
  rules: CoachRules;
  /** Evaluation phases (0: instant funding, the funded account only). */
  phases: number;
  /** The account size in the plan's currency; null: the history's initial balance. */
  accountSize: string | null;
  /** The platform the trader would buy it on; null: variants by platform do not apply. */
  platform?: Platform | null;
}

export interface ReplayInput {
  history: ReplayHistory;
  plans: readonly ReplayPlan[];
  /** First and last start date (YYYY-MM-DD, firm days of each plan's own clock), both included. */
  from: string;
  to: string;
  /**
   * Whose start dates are listed in `outcomes`: this plan's alone (null: no plan's); absent, every plan's. Every
   * plan's counts and summary stay. A year for every catalog plan is some 30,000 outcomes, which the CPU pool's
   * parent deserialises on its event loop in one step (hundreds of ms under load) when the caller shows one plan's.
   */
  outcomesOf?: string | null;
}

/** The rule that ended an attempt. `consistency`: a best-day rule whose breaking fails the account. */
export type ReplayBreachRule = 'dailyLoss' | 'maxLoss' | 'timeLimit' | 'consistency';

export interface ReplayBreach {
  start: string;
  outcome: 'breached';
  rule: ReplayBreachRule;
  /** The phase it happened in: 0-based, or `funded` for a plan without an evaluation. */
  phase: number | 'funded';
  /** Calendar day of the attempt (the start date is day 1) and its date (firm day). */
  day: number;
  on: string;
  /**
   * The loss that broke the rule, from the rule's own reference (daily: the day's reference level minus the
   * day's low; maximum: the high-water mark, or the initial balance when static, minus the low); null for a time
   * limit or a best-day rule.
   */
  amount: string | null;
  /** The floor crossed, in the plan's currency; null for a time limit or a best-day rule. */
  floor: string | null;
}

export type ReplayOutcome =
  { start: string; outcome: 'passed'; day: number; on: string } | ReplayBreach | { start: string; outcome: 'open' };

export interface ReplayPlanAnswer {
  planId: string;
  replayed: true;
  /** Starts replayed (firm days of the plan's clock in the range that the history covers). */
  starts: number;
  /** Starts that passed, and that breached (the rest were still open at the end of the history). */
  passed: number;
  breached: number;
  passShare: number;
  /** Median calendar days to pass over the starts that passed; null when none did. */
  medianDaysToPass: number | null;
  mostFrequentBreach: { rule: ReplayBreachRule; count: number } | null;
  /** The start that failed soonest (a larger amount breaks a tie), with its breach; null when none failed. */
  worstStart: ReplayBreach | null;
  /** Each start's outcome, in start order; empty when the input's `outcomesOf` names another plan (or null). */
  outcomes: ReplayOutcome[];
  notes: string[];
}

export interface ReplayPlanUnknown {
  planId: string;
  replayed: false;
  /** The rule parts the replay needs and the plan does not state (on some start date in the range). */
  unknownRules: string[];
}

export interface ReplayAnswer {
  /** `trades`: intraday dips and trading days from the trades (and snapshots); `days`: from daily figures only. */
  unit: 'trades' | 'days';
  plans: (ReplayPlanAnswer | ReplayPlanUnknown)[];
  notes: string[];
}
