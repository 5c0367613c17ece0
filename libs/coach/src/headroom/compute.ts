/**
 * Rule headroom: how much room a challenge has left under each rule at an instant, from the end-of-day
 * reports and intraday snapshots the EA pushed. It reports what it sees (a crossed floor is "breached")
 * and never changes anything. Unknown rules are named in the reasons, never guessed.
 *
 * Which value is judged: the daily loss and the equity-based maximum loss on the lowest equity seen
 * (a snapshot's `minEquity`), else on the reports' closing equity (see walk.ts for the order of a
 * point's high and low).
 *
 * This module only orders the steps; each part of the answer has its own module. The reasons are
 * collected in the order of the answer's parts: the rules, daily loss, maximum loss, target, trading
 * days, consistency, next reset, the trade rules, then freshness.
 */
import { firmDayBoundsAt } from '../clock/firm-day.js';
import { firstBreach } from './breach.js';
import { isoUtc } from '../clock/zone.js';
import { accountNow, attemptPoints } from './attempt-points.js';
import { consistencyHeadroom } from './consistency.js';
import { dailyLossHeadroom } from './daily-loss.js';
import { freshness } from './freshness.js';
import { type HeadroomInput, openedDaysOf, readSettings } from './input.js';
import { maxLossHeadroom } from './max-loss.js';
import { nextResetHeadroom } from './next-reset.js';
import { rulesInForce } from './rules-in-force.js';
import type { Headroom, HeadroomReason } from './schema.js';
import { statusOf } from './status.js';
import { targetHeadroom } from './target.js';
import { tradingDaysHeadroom } from './trading-days.js';
import { attemptTrades, judgeTradeRules } from '../trade-rules/judge.js';
import { closedProfitByDay } from '../trade-rules/attribution.js';
import type { ParsedRollover } from '../clock/rollover.js';
import type { Decimal } from '../shared/money.js';
import type { Point } from './attempt-points.js';
import { NO_TRADE_RULES } from '../trade-rules/trades.js';
import { walkAttempt } from './walk.js';

export {
  type DayReport,
  type IntradaySnapshot,
  type HeadroomInput,
  DEFAULT_WARNING_THRESHOLD,
  DEFAULT_STALE_AFTER_HOURS,
} from './input.js';

export function computeHeadroom(input: HeadroomInput): Headroom {
  const { atMs, initial, threshold, staleAfterMs, startedOn } = readSettings(input);
  const { rules, provenance } = input.rules;
  const currency = input.account.currency;
  const reasons: HeadroomReason[] = [];
  const { daily, rollover, maxLoss } = rulesInForce(input.rules, initial, reasons);

  // Without a roll-over there is no firm day, so today is the UTC date.
  const today = rollover ? firmDayBoundsAt(atMs, rollover) : null;
  const todayName = today?.day ?? isoUtc(atMs).slice(0, 10);
  const points = attemptPoints(input.days, input.snapshots ?? [], { startedOn, today: todayName, atMs });
  const walk = walkAttempt(points, { initial, daily, rollover, maxLoss });
  const now = accountNow(points, initial);

  const dailyLoss = dailyLossHeadroom(
    {
      daily,
      rollover,
      today,
      todayName,
      initial,
      startedOn,
      points,
      equityNow: now.equity,
      breaches: walk.dailyBreaches,
      threshold,
      currency,
    },
    reasons,
  );
  const maxLossOut = maxLossHeadroom(
    {
      rule: maxLoss,
      initial,
      highWaterMark: walk.highWaterMark,
      breach: walk.maxBreach,
      rollover,
      equityNow: now.equity,
      threshold,
      currency,
    },
    reasons,
  );
  const { target, amount: targetAmount } = targetHeadroom(
    {
      targets: rules.profitTargetsPercent,
      provenance: provenance.profitTargetsPercent,
      phaseIndex: input.phaseIndex,
      initial,
      balanceNow: now.balance,
    },
    reasons,
  );
  const tradingDays = tradingDaysHeadroom(
    {
      given: input.tradingDaysDone,
      days: walk.days,
      openedDays: openedDaysOf(input.openedDays, startedOn, todayName),
      initial,
      minDays: rules.minTradingDays,
      minDaysProvenance: provenance.minTradingDays,
      timeLimit: rules.timeLimit,
      startedOn,
      today: todayName,
      targetRemaining: target.remaining,
    },
    reasons,
  );
  // One best day for the consistency rule and the trade rules: the same days, each position's parts on their own day.
  const reported = reportedProfits(points);
  const consistency = consistencyHeadroom(
    {
      rule: rules.consistency,
      provenance: provenance.consistency,
      byDay: bestDayProfits(input, reported, rules.consistency !== null && rules.consistency !== 'none', { rollover, atMs, startedOn }),
      targetAmount,
    },
    reasons,
  );
  const nextReset = nextResetHeadroom({ daily, rollover, today, initial, balanceNow: now.balance, equityNow: now.equity }, reasons);
  const tradeRules = input.trades
    ? judgeTradeRules(
        {
          trades: input.trades.items,
          truncated: input.trades.truncated,
          open: input.trades.open ?? null,
          rules: input.tradeRules ?? NO_TRADE_RULES,
          consistency: rules.consistency,
          rollover,
          initial,
          threshold,
          atMs,
          startedOn,
          reported,
        },
        reasons,
      )
    : null;
  const stale = freshness({ latest: now.latest, rollover, atMs, staleAfterMs, startedOn, today: todayName }, reasons);

  return {
    at: isoUtc(atMs),
    currency,
    dailyLoss,
    maxLoss: maxLossOut,
    target,
    tradingDays,
    consistency,
    nextReset,
    tradeRules,
    breach: firstBreach(dailyLoss.breach, maxLossOut.breach),
    stale,
    status: statusOf(reasons),
    reasons,
    warningThreshold: threshold,
  };
}

/** The reports' closed P&L by day. */
function reportedProfits(points: readonly Point[]): Map<string, Decimal> {
  const out = new Map<string, Decimal>();
  for (const p of points) if (p.kind === 'report' && p.closedPnl) out.set(p.day, p.closedPnl);
  return out;
}

/** The days a consistency rule reads: the reports, and the trades' closed parts on the days without one (read only when the rule exists). */
function bestDayProfits(
  input: HeadroomInput,
  reported: ReadonlyMap<string, Decimal>,
  needed: boolean,
  window: { rollover: ParsedRollover | null; atMs: number; startedOn: string | null },
): ReadonlyMap<string, Decimal> {
  if (!needed || !input.trades) return reported;
  const { trades, namer } = attemptTrades({ trades: input.trades.items, ...window });
  return closedProfitByDay(reported, trades, namer);
}
