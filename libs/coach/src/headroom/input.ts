/**
 * What a caller gives `computeHeadroom`, and the checks on the settings every part of the answer uses.
 * The data points and the rules are read by their own modules (attempt-points, rules-in-force).
 */
import { parseDate } from '../shared/calendar.js';
import { CoachInputError } from '../shared/errors.js';
import { type Decimal, money } from '../shared/money.js';
import type { EffectiveRules } from '../rules/effective.js';
import type { OpenPositionFact, PlanTradeRules, TradeFact } from '../trade-rules/trades.js';

/** End-of-day report of one firm day: balance and equity at the roll-over, and the day's closed P&L. */
export interface DayReport {
  day: string;
  balance: string;
  equity: string;
  closedPnl: string;
}

/** Intraday snapshot: balance and equity at `at`, with the lowest and highest equity since the roll-over. */
export interface IntradaySnapshot {
  day: string;
  at: string | Date;
  balance: string;
  equity: string;
  minEquity: string;
  maxEquity: string;
  /** When `minEquity` was seen (the tracker's instant of the day's low); absent: `at`. */
  minEquityAt?: string | Date | null;
}

export interface HeadroomInput {
  at: Date;
  rules: EffectiveRules;
  /** 0-based index into `profitTargetsPercent`; null when funded or unknown. */
  phaseIndex: number | null;
  account: { currency: string; initialBalance: string };
  /** End-of-day reports, one per firm day. */
  days: readonly DayReport[];
  snapshots?: readonly IntradaySnapshot[];
  /** First firm day of the attempt (YYYY-MM-DD); data before it is ignored. */
  startedOn: string | null;
  /** Trading days done, when the caller knows them; else counted from the data. */
  tradingDaysDone?: number | null;
  /**
   * Firm days (YYYY-MM-DD) on which a position was opened, from the account's trades, when the caller has
   * them: a rule that counts opening days (FTMO) is then counted from them, else from closed P&L.
   */
  openedDays?: readonly string[] | null;
  /**
   * The account's closed trades, when the caller has them, for the rules only trades can check (weekend
   * holding, hedging, risk per trade, the best day trade by trade); `truncated` when only the newest were read.
   * Absent or null: `tradeRules` is null.
   */
  trades?: {
    items: readonly TradeFact[];
    truncated: boolean;
    /** The open positions of the tracker's newest snapshot and its instant, when it sent them (risk at the stop). */
    open?: { asOf: string; positions: readonly OpenPositionFact[] } | null;
  } | null;
  /** The plan's trade rules (see `planTradeRules`); absent: all unknown. */
  tradeRules?: PlanTradeRules | null;
  /** Fraction of a limit below which the status is `warning` (default 0.25). */
  warningThreshold?: number;
  /** Hours after which the newest data counts as stale (default 24). */
  staleAfterHours?: number;
}

export const DEFAULT_WARNING_THRESHOLD = 0.25;
export const DEFAULT_STALE_AFTER_HOURS = 24;

/** The checked settings of one computation. */
export interface Settings {
  atMs: number;
  initial: Decimal;
  /** Fraction of a limit below which a rule warns. */
  threshold: number;
  staleAfterMs: number;
  startedOn: string | null;
}

export function checkDay(day: string, field: string): string {
  if (!parseDate(day)) throw new CoachInputError(`${field}: "${day}" is not a calendar date written YYYY-MM-DD`, field);
  return day;
}

/** Checks the settings in the order a caller learns of a mistake: the instant first, the first day last. */
export function readSettings(input: HeadroomInput): Settings {
  const atMs = input.at.getTime();
  if (!Number.isFinite(atMs)) throw new CoachInputError('at: not a valid date', 'at');
  const initial = money(input.account.initialBalance, 'account.initialBalance');
  if (initial.lte(0)) throw new CoachInputError('account.initialBalance: must be above 0', 'account.initialBalance');
  const threshold = input.warningThreshold ?? DEFAULT_WARNING_THRESHOLD;
  if (!(threshold >= 0 && threshold <= 1))
    throw new CoachInputError('warningThreshold: must be a fraction from 0 to 1', 'warningThreshold');
  const staleAfterMs = (input.staleAfterHours ?? DEFAULT_STALE_AFTER_HOURS) * 3_600_000;
  const startedOn = input.startedOn === null ? null : checkDay(input.startedOn, 'startedOn');
  return { atMs, initial, threshold, staleAfterMs, startedOn };
}

/** The opening days that fall in the attempt (its first day to today), each checked; null when not given. */
export function openedDaysOf(days: HeadroomInput['openedDays'], startedOn: string | null, today: string): ReadonlySet<string> | null {
  if (days == null) return null;
  const inAttempt = days.map((d, i) => checkDay(d, `openedDays[${i}]`)).filter((d) => (startedOn === null || d >= startedOn) && d <= today);
  return new Set(inAttempt);
}
