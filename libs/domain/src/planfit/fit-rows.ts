/**
 * fit_plans' pure parts: the daily series a history stands for, how plans are shared between CPU jobs, the
 * answer's rows with amounts in each plan's currency, and the ranking. No database, no clock.
 */
import {
  effectiveRules,
  rulesInContext,
  stageOf,
  type FitOdds,
  type FitPlanAnswer,
  type FitTrade,
  type ReplayHistory,
} from '@propfolio/coach';
import Decimal from 'decimal.js';
import type { PlanVersion } from '../coach/challenge-rules.js';
import type { PlanFit, PlanFitRow } from './planfit.outputs.js';

/**
 * The traded days of a history as the simulation draws them: each day's close and intraday low in percent of
 * the initial balance, and its closed trades in the order they opened (`trades`: null when a day that moved has
 * none, so the history can only be drawn by days). A day with no closed P&L and no trades is not a trading day
 * (a weekend, a deposit).
 */
export function seriesOf(history: ReplayHistory): { series: number[]; lows: (number | null)[]; trades: FitTrade[][] | null } {
  const initial = new Decimal(history.initialBalance);
  const pct = (value: Decimal | string) => new Decimal(value).div(initial).times(100).toNumber();
  const series: number[] = [];
  const lows: (number | null)[] = [];
  let trades: FitTrade[][] | null = [];
  for (const day of history.days) {
    const closed = new Decimal(day.closedPnl);
    if (closed.isZero() && (day.trades?.length ?? 0) === 0) continue;
    const close = pct(closed);
    series.push(close);
    lows.push(day.lowestEquity == null ? null : Math.min(0, close, pct(new Decimal(day.lowestEquity).minus(day.startEquity))));
    if (day.trades == null && !closed.isZero()) trades = null;
    trades?.push(
      [...(day.trades ?? [])]
        .sort((a, b) => Date.parse(a.openedAt) - Date.parse(b.openedAt))
        .map((t) => ({ profitPercent: pct(t.profit), maePercent: t.mae == null ? null : pct(t.mae) })),
    );
  }
  return { series, lows, trades: trades !== null && trades.some((d) => d.length > 0) ? trades : null };
}

/** Plans in `jobs` groups of about equal size, a firm's plans together (they share their runs). */
export function shareOut<T extends { firm: string }>(plans: readonly T[], jobs: number): T[][] {
  const byFirm = new Map<string, T[]>();
  for (const p of plans) byFirm.set(p.firm, [...(byFirm.get(p.firm) ?? []), p]);
  const groups = Array.from({ length: Math.max(1, jobs) }, (): T[] => []);
  for (const firm of [...byFirm.values()].sort((a, b) => b.length - a.length)) {
    const smallest = groups.reduce((min, g) => (g.length < min.length ? g : min));
    smallest.push(...firm);
  }
  return groups.filter((g) => g.length > 0);
}

/** Decimals an amount in `currency` is shown with (JPY 0, USD 2). */
function digitsOf(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

function oddsIn(odds: FitOdds | null, currency: string): FitOdds | null {
  if (odds === null) return null;
  const factor = 10 ** digitsOf(currency);
  const round = (x: number | null) => (x === null ? null : Math.round(x * factor) / factor);
  return {
    ...odds,
    expectedPayouts: round(odds.expectedPayouts),
    expectedRefund: round(odds.expectedRefund),
    expectedFees: round(odds.expectedFees),
    expectedValue: round(odds.expectedValue),
    expectedValueInterval: odds.expectedValueInterval && {
      low: round(odds.expectedValueInterval.low) ?? 0,
      high: round(odds.expectedValueInterval.high) ?? 0,
    },
  };
}

/** Where each rule of the plan's first stage comes from, as the catalog cites it. */
function rulesSources(v: PlanVersion, purchasedOn: string): PlanFitRow['rulesSources'] {
  const rules = rulesInContext(v.rules, { stage: stageOf(v.phases === 0 ? 'funded' : 0), platform: null, purchasedOn });
  const { provenance } = effectiveRules(rules, null, { planId: v.planId, checkedOn: v.checkedOn });
  return Object.entries(provenance).map(([rule, p]) => ({ rule, source: p.cited?.url ?? null, kind: p.cited?.kind ?? null }));
}

/** The plan's own columns, as every plan-fit row (replay and forward odds) starts. */
export function planColumns(v: PlanVersion) {
  return {
    planId: v.planId,
    firm: v.firm,
    program: v.program,
    phases: v.phases,
    accountSize: v.accountSize,
    currency: v.currency,
    price: v.price,
    planCheckedOn: v.checkedOn,
    planStale: v.stale,
  };
}

export function fitRow(v: PlanVersion, answer: FitPlanAnswer, purchasedOn: string): PlanFitRow {
  return {
    ...planColumns(v),
    rulesSources: rulesSources(v, purchasedOn),
    rank: null,
    rankAtBestScale: null,
    simulated: answer.simulated,
    unknownRules: answer.unknownRules,
    unknownPayoutRules: answer.unknownPayoutRules,
    atCurrentRisk: oddsIn(answer.atCurrentRisk, v.currency),
    best: oddsIn(answer.best, v.currency),
    notes: answer.notes,
  };
}

const rankable = (r: PlanFitRow): boolean => r.simulated && r.atCurrentRisk !== null && r.price !== null && r.price > 0;

/**
 * Ranks the rows in place and sorts them: by expected value per unit of price when every rankable plan has one,
 * else by pass probability per unit of price (the answer says which). A plan with unknown rules or no price is
 * never ranked.
 */
export function rankRows(rows: PlanFitRow[]): PlanFit['rankedBy'] {
  const ranked = rows.filter(rankable);
  const byValue = ranked.length > 0 && ranked.every((r) => r.atCurrentRisk?.expectedValue != null && r.best?.expectedValue != null);
  const score = (odds: FitOdds | null, price: number | null) =>
    (byValue ? (odds?.expectedValue ?? 0) : (odds?.passProbability ?? 0)) / (price ?? 1);
  const order = (pick: (r: PlanFitRow) => FitOdds | null) => (a: PlanFitRow, b: PlanFitRow) =>
    score(pick(b), b.price) - score(pick(a), a.price) || (a.price ?? 0) - (b.price ?? 0) || a.planId.localeCompare(b.planId);
  [...ranked].sort(order((r) => r.best)).forEach((r, i) => (r.rankAtBestScale = i + 1));
  ranked.sort(order((r) => r.atCurrentRisk)).forEach((r, i) => (r.rank = i + 1));
  rows.sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity) || a.planId.localeCompare(b.planId));
  return byValue ? 'expectedValuePerPrice' : 'passProbabilityPerPrice';
}
