/**
 * The rules only trades can check, judged on the attempt's closed trades: weekend holding, hedging, the
 * loss of one trade, and the best day trade by trade. Each finding names its trades; a broken rule adds
 * a reason (so the headroom's status shows it), and nothing here changes the challenge.
 */
import { type ParsedRollover, validateRollover } from '../clock/rollover.js';
import { isoUtc } from '../clock/zone.js';
import type { EffectiveRuleValues } from '../rules/effective.js';
import { type Decimal, num, numOrNull, percentOf } from '../shared/money.js';
import type { HeadroomReason } from '../headroom/schema.js';
import { bestDayOf } from './best-day.js';
import { type FirmDayNamer, firmDayNamer } from './days.js';
import { hedges } from './hedging.js';
import { riskOfOpenPositions, riskPerTrade } from './risk.js';
import type { TradeRef, TradeRules } from './schema.js';
import { type OpenPositionFact, type PlanTradeRules, readTrades, type Trade, type TradeFact } from './trades.js';
import { weekendHolds } from './weekend.js';

/** Trades listed per finding: enough to act on, bounded so one answer stays small. */
export const MAX_LISTED = 20;

/** Days are named on UTC midnight when the plan's roll-over is unknown (the weekend is then not judged). */
const UTC_DAYS = validateRollover({ timeZone: 'UTC', time: '00:00' });

export interface TradeRulesInput {
  trades: readonly TradeFact[];
  /** True when the caller read only the newest trades. */
  truncated: boolean;
  /** The positions open at the tracker's newest snapshot by `atMs`, and that snapshot's instant; null: not known. */
  open?: { asOf: string; positions: readonly OpenPositionFact[] } | null;
  rules: PlanTradeRules;
  consistency: EffectiveRuleValues['consistency'];
  rollover: ParsedRollover | null;
  initial: Decimal;
  threshold: number;
  atMs: number;
  /** First firm day of the attempt; trades closed before it are not the attempt's. */
  startedOn: string | null;
  /** The reported days' closed P&L (end-of-day reports), which the best day takes over the trades' for those days. */
  reported?: ReadonlyMap<string, Decimal>;
}

/**
 * The attempt's trades as of `atMs`: only what had closed by then, and on or after the attempt's first day (an
 * answer about the past does not see its future), with the namer of the days they are judged on.
 */
export function attemptTrades(input: Pick<TradeRulesInput, 'trades' | 'rollover' | 'atMs' | 'startedOn'>): {
  trades: Trade[];
  days: ParsedRollover;
  namer: FirmDayNamer;
} {
  const days = input.rollover ?? UTC_DAYS;
  const namer = firmDayNamer(days);
  const trades = readTrades(input.trades).filter(
    (t) => t.closeMs <= input.atMs && (input.startedOn === null || namer.dayAt(t.closeMs) >= input.startedOn),
  );
  return { trades, days, namer };
}

const ref = (t: Trade): TradeRef => ({
  position: t.fact.position,
  symbol: t.fact.symbol,
  side: t.fact.side,
  volume: Number(t.fact.volume),
  openedAt: isoUtc(t.openMs),
  closedAt: isoUtc(t.closeMs),
  net: num(t.net),
});

export function judgeTradeRules(input: TradeRulesInput, reasons: HeadroomReason[]): TradeRules {
  const { rules, rollover, initial, threshold, atMs } = input;
  const { trades, days } = attemptTrades(input);
  if (input.truncated)
    reasons.push({
      rule: 'data',
      kind: 'info',
      code: 'data.trades_truncated',
      values: { count: input.trades.length },
      message: `Only the newest ${input.trades.length} trades were judged`,
    });

  const holds = rollover ? weekendHolds(trades, rollover) : [];
  const weekendStatus =
    rules.weekendHolding === null || !rollover ? null : rules.weekendHolding === 'banned' && holds.length > 0 ? 'breached' : 'ok';
  const [firstHold] = holds;
  if (weekendStatus === 'breached' && firstHold)
    reasons.push({
      rule: 'weekendHolding',
      kind: 'breached',
      code: 'weekendHolding.breached',
      values: {
        count: holds.length,
        position: firstHold.trade.fact.position,
        symbol: firstHold.trade.fact.symbol,
        weekendClose: isoUtc(firstHold.closeMs),
      },
      message: `${holds.length} position(s) held over the weekend, which the plan bans: first ${firstHold.trade.fact.position} (${firstHold.trade.fact.symbol}) across ${isoUtc(firstHold.closeMs)}`,
    });

  const hedged = hedges(trades, MAX_LISTED);
  const hedgeStatus = rules.hedging === null ? null : rules.hedging === 'banned' && hedged.count > 0 ? 'breached' : 'ok';
  const [firstPair] = hedged.pairs;
  if (hedgeStatus === 'breached' && firstPair)
    reasons.push({
      rule: 'hedging',
      kind: 'breached',
      code: 'hedging.breached',
      values: {
        count: hedged.count,
        symbol: firstPair.first.fact.symbol,
        positions: `${firstPair.first.fact.position}, ${firstPair.second.fact.position}`,
      },
      message: `${hedged.count} hedged pair(s), which the plan bans: first ${firstPair.first.fact.position} and ${firstPair.second.fact.position} on ${firstPair.first.fact.symbol}`,
    });

  const percent = rules.maxRiskPerTradePercent;
  const risk = percent === null ? null : riskPerTrade(trades, percent, initial, threshold);
  // Only a snapshot taken by `at` says what was open then.
  const open = input.open && Date.parse(input.open.asOf) <= atMs ? input.open : null;
  const openRisk = risk && open ? riskOfOpenPositions(open.positions, risk.limit, threshold) : [];
  const riskStatus = risk === null ? null : worstOf(risk.status, openRisk[0]?.status ?? 'ok');
  if (risk && risk.status !== 'ok') {
    const worst = risk.findings.filter((f) => f.status === risk.status);
    const [w] = worst;
    if (w)
      reasons.push({
        rule: 'maxRiskPerTrade',
        kind: risk.status,
        code: risk.status === 'breached' ? 'maxRiskPerTrade.breached' : 'maxRiskPerTrade.near_limit',
        values: {
          count: worst.length,
          position: w.trade.fact.position,
          symbol: w.trade.fact.symbol,
          loss: num(w.loss),
          limit: num(risk.limit),
          percent,
        },
        message: `${worst.length} trade(s) lost ${risk.status === 'breached' ? 'more than' : 'close to'} the plan's ${percent}% per trade (${num(risk.limit)}): worst ${w.trade.fact.position} (${w.trade.fact.symbol}) lost ${num(w.loss)}`,
      });
  }
  const [o] = openRisk;
  if (risk && o) {
    const code =
      o.status === 'breached'
        ? 'maxRiskPerTrade.open_over_limit'
        : o.lossAtStop === null
          ? 'maxRiskPerTrade.open_without_stop'
          : 'maxRiskPerTrade.open_near_limit';
    const same = openRisk.filter((f) => f.status === o.status && (f.lossAtStop === null) === (o.lossAtStop === null));
    reasons.push({
      rule: 'maxRiskPerTrade',
      kind: o.status,
      code,
      values: {
        count: same.length,
        position: o.position.position,
        symbol: o.position.symbol,
        lossAtStop: o.lossAtStop === null ? null : num(o.lossAtStop),
        limit: num(risk.limit),
        percent,
      },
      message:
        o.lossAtStop === null
          ? `${same.length} open position(s) without a stop under the plan's ${percent}% per trade (${num(risk.limit)}): first ${o.position.position} (${o.position.symbol})`
          : `${same.length} open position(s) whose stop would lose ${o.status === 'breached' ? 'more than' : 'close to'} the plan's ${percent}% per trade (${num(risk.limit)}): worst ${o.position.position} (${o.position.symbol}) would lose ${num(o.lossAtStop)}`,
    });
  }

  const best = bestDayOf(trades, days, input.reported);
  const rule =
    input.consistency !== null && input.consistency !== 'none' && input.consistency.of === 'total_profit' ? input.consistency : null;
  const share = best.total.gt(0) ? percentOf(best.profit, best.total) : null;
  let bestStatus: 'ok' | 'warning' | 'breached' | null = null;
  if (rule) {
    const over = best.day !== null && (share === null || share > rule.bestDayMaxPercent);
    const near = share !== null && share > rule.bestDayMaxPercent * (1 - threshold);
    // Past the share it is as bad as the rule's effect: only a rule that ends the attempt is a breach.
    bestStatus = over ? (rule.effect === 'fails' ? 'breached' : 'warning') : near ? 'warning' : 'ok';
  }

  return {
    tradesRead: trades.length,
    truncated: input.truncated,
    weekendHolding: {
      rule: rules.weekendHolding,
      status: weekendStatus,
      count: holds.length,
      trades: holds.slice(0, MAX_LISTED).map((h) => ({ ...ref(h.trade), weekendClose: isoUtc(h.closeMs) })),
    },
    hedging: {
      rule: rules.hedging,
      status: hedgeStatus,
      count: hedged.count,
      pairs: hedged.pairs.map((p) => [ref(p.first), ref(p.second)]),
    },
    maxRiskPerTrade: {
      percent,
      limit: numOrNull(risk?.limit ?? null),
      status: riskStatus,
      count: risk?.findings.length ?? 0,
      trades: (risk?.findings ?? []).slice(0, MAX_LISTED).map((f) => ({ ...ref(f.trade), loss: num(f.loss), status: f.status })),
      openAsOf: open ? isoUtc(Date.parse(open.asOf)) : null,
      openCount: openRisk.length,
      open: openRisk.slice(0, MAX_LISTED).map((f) => ({
        position: f.position.position,
        symbol: f.position.symbol,
        side: f.position.side,
        volume: Number(f.position.volume),
        openedAt: isoUtc(Date.parse(f.position.openedAt)),
        stopLoss: f.position.stopLoss === null ? null : Number(f.position.stopLoss),
        lossAtStop: f.lossAtStop === null ? null : num(f.lossAtStop),
        status: f.status,
      })),
    },
    bestDay: {
      day: best.day,
      profit: num(best.profit),
      totalProfit: num(best.total),
      sharePercent: share,
      maxPercent: rule?.bestDayMaxPercent ?? null,
      status: bestStatus,
      trades: best.trades.slice(0, MAX_LISTED).map(ref),
    },
  };
}

const SEVERITY = { ok: 0, warning: 1, breached: 2 } as const;
const worstOf = (a: keyof typeof SEVERITY, b: keyof typeof SEVERITY) => (SEVERITY[a] >= SEVERITY[b] ? a : b);
