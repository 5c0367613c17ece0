import { decimalFromText, moneyFromText, toMoney } from '../shared/money.js';
import { filtersOf } from './trade-scope.js';
import type { StatsClock } from './trade-clock.js';
import type { CurveRow, TradeDayRow } from './trades.repository.js';
import type { TradeScope } from './trades.inputs.js';
import type { TradeCalendar, TradeCurve } from './trades.outputs.js';

/**
 * get_trade_curve's answer from the curve statement's row (trades.repository.ts, readCurveRow): the equity curve by
 * trade, the distribution of results and the calendar's days, exact text to money at the answer's edge.
 */
export function tradeCurve(row: CurveRow, scope: TradeScope, clock: StatsClock): TradeCurve {
  return { filters: filtersOf(scope), clock: clock.answer, ...curveAnswer(row) };
}

const money = moneyFromText;
/** Bucket edges are quotients (140 ÷ 3): four decimals, like the stats' averages; membership is decided exactly. */
const edge = (text: string) => toMoney(decimalFromText(text).toDecimalPlaces(4));

/** The calendar's days as an answer carries them (the curve's and the calendar's own). */
export function calendarDays(rows: readonly TradeDayRow[]): TradeCalendar['days'] {
  return rows.map((d) => ({ day: d.day, net: money(d.net), count: d.count }));
}

function curveAnswer(row: CurveRow): Omit<TradeCurve, 'filters' | 'clock'> {
  const count = row.count;
  return {
    totals: {
      count,
      wins: row.wins,
      losses: row.losses,
      breakevens: count - row.wins - row.losses,
      net: row.net === null ? 0 : money(row.net),
    },
    every: row.every,
    points: (row.points ?? []).map((p) => ({
      n: p.n,
      closedAt: new Date(p.closedAt).toISOString(),
      net: money(p.net),
      drawdown: money(p.drawdown),
    })),
    maxDrawdown: row.maxDrawdown === null ? 0 : money(row.maxDrawdown),
    maxDrawdownAt: row.troughN !== null && row.maxDrawdown !== null && !decimalFromText(row.maxDrawdown).isZero() ? row.troughN : null,
    days: calendarDays(row.days ?? []),
    distribution: {
      smallest: row.smallest === null ? null : money(row.smallest),
      largest: row.largest === null ? null : money(row.largest),
      buckets: (row.buckets ?? []).map((b) => ({
        from: edge(b.from),
        to: edge(b.to),
        count: b.count,
        wins: b.wins,
        losses: b.losses,
        breakevens: b.count - b.wins - b.losses,
      })),
    },
  };
}
